import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ABA_RECORD_LENGTH } from '@listwise/domain/aba-file';
import { calendarDateIn, LISTWISE_TIME_ZONE } from '@listwise/domain/time-zones';
import { sellerProfiles } from '../../db/schema/accounts.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { cashbackClaims, cashbackPayoutBatchClaims, propertySales } from '../../db/schema/sales.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, PASSWORD } from '../../test/factories.ts';
import { createAgent } from '../appraisals/test-factories.ts';
import { setSetting } from '../settings/settings.service.ts';
import { lodgementReferenceOf } from '../sales/cashback-payouts.ts';
import { BANK, CONFIRM, createAppraisedProperty, SOLD } from '../sales/test-factories.ts';

/**
 * Issue 14, 'payouts operators can make': the payable cashback claims downloaded from the console as an ABA
 * (Direct Entry) file or CSV after re-entering the password, each download audit-logged with its claims.
 */

const sha256 = (content: string) => crypto.createHash('sha256').update(content, 'utf8').digest('hex');

let server: TestServer;
beforeAll(async () => {
  // A low limit so the rate-limit case stays short.
  server = await startTestServer({ RATE_LIMIT_MAX: '3' });
});
afterAll(() => server?.stop());

const DOWNLOAD = `mutation($password: String!, $format: PayoutFileFormat!) {
  downloadCashbackPayouts(password: $password, format: $format) { id format fileName contentType content claimCount claimIds total checksum }
}`;
type PayoutFile = {
  id: string;
  format: string;
  fileName: string;
  contentType: string;
  content: string;
  claimCount: number;
  claimIds: string[];
  total: number;
  checksum: string;
};

/** A sale reported with bank details and confirmed by the agent: its claim is PAYABLE. Returns the claim id. */
async function payableClaim(bank: Partial<Record<keyof typeof BANK, string>> = {}) {
  const scenario = await createAppraisedProperty(server, { appraisers: 1 });
  const sold = await server.gql(
    SOLD,
    { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...BANK, ...bank },
    scenario.seller.token,
  );
  expect(sold.errors).toBeUndefined();
  const sale = (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) }))!;
  const confirmed = await server.gql(
    CONFIRM,
    { id: sale.id, salePrice: 900_000, contractDate: '2026-10-01' },
    scenario.appraisers[0]!.token,
  );
  expect(confirmed.errors).toBeUndefined();
  return (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.propertySaleId, sale.id) }))!.id;
}

/** Only the claims a test makes are payable: earlier ones are marked paid directly. */
beforeEach(async () => {
  await server.deps.db.update(cashbackClaims).set({ status: 'PAID' }).where(eq(cashbackClaims.status, 'PAYABLE'));
});

