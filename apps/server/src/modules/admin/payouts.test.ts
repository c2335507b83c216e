import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ABA_RECORD_LENGTH } from '@listwise/domain/aba-file';
import { sellerProfiles } from '../../db/schema/accounts.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, PASSWORD } from '../../test/factories.ts';
import { createAgent } from '../appraisals/test-factories.ts';
import { setSetting } from '../settings/settings.service.ts';
import { BANK, CONFIRM, createAppraisedProperty, SOLD } from '../sales/test-factories.ts';

/**
 * Issue 14, 'payouts operators can make': the payable cashback claims downloaded from the console as an ABA
 * (Direct Entry) file or CSV after re-entering the password, each download audit-logged with its claims.
 */

let server: TestServer;
beforeAll(async () => {
  // A low limit so the rate-limit case stays short.
  server = await startTestServer({ RATE_LIMIT_MAX: '3' });
});
afterAll(() => server?.stop());

const DOWNLOAD = `mutation($password: String!, $format: PayoutFileFormat!) {
  downloadCashbackPayouts(password: $password, format: $format) { id format fileName contentType content claimCount claimIds total }
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
    expect(file.fileName).toMatch(/^listwise-cashback-\d{4}-\d{2}-\d{2}\.aba$/);
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
      targetType: 'PAYOUT_FILE',
      targetId: file.id,
      details: { format: 'ABA', fileName: file.fileName, claimIds: [first, second], totalCents: 173_450 },
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
    const { sellerUserId } = (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.id, claim) }))!;
    await server.deps.db.update(sellerProfiles).set({ name: '=HYPERLINK("http://x")' }).where(eq(sellerProfiles.userId, sellerUserId));
    const risky = await server.gql<{ downloadCashbackPayouts: PayoutFile }>(DOWNLOAD, { password: PASSWORD, format: 'CSV' }, admin.token);
    expect(risky.data!.downloadCashbackPayouts.content).toContain(`${claim},"'=HYPERLINK(""http://x"")",`);
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

  it('refuses a wrong password with incorrect_password, then too_many_requests, and writes no file or entry', async () => {
    await payableClaim();
    const admin = await createAdmin(server);
    const auditCount = async () => (await server.deps.db.select().from(adminAuditLog)).length;
    const before = await auditCount();
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
    expect(await auditCount()).toBe(before);
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