describe('downloadCashbackPayouts', () => {
  it('writes the payable claims as an ABA file: 120-character records, CRLF, totals and count right', async () => {
    const first = await payableClaim();
    await setSetting(server.deps.db, 'staticCashbackAmountCents', 123_450);
    const second = await payableClaim({ accountName: "Sam O'Neil", bsb: '032-001', accountNumber: '12345' });
    await setSetting(server.deps.db, 'staticCashbackAmountCents', 50_000);
    const admin = await createAdmin(server);

    const result = await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token);
    expect(result.errors).toBeUndefined();
    const file = result.data!.downloadCashbackPayouts;
    expect(file).toMatchObject({ format: 'ABA', contentType: 'text/plain', claimCount: 2, total: 1734.5 });
    expect(file.fileName).toBe(`listwise-cashback-${file.fileName.slice(18, 28)}-${file.id.slice(0, 8)}.aba`);
    expect(file.fileName).toMatch(/^listwise-cashback-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.aba$/);
    expect(file.checksum).toBe(sha256(file.content));
    expect(file.claimIds).toEqual([first, second]);

    expect(file.content.endsWith('\r\n')).toBe(true);
    const records = file.content.slice(0, -2).split('\r\n');
    expect(records).toHaveLength(4);
    for (const record of records) expect(record).toHaveLength(ABA_RECORD_LENGTH);
    const [header, one, two, total] = records as [string, string, string, string];
    // The descriptive record carries the (test) Listwise account of the configuration.
    expect(header.slice(0, 1)).toBe('0');
    expect(header.slice(20, 23)).toBe('CBA');
    expect(header.slice(30, 56).trim()).toBe('Listwise Test Account');
    expect(header.slice(56, 62)).toBe('999999');
    expect(header.slice(62, 74).trim()).toBe('CASHBACK');
    expect(header.slice(74, 80)).toMatch(/^\d{6}$/);
    expect(one.slice(0, 30)).toBe('1734-912987654321 500000050000');
    expect(one.slice(30, 62).trim()).toBe('Jordan Seller');
    expect(one.slice(62, 80)).toBe(`CASHBACK ${first.slice(0, 8).toUpperCase()}`.padEnd(18));
    expect(one.slice(80, 96)).toBe('062-000 12345678');
    expect(one.slice(96, 112).trim()).toBe('LISTWISE');
    expect(two.slice(0, 30)).toBe('1032-001    12345 500000123450');
    expect(two.slice(30, 62).trim()).toBe("Sam O'Neil");
    expect(total.slice(0, 8)).toBe('7999-999');
    expect(total.slice(20, 30)).toBe('0000173450');
    expect(total.slice(30, 40)).toBe('0000173450');
    expect(total.slice(40, 50)).toBe('0000000000');
    expect(total.slice(74, 80)).toBe('000002');

    // Audit-logged with the claims it held.
    const [entry] = await server.deps.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({
      action: 'DOWNLOAD_CASHBACK_PAYOUTS',
      targetType: 'PAYOUT_BATCH',
      targetId: file.id,
      details: { format: 'ABA', fileName: file.fileName, claimIds: [first, second], totalCents: 173_450, checksum: file.checksum },
    });
    const log = await server.gql<{ adminAuditLog: { edges: { node: { action: string; details: string } }[] } }>(
      `{ adminAuditLog(first: 1) { edges { node { action details } } } }`,
      {},
      admin.token,
    );
    expect(log.data!.adminAuditLog.edges[0]!.node.action).toBe('DOWNLOAD_CASHBACK_PAYOUTS');
    expect(JSON.parse(log.data!.adminAuditLog.edges[0]!.node.details).claimIds).toEqual([first, second]);
  });

  it('writes the same payments as CSV, with clear bank details and formula-safe cells', async () => {
    const claim = await payableClaim();
    const admin = await createAdmin(server);
    const result = await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token);
    // A seller whose name starts like a formula: the cell is neutralised, never run by a spreadsheet.
    const riskyClaim = await payableClaim();
    const { sellerUserId } = (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.id, riskyClaim) }))!;
    await server.deps.db.update(sellerProfiles).set({ name: '=HYPERLINK("http://x")' }).where(eq(sellerProfiles.userId, sellerUserId));
    const risky = await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token);
    expect(risky.data!.downloadCashbackPayouts.content).toContain(`${riskyClaim},"'=HYPERLINK(""http://x"")",`);
    const file = result.data!.downloadCashbackPayouts;
    expect(file).toMatchObject({ format: 'CSV', contentType: 'text/csv', claimCount: 1, total: 500, claimIds: [claim] });
    const lines = file.content.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'claim_id,seller_name,seller_email,property,account_name,bsb,account_number,amount_dollars,lodgement_reference,payable_since',
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    expect(cells[0]).toBe(claim);
    expect(cells[1]).toBe('Test Seller');
    expect(lines[1]).toContain('"2/14 Campbell Parade, Bondi NSW"');
    expect(lines[1]).toContain(`Jordan Seller,734-912,987654321,500.00,CASHBACK ${claim.slice(0, 8).toUpperCase()},`);
    const entry = await server.deps.db.query.adminAuditLog.findFirst({ where: eq(adminAuditLog.targetId, file.id) });
    expect(entry!.details).toMatchObject({ format: 'CSV', claimIds: [claim] });
  });

  it('refuses a wrong password with incorrect_password, then too_many_requests; writes no file, and logs each failure', async () => {
    const claim = await payableClaim();
    const admin = await createAdmin(server);
    const adminUser = (await server.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.email, admin.email) }))!;
    const auditOf = async (action: string) =>
      (await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action))).filter(
        (e) => e.adminUserId === adminUser.id,
      );
    const wrong = await server.gql(DOWNLOAD, { password: 'not-my-password', format: 'ABA' }, admin.token);
    expect(wrong.errors![0]).toMatchObject({
      message: 'incorrect_password',
      extensions: { code: 'incorrect_password', field: 'password' },
    });
    expect(wrong.data).toBeNull();
    const empty = await server.gql(DOWNLOAD, { password: '', format: 'ABA' }, admin.token);
    expect(empty.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'password' });
    // RATE_LIMIT_MAX is 3 here: the third failure is allowed, the fourth attempt is refused even with the right password.
    expect(codeOf(await server.gql(DOWNLOAD, { password: 'again-wrong', format: 'CSV' }, admin.token))).toBe('incorrect_password');
    expect(codeOf(await server.gql(DOWNLOAD, { password: 'third-wrong', format: 'CSV' }, admin.token))).toBe('incorrect_password');
    expect(codeOf(await server.gql(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token))).toBe('too_many_requests');
    // Every wrong password is in the audit log (issue 19), none of the refusals made a batch or moved the claim.
    const failures = await auditOf('PAYOUT_PASSWORD_FAILED');
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatchObject({ targetType: 'USER', targetId: adminUser.id, details: { operation: 'downloadCashbackPayouts' } });
    expect(await auditOf('DOWNLOAD_CASHBACK_PAYOUTS')).toHaveLength(0);
    expect((await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.id, claim) }))!.status).toBe('PAYABLE');
    // The limit is the operator's own: another operator still downloads.
    const other = await createAdmin(server);
    expect(codeOf(await server.gql(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, other.token))).toBeNull();
  });

  it('answers no_payable_cashback_claims when nothing is payable, and payout_account_not_configured without an account', async () => {
    const admin = await createAdmin(server);
    expect(codeOf(await server.gql(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))).toBe('no_payable_cashback_claims');
    await payableClaim();
    const saved = server.deps.config.payoutAccount;
    (server.deps.config as { payoutAccount: unknown }).payoutAccount = null;
    try {
      expect(codeOf(await server.gql(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))).toBe('payout_account_not_configured');
      expect(codeOf(await server.gql(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token))).toBeNull();
    } finally {
      (server.deps.config as { payoutAccount: unknown }).payoutAccount = saved;
    }
  });

  it('is for operators only', async () => {
    const scenarioAgent = await createAgent(server);
    const variables = { password: PASSWORD, format: 'CSV' };
    expect(codeOf(await server.gql(DOWNLOAD, variables, scenarioAgent.token))).toBe('forbidden');
    expect(codeOf(await server.gql(DOWNLOAD, variables))).toBe('unauthorized');
  });
});

describe('markCashbackClaimPaid', () => {
  it('records the paid date and e-mails the seller, once', async () => {
    const claimId = await payableClaim();
    const admin = await createAdmin(server);
    const paid = await server.gql<{ markCashbackClaimPaid: { status: string; paidAt: string } }>(
      `mutation($id: ID!) { markCashbackClaimPaid(cashbackClaimId: $id) { id status paidAt } }`,
      { id: claimId },
      admin.token,
    );
    expect(paid.data!.markCashbackClaimPaid).toMatchObject({ status: 'PAID', paidAt: expect.any(String) });
    const claim = (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.id, claimId) }))!;
    const seller = (await server.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, claim.sellerUserId) }))!;
    const mails = (await server.emailsTo(seller.email!)).filter((m) => m.template === 'cashback-paid');
    expect(mails).toHaveLength(1);
    const again = await server.gql(
      `mutation($id: ID!) { markCashbackClaimPaid(cashbackClaimId: $id) { id } }`,
      { id: claimId },
      admin.token,
    );
    expect(codeOf(again)).toBe('invalid_state');
    expect((await server.emailsTo(seller.email!)).filter((m) => m.template === 'cashback-paid')).toHaveLength(1);
  });
});

const BATCHES = `query($first: Int) {
  cashbackPayoutBatches(first: $first) {
    edges { node {
      id format processingDate claimCount total checksum status paidAt abaBalancingRecord createdBy { email } paidBy { email }
      claims { returnedAt returnReason claim { id status } }
    } }
  }
}`;
type Batch = {
  id: string;
  format: string;
  processingDate: string;
  claimCount: number;
  total: number;
  checksum: string;
  status: string;
  paidAt: string | null;
  abaBalancingRecord: boolean;
  createdBy: { email: string } | null;
  paidBy: { email: string } | null;
  claims: { returnedAt: string | null; returnReason: string | null; claim: { id: string; status: string } }[];
};
const REDOWNLOAD = `mutation($batchId: ID!, $password: String!, $format: PayoutFileFormat!) {
  downloadCashbackPayoutBatch(batchId: $batchId, password: $password, format: $format) { id format fileName content claimIds total checksum }
}`;
const MARK_BATCH_PAID = `mutation($batchId: ID!) { markCashbackPayoutBatchPaid(batchId: $batchId) { id status paidAt claims { claim { id status } } } }`;
const RETURN_CLAIM = `mutation($id: ID!, $reason: String!) { returnCashbackClaimToPayable(cashbackClaimId: $id, reason: $reason) { id status } }`;

const statusOf = async (claimId: string) =>
  (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.id, claimId) }))!.status;
const batchesOf = async (token: string) =>
  (
    await server.gql<{ cashbackPayoutBatches: { edges: { node: Batch }[] } }>(BATCHES, { first: 50 }, token)
  ).data!.cashbackPayoutBatches.edges.map((e) => e.node);
/** How many batches that have not returned it hold each claim. */
const liveBatchCount = async (claimId: string) =>
  (
    await server.deps.db
      .select()
      .from(cashbackPayoutBatchClaims)
      .where(and(eq(cashbackPayoutBatchClaims.claimId, claimId), isNull(cashbackPayoutBatchClaims.returnedAt)))
  ).length;

describe('payout batches', () => {
  it('downloaded twice, never doubled: a batch takes the payable claims, the next finds only new ones, and each batch downloads again byte for byte', async () => {
    const one = await payableClaim();
    const two = await payableClaim();
    const admin = await createAdmin(server);

    const first = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))
      .data!.downloadCashbackPayouts;
    expect(first.claimIds).toEqual([one, two]);
    expect(await statusOf(one)).toBe('IN_PAYOUT');
    expect(await statusOf(two)).toBe('IN_PAYOUT');
    // A second download (a retried bank upload, another operator) pays nobody twice.
    expect(codeOf(await server.gql(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))).toBe('no_payable_cashback_claims');
    expect(codeOf(await server.gql(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token))).toBe('no_payable_cashback_claims');

    const three = await payableClaim();
    const second = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token))
      .data!.downloadCashbackPayouts;
    expect(second.claimIds).toEqual([three]);
    expect(second.id).not.toBe(first.id);
    for (const claim of [one, two, three]) expect(await liveBatchCount(claim)).toBe(1);

    // Listed newest first with the file's count, total and checksum.
    const [newest, older] = await batchesOf(admin.token);
    expect(newest).toMatchObject({
      id: second.id,
      format: 'CSV',
      claimCount: 1,
      total: 500,
      checksum: second.checksum,
      status: 'IN_PAYOUT',
    });
    expect(older).toMatchObject({ id: first.id, format: 'ABA', claimCount: 2, total: 1000, checksum: first.checksum, status: 'IN_PAYOUT' });
    expect(older!.createdBy!.email).toBe(admin.email);
    expect(older!.claims.map((c) => [c.claim.id, c.claim.status])).toEqual([
      [one, 'IN_PAYOUT'],
      [two, 'IN_PAYOUT'],
    ]);

    // The same file again, byte for byte, by another operator too, and in the other format the same each time.
    const other = await createAdmin(server);
    const again = (
      await server.gql<{ downloadCashbackPayoutBatch: PayoutFile }>(
        REDOWNLOAD,
        { batchId: first.id, password: PASSWORD, format: 'ABA' },
        other.token,
      )
    ).data!.downloadCashbackPayoutBatch;
    expect(again).toMatchObject({
      id: first.id,
      fileName: first.fileName,
      content: first.content,
      checksum: first.checksum,
      claimIds: [one, two],
    });
    expect(sha256(again.content)).toBe(older!.checksum);
    const csv = async () =>
      (
        await server.gql<{ downloadCashbackPayoutBatch: PayoutFile }>(
          REDOWNLOAD,
          { batchId: first.id, password: PASSWORD, format: 'CSV' },
          admin.token,
        )
      ).data!.downloadCashbackPayoutBatch;
    const csvOnce = await csv();
    // A seller renaming themselves later does not change a batch's file.
    const { sellerUserId } = (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.id, one) }))!;
    await server.deps.db.update(sellerProfiles).set({ name: 'Renamed Later' }).where(eq(sellerProfiles.userId, sellerUserId));
    const csvTwice = await csv();
    expect(csvTwice.content).toBe(csvOnce.content);
    expect(csvOnce.claimIds).toEqual([one, two]);
    expect(csvOnce.content).not.toContain('Renamed Later');
    const downloads = await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'DOWNLOAD_CASHBACK_PAYOUT_BATCH'));
    expect(downloads.filter((e) => e.targetId === first.id)).toHaveLength(3);
    // A batch that does not exist, or a malformed id.
    expect(codeOf(await server.gql(REDOWNLOAD, { batchId: crypto.randomUUID(), password: PASSWORD, format: 'ABA' }, admin.token))).toBe(
      'not_found',
    );
    expect(codeOf(await server.gql(REDOWNLOAD, { batchId: 'nope', password: PASSWORD, format: 'ABA' }, admin.token))).toBe('not_found');
  });

  it('two downloads at once make one batch: every claim is in exactly one', async () => {
    const claims = [await payableClaim(), await payableClaim(), await payableClaim()];
    const [a, b] = [await createAdmin(server), await createAdmin(server)];
    const results = await Promise.all([
      server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, a.token),
      server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, b.token),
    ]);
    const codes = results.map(codeOf).sort();
    expect(codes).toEqual([null, 'no_payable_cashback_claims'].sort());
    const made = results.find((r) => !r.errors)!.data!.downloadCashbackPayouts;
    expect([...made.claimIds].sort()).toEqual([...claims].sort());
    for (const claim of claims) {
      expect(await liveBatchCount(claim)).toBe(1);
      expect(await statusOf(claim)).toBe('IN_PAYOUT');
    }
  });

  it('returns a claim the bank rejected to payable, then pays the rest of the batch, e-mailing only those paid', async () => {
    const rejected = await payableClaim();
    const accepted = await payableClaim();
    const admin = await createAdmin(server);
    const batch = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))
      .data!.downloadCashbackPayouts;

    // A reason is required; a claim not in a batch cannot be returned.
    expect((await server.gql(RETURN_CLAIM, { id: rejected, reason: '  ' }, admin.token)).errors![0]!.extensions).toMatchObject({
      code: 'validation_failed',
      field: 'reason',
    });
    const returned = await server.gql<{ returnCashbackClaimToPayable: { status: string } }>(
      RETURN_CLAIM,
      { id: rejected, reason: 'Account closed (bank return code 2)' },
      admin.token,
    );
    expect(returned.data!.returnCashbackClaimToPayable.status).toBe('PAYABLE');
    expect(codeOf(await server.gql(RETURN_CLAIM, { id: rejected, reason: 'again' }, admin.token))).toBe('invalid_state');
    const entry = await server.deps.db.query.adminAuditLog.findFirst({
      where: and(eq(adminAuditLog.action, 'RETURN_CASHBACK_CLAIM'), eq(adminAuditLog.targetId, rejected)),
    });
    expect(entry!.details).toMatchObject({ batchId: batch.id, reason: 'Account closed (bank return code 2)', amountCents: 50_000 });

    const paid = await server.gql<{ markCashbackPayoutBatchPaid: { status: string; claims: { claim: { id: string; status: string } }[] } }>(
      MARK_BATCH_PAID,
      { batchId: batch.id },
      admin.token,
    );
    expect(paid.data!.markCashbackPayoutBatchPaid.status).toBe('PAID');
    expect(await statusOf(accepted)).toBe('PAID');
    expect(await statusOf(rejected)).toBe('PAYABLE');
    const sellerOf = async (claimId: string) => {
      const claim = (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.id, claimId) }))!;
      return (await server.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, claim.sellerUserId) }))!.email!;
    };
    const paidMails = async (claimId: string) =>
      (await server.emailsTo(await sellerOf(claimId))).filter((m) => m.template === 'cashback-paid');
    expect(await paidMails(accepted)).toHaveLength(1);
    expect(await paidMails(rejected)).toHaveLength(0);
    expect(codeOf(await server.gql(MARK_BATCH_PAID, { batchId: batch.id }, admin.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(RETURN_CLAIM, { id: accepted, reason: 'late' }, admin.token))).toBe('invalid_state');

    // The batch keeps its history; a paid batch has nothing left to pay, so no file of it can be downloaded to pay
    // it again; the returned claim goes into the next batch, alone.
    const listed = (await batchesOf(admin.token)).find((b) => b.id === batch.id)!;
    expect(listed).toMatchObject({ status: 'PAID', claimCount: 2, paidBy: { email: admin.email } });
    expect(listed.claims.map((c) => [c.claim.id, c.claim.status, c.returnReason])).toEqual([
      [rejected, 'PAYABLE', 'Account closed (bank return code 2)'],
      [accepted, 'PAID', null],
    ]);
    expect(codeOf(await server.gql(REDOWNLOAD, { batchId: batch.id, password: PASSWORD, format: 'ABA' }, admin.token))).toBe(
      'invalid_state',
    );
    const next = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token))
      .data!.downloadCashbackPayouts;
    expect(next.claimIds).toEqual([rejected]);
    expect(await liveBatchCount(rejected)).toBe(1);
  });

  it('adds the ABA balancing record when the setting is on, for batches made from then on', async () => {
    const admin = await createAdmin(server);
    const settings = await server.gql<{ updateSettings: { abaBalancingRecord: boolean } }>(
      `mutation { updateSettings(staticCashbackAmount: 500, totalFreeTrialsAllowed: 1, abaBalancingRecord: true) { abaBalancingRecord } }`,
      {},
      admin.token,
    );
    expect(settings.data!.updateSettings.abaBalancingRecord).toBe(true);
    try {
      await payableClaim();
      await payableClaim();
      const file = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))
        .data!.downloadCashbackPayouts;
      const records = file.content.slice(0, -2).split('\r\n');
      expect(records).toHaveLength(5);
      for (const record of records) expect(record).toHaveLength(ABA_RECORD_LENGTH);
      const [, , , balancing, total] = records as [string, string, string, string, string];
      // A debit (13) of the total from Listwise's own account, named as the bank registered it.
      expect(balancing.slice(0, 30)).toBe('1062-000 12345678 130000100000');
      expect(balancing.slice(30, 62).trim()).toBe('Listwise Test Account');
      expect(balancing.slice(62, 80).trim()).toBe('CASHBACK');
      expect(balancing.slice(80, 96)).toBe('062-000 12345678');
      // The file nets to zero: credits and debits equal, three detail records.
      expect(total.slice(20, 30)).toBe('0000000000');
      expect(total.slice(30, 40)).toBe('0000100000');
      expect(total.slice(40, 50)).toBe('0000100000');
      expect(total.slice(74, 80)).toBe('000003');
      expect((await batchesOf(admin.token))[0]).toMatchObject({ id: file.id, abaBalancingRecord: true, total: 1000, claimCount: 2 });
    } finally {
      await setSetting(server.deps.db, 'abaBalancingRecord', 0);
    }
  });

  it('logs a wrong password for a batch download with the batch, and answers incorrect_password', async () => {
    await payableClaim();
    const admin = await createAdmin(server);
    const batch = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token))
      .data!.downloadCashbackPayouts;
    const wrong = await server.gql(REDOWNLOAD, { batchId: batch.id, password: 'guess', format: 'CSV' }, admin.token);
    expect(wrong.errors![0]!.extensions).toMatchObject({ code: 'incorrect_password', field: 'password' });
    const [entry] = await server.deps.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({
      action: 'PAYOUT_PASSWORD_FAILED',
      details: { operation: 'downloadCashbackPayoutBatch', batchId: batch.id },
    });
  });

  it('is for operators only', async () => {
    const agent = await createAgent(server);
    for (const [query, variables] of [
      [BATCHES, { first: 5 }],
      [REDOWNLOAD, { batchId: crypto.randomUUID(), password: PASSWORD, format: 'CSV' }],
      [MARK_BATCH_PAID, { batchId: crypto.randomUUID() }],
      [RETURN_CLAIM, { id: crypto.randomUUID(), reason: 'x' }],
    ] as const) {
      expect(codeOf(await server.gql(query, variables, agent.token))).toBe('forbidden');
      expect(codeOf(await server.gql(query, variables))).toBe('unauthorized');
    }
  });
});

describe('one claim is never paid twice', () => {
  afterEach(() => server.deps.clock.reset());

  it("'Mark paid' refuses a claim in a payout batch: the batch pays it, once", async () => {
    const claimId = await payableClaim();
    const admin = await createAdmin(server);
    const batch = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token))
      .data!.downloadCashbackPayouts;
    const single = await server.gql(
      `mutation($id: ID!) { markCashbackClaimPaid(cashbackClaimId: $id) { id } }`,
      { id: claimId },
      admin.token,
    );
    expect(codeOf(single)).toBe('invalid_state');
    expect(await statusOf(claimId)).toBe('IN_PAYOUT');
    expect(codeOf(await server.gql(MARK_BATCH_PAID, { batchId: batch.id }, admin.token))).toBeNull();
    expect(await statusOf(claimId)).toBe('PAID');
    const claim = (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.id, claimId) }))!;
    const seller = (await server.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, claim.sellerUserId) }))!;
    expect((await server.emailsTo(seller.email!)).filter((m) => m.template === 'cashback-paid')).toHaveLength(1);
  });

  it('a batch downloaded again holds only the claims it still pays: a returned claim is in the next batch only', async () => {
    const returned = await payableClaim();
    const kept = await payableClaim();
    const admin = await createAdmin(server);
    const first = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))
      .data!.downloadCashbackPayouts;
    expect(first.claimIds).toEqual([returned, kept]);
    await server.gql(RETURN_CLAIM, { id: returned, reason: 'Account closed' }, admin.token);
    const next = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))
      .data!.downloadCashbackPayouts;
    expect(next.claimIds).toEqual([returned]);

    const redownload = async (format: 'ABA' | 'CSV') =>
      (
        await server.gql<{ downloadCashbackPayoutBatch: PayoutFile }>(
          REDOWNLOAD,
          { batchId: first.id, password: PASSWORD, format },
          admin.token,
        )
      ).data!.downloadCashbackPayoutBatch;
    for (const format of ['ABA', 'CSV'] as const) {
      const again = await redownload(format);
      expect(again.claimIds).toEqual([kept]);
      expect(again.total).toBe(500);
      expect(again.content).not.toContain(lodgementReferenceOf(returned));
      expect(again.content).toContain(lodgementReferenceOf(kept));
      // Deterministic: the same file each time while nothing changes.
      expect((await redownload(format)).content).toBe(again.content);
    }
    // Once paid, the batch has nothing left to pay.
    await server.gql(MARK_BATCH_PAID, { batchId: first.id }, admin.token);
    expect(codeOf(await server.gql(REDOWNLOAD, { batchId: first.id, password: PASSWORD, format: 'CSV' }, admin.token))).toBe(
      'invalid_state',
    );
  });

  it('the ABA processing date is a business day, and a batch downloaded again never asks for a date past', async () => {
    await payableClaim();
    // Move the clock to the next Saturday, midday in Sydney.
    const now = server.deps.clock.now();
    const today = calendarDateIn(now, LISTWISE_TIME_ZONE);
    const daysToSaturday = (6 - new Date(`${today}T00:00:00Z`).getUTCDay() + 7) % 7 || 7;
    // 01:00 UTC is 11:00 or 12:00 in Sydney, the same calendar day.
    const saturdayNoon = Date.parse(`${today}T01:00:00Z`) + daysToSaturday * 86_400_000;
    server.deps.clock.advance(saturdayNoon - now.getTime());
    const saturday = calendarDateIn(server.deps.clock.now(), LISTWISE_TIME_ZONE);
    expect(new Date(`${saturday}T00:00:00Z`).getUTCDay()).toBe(6);
    const monday = new Date(Date.parse(`${saturday}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const admin = await createAdmin(server);
    const file = (await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'ABA' }, admin.token))
      .data!.downloadCashbackPayouts;
    const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
    expect(file.content.slice(74, 80)).toBe(ddmmyy(monday));
    expect(file.fileName).toContain(monday);

    // Downloaded again on the Wednesday after: the bank is asked for that Wednesday, never the Monday gone.
    server.deps.clock.advance(4 * 86_400_000);
    const wednesday = calendarDateIn(server.deps.clock.now(), LISTWISE_TIME_ZONE);
    const later = await createAdmin(server);
    const again = (
      await server.gql<{ downloadCashbackPayoutBatch: PayoutFile }>(
        REDOWNLOAD,
        { batchId: file.id, password: PASSWORD, format: 'ABA' },
        later.token,
      )
    ).data!.downloadCashbackPayoutBatch;
    expect(again.content.slice(74, 80)).toBe(ddmmyy(wednesday));
    expect(again.claimIds).toEqual(file.claimIds);
    expect((await batchesOf(later.token)).find((b) => b.id === file.id)!.processingDate).toBe(wednesday);
  });
});
