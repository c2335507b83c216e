import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { charges } from '../../db/schema/payments.ts';
import { emailMessages } from '../../db/schema/platform.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, login, PASSWORD } from '../../test/factories.ts';
import { retryDueLeadFees } from '../sales/lead-fees.service.ts';
import { BANK, CONFIRM, createAppraisedProperty, DECLINING_CARD, GOOD_CARD, saveTestCard, SOLD } from '../sales/test-factories.ts';
import { STUCK_SENDING_AFTER_MS } from './stuck-emails.service.ts';

/**
 * Issue 19, items 4 and 7: cashback follows the lead fee (payable once it is collected or waived, the seller sees it
 * waiting meanwhile), operators settle a disputed sale either way, and e-mails stuck in SENDING are sent again or
 * marked sent from the console.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
afterEach(() => server.deps.clock.reset());

type Scenario = Awaited<ReturnType<typeof createAppraisedProperty>>;

async function reportSold(scenario: Scenario) {
  const result = await server.gql(
    SOLD,
    { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...BANK },
    scenario.seller.token,
  );
  expect(result.errors).toBeUndefined();
  return (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) }))!;
}

const saleOf = async (id: string) => (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.id, id) }))!;
const claimOf = async (saleId: string) =>
  (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.propertySaleId, saleId) }))!;
const templatesTo = async (email: string) => (await server.emailsTo(email)).map((m) => m.template);
const leadFeeCharges = (saleId: string) =>
  server.deps.db
    .select()
    .from(charges)
    .where(and(eq(charges.referenceId, saleId), eq(charges.kind, 'LEAD_FEE')));
const engagementsOf = async (userId: string) =>
  (await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, userId) }))!.numberOfEngagements;

const SELLER_CLAIM = `query($id: ID!) { property(id: $id) { cashbackClaim { status } } }`;
const WAIVE = `mutation($id: ID!, $reason: String!) {
  waiveLeadFee(propertySaleId: $id, reason: $reason) { id leadFeeStatus leadFeeWaivedAt leadFeeWaiverReason cashbackClaim { status } }
}`;
const SETTLE = `mutation($id: ID!, $outcome: DisputeSettlement!, $reason: String!, $salePrice: Float, $contractDate: String) {
  settleDisputedPropertySale(propertySaleId: $id, outcome: $outcome, reason: $reason, salePrice: $salePrice, contractDate: $contractDate) {
    id confirmedAt salePrice contractDate leadFeeStatus disputeSettlement disputeSettlementReason disputeSettledAt cashbackClaim { status }
  }
}`;
const DISPUTE = `mutation($id: ID!, $reason: String) { disputePropertySale(id: $id, reason: $reason) { id } }`;

async function declinedSale() {
  const scenario = await createAppraisedProperty(server, { appraisers: 1, card: DECLINING_CARD });
  const sale = await reportSold(scenario);
  const agent = scenario.appraisers[0]!;
  expect(codeOf(await server.gql(CONFIRM, { id: sale.id, salePrice: 800_000, contractDate: '2026-10-01' }, agent.token))).toBe(
    'payment_declined',
  );
  return { scenario, sale, agent };
}

async function disputedSale() {
  const scenario = await createAppraisedProperty(server, { appraisers: 1 });
  const sale = await reportSold(scenario);
  const agent = scenario.appraisers[0]!;
  expect(codeOf(await server.gql(DISPUTE, { id: sale.id, reason: 'Sold privately' }, agent.token))).toBeNull();
  return { scenario, sale, agent };
}

describe('cashback follows the fee', () => {
  it('waits for the lead fee while the card declines, even after the daily retries, and is never in a payout file', async () => {
    const { scenario, sale } = await declinedSale();
    expect(await claimOf(sale.id)).toMatchObject({ status: 'AWAITING_LEAD_FEE', payableAt: null });
    const seen = await server.gql<{ property: { cashbackClaim: { status: string } } }>(
      SELLER_CLAIM,
      { id: scenario.property.id },
      scenario.seller.token,
    );
    expect(seen.data!.property.cashbackClaim.status).toBe('AWAITING_LEAD_FEE');
    expect(await templatesTo(scenario.seller.email)).not.toContain('cashback-payable');

    // The job retries and the card declines again: still waiting.
    server.deps.clock.advance(25 * 60 * 60 * 1000);
    expect(await retryDueLeadFees(server.deps)).toBeGreaterThan(0);
    expect((await saleOf(sale.id)).leadFeeStatus).toBe('FAILED');
    expect((await claimOf(sale.id)).status).toBe('AWAITING_LEAD_FEE');
    const admin = await createAdmin(server);
    const download = await server.gql<{ downloadCashbackPayouts: { claimIds: string[] } }>(
      `mutation($password: String!) { downloadCashbackPayouts(password: $password, format: CSV) { claimIds } }`,
      { password: PASSWORD },
      admin.token,
    );
    // Whatever else is payable in this file's database, this claim is not in it.
    expect(download.data?.downloadCashbackPayouts.claimIds ?? []).not.toContain((await claimOf(sale.id)).id);
  });

  it('becomes payable, with the seller told once, when a retry collects the fee', async () => {
    const { scenario, sale, agent } = await declinedSale();
    await saveTestCard(server, agent.userId, GOOD_CARD);
    server.deps.clock.advance(25 * 60 * 60 * 1000);
    const retriedAt = server.deps.clock.now();
    await retryDueLeadFees(server.deps);
    expect((await saleOf(sale.id)).leadFeeStatus).toBe('SUCCEEDED');
    const claim = await claimOf(sale.id);
    expect(claim.status).toBe('PAYABLE');
    // Payable from when the fee was collected (the moved clock), not from the confirmation.
    expect(claim.payableAt!.getTime()).toBeGreaterThanOrEqual(retriedAt.getTime());
    expect((await templatesTo(scenario.seller.email)).filter((t) => t === 'cashback-payable')).toHaveLength(1);
  });

  it('becomes payable when an operator waives the declined fee with a reason, which the audit log keeps', async () => {
    const { scenario, sale, agent } = await declinedSale();
    const admin = await createAdmin(server);
    const noReason = await server.gql(WAIVE, { id: sale.id, reason: ' ' }, admin.token);
    expect(noReason.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'reason' });
    const waived = await server.gql<{
      waiveLeadFee: { leadFeeStatus: string; leadFeeWaiverReason: string; leadFeeWaivedAt: string; cashbackClaim: { status: string } };
    }>(WAIVE, { id: sale.id, reason: 'Agent left the industry; goodwill' }, admin.token);
    expect(waived.data!.waiveLeadFee).toMatchObject({
      leadFeeStatus: 'WAIVED',
      leadFeeWaiverReason: 'Agent left the industry; goodwill',
      leadFeeWaivedAt: expect.any(String),
      cashbackClaim: { status: 'PAYABLE' },
    });
    expect(await templatesTo(scenario.seller.email)).toContain('cashback-payable');
    const entry = await server.deps.db.query.adminAuditLog.findFirst({
      where: and(eq(adminAuditLog.action, 'WAIVE_LEAD_FEE'), eq(adminAuditLog.targetId, sale.id)),
    });
    expect(entry!.details).toMatchObject({ reason: 'Agent left the industry; goodwill', agentUserId: agent.userId });

    // Waived is final: no retry by the job, the agent or an operator charges it, and it cannot be waived twice.
    const attempts = (await leadFeeCharges(sale.id)).length;
    server.deps.clock.advance(25 * 60 * 60 * 1000);
    // A day later the operator's session has ended (12 hours without use, issue 19): they sign in again.
    admin.token = await login(server, admin.email);
    await saveTestCard(server, agent.userId, GOOD_CARD);
    await retryDueLeadFees(server.deps);
    await server.gql(CONFIRM, { id: sale.id, salePrice: 800_000, contractDate: '2026-10-01' }, agent.token);
    expect(
      codeOf(await server.gql(`mutation($id: ID!) { retryLeadFeeCharge(propertySaleId: $id) { id } }`, { id: sale.id }, admin.token)),
    ).toBe('invalid_state');
    expect(await leadFeeCharges(sale.id)).toHaveLength(attempts);
    expect((await saleOf(sale.id)).leadFeeStatus).toBe('WAIVED');
    expect(codeOf(await server.gql(WAIVE, { id: sale.id, reason: 'again' }, admin.token))).toBe('invalid_state');
  });

  it('cannot waive a fee that was paid, or is not due', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    const admin = await createAdmin(server);
    expect(codeOf(await server.gql(WAIVE, { id: sale.id, reason: 'x' }, admin.token))).toBe('invalid_state');
    await server.gql(CONFIRM, { id: sale.id, salePrice: 800_000, contractDate: '2026-10-01' }, scenario.appraisers[0]!.token);
    expect((await saleOf(sale.id)).leadFeeStatus).toBe('SUCCEEDED');
    expect(codeOf(await server.gql(WAIVE, { id: sale.id, reason: 'x' }, admin.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(WAIVE, { id: crypto.randomUUID(), reason: 'x' }, admin.token))).toBe('not_found');
    expect(codeOf(await server.gql(WAIVE, { id: sale.id, reason: 'x' }, scenario.appraisers[0]!.token))).toBe('forbidden');
  });
});

describe('settling a disputed sale', () => {
  it('the sale stands: recorded as confirmed, the lead fee charged, and the cashback payable once collected', async () => {
    const { scenario, sale, agent } = await disputedSale();
    const admin = await createAdmin(server);
    const before = await engagementsOf(agent.userId);
    // Standing needs the price and contract date, checked as the agent's confirmation is.
    const missing = await server.gql(SETTLE, { id: sale.id, outcome: 'SALE_STANDS', reason: 'Agent confirmed by phone' }, admin.token);
    expect(missing.errors![0]!.extensions).toMatchObject({ code: 'validation_failed' });
    const future = await server.gql(
      SETTLE,
      { id: sale.id, outcome: 'SALE_STANDS', reason: 'Agent confirmed by phone', salePrice: 950_000, contractDate: '2099-01-01' },
      admin.token,
    );
    expect(future.errors![0]!.extensions).toMatchObject({ code: 'contract_date_in_future', field: 'contractDate' });

    const settled = await server.gql<{
      settleDisputedPropertySale: {
        confirmedAt: string;
        salePrice: number;
        leadFeeStatus: string;
        disputeSettlement: string;
        cashbackClaim: { status: string };
      };
    }>(
      SETTLE,
      { id: sale.id, outcome: 'SALE_STANDS', reason: 'Agent confirmed by phone', salePrice: 950_000, contractDate: '2026-10-02' },
      admin.token,
    );
    expect(settled.errors).toBeUndefined();
    expect(settled.data!.settleDisputedPropertySale).toMatchObject({
      confirmedAt: expect.any(String),
      salePrice: 950_000,
      leadFeeStatus: 'SUCCEEDED',
      disputeSettlement: 'SALE_STANDS',
      cashbackClaim: { status: 'PAYABLE' },
    });
    expect(await engagementsOf(agent.userId)).toBe(before + 1);
    expect((await leadFeeCharges(sale.id)).map((c) => [c.status, c.amountCents])).toEqual([['SUCCEEDED', 110_000]]);
    expect(await templatesTo(scenario.seller.email)).toContain('cashback-payable');
    const entry = await server.deps.db.query.adminAuditLog.findFirst({
      where: and(eq(adminAuditLog.action, 'SETTLE_DISPUTED_SALE'), eq(adminAuditLog.targetId, sale.id)),
    });
    expect(entry!.details).toMatchObject({ outcome: 'SALE_STANDS', reason: 'Agent confirmed by phone', disputeReason: 'Sold privately' });
    // Settled once.
    expect(codeOf(await server.gql(SETTLE, { id: sale.id, outcome: 'SALE_VOID', reason: 'changed my mind' }, admin.token))).toBe(
      'invalid_state',
    );
  });

  it('the sale stands but the card declines: the fee is left to the retries and the cashback waits for it', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1, card: DECLINING_CARD });
    const sale = await reportSold(scenario);
    await server.gql(DISPUTE, { id: sale.id }, scenario.appraisers[0]!.token);
    const admin = await createAdmin(server);
    const settled = await server.gql<{ settleDisputedPropertySale: { leadFeeStatus: string; cashbackClaim: { status: string } } }>(
      SETTLE,
      { id: sale.id, outcome: 'SALE_STANDS', reason: 'Contract seen', salePrice: 700_000, contractDate: '2026-10-02' },
      admin.token,
    );
    expect(settled.data!.settleDisputedPropertySale).toMatchObject({
      leadFeeStatus: 'FAILED',
      cashbackClaim: { status: 'AWAITING_LEAD_FEE' },
    });
    // The agent fixes the card and pays through the sale page: the cashback follows.
    await saveTestCard(server, scenario.appraisers[0]!.userId, GOOD_CARD);
    const paid = await server.gql<{ confirmPropertySale: { leadFeeStatus: string } }>(
      CONFIRM,
      { id: sale.id, salePrice: 700_000, contractDate: '2026-10-02' },
      scenario.appraisers[0]!.token,
    );
    expect(paid.data!.confirmPropertySale.leadFeeStatus).toBe('SUCCEEDED');
    expect((await claimOf(sale.id)).status).toBe('PAYABLE');
  });

  it('the sale is void: nothing charged or counted, the claim closed, and the seller e-mailed why', async () => {
    const { scenario, sale, agent } = await disputedSale();
    const admin = await createAdmin(server);
    const before = await engagementsOf(agent.userId);
    const noReason = await server.gql(SETTLE, { id: sale.id, outcome: 'SALE_VOID', reason: '' }, admin.token);
    expect(noReason.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'reason' });
    const settled = await server.gql<{
      settleDisputedPropertySale: {
        confirmedAt: string | null;
        leadFeeStatus: string;
        disputeSettlement: string;
        cashbackClaim: { status: string };
      };
    }>(SETTLE, { id: sale.id, outcome: 'SALE_VOID', reason: 'The property was sold by another agency' }, admin.token);
    expect(settled.data!.settleDisputedPropertySale).toMatchObject({
      confirmedAt: null,
      leadFeeStatus: 'NOT_DUE',
      disputeSettlement: 'SALE_VOID',
      cashbackClaim: { status: 'VOID' },
    });
    expect(await leadFeeCharges(sale.id)).toHaveLength(0);
    expect(await engagementsOf(agent.userId)).toBe(before);
    const [mail] = (await server.emailsTo(scenario.seller.email)).filter((m) => m.template === 'sale-void');
    expect(mail!.subject).toBe('Your cashback claim was closed');
    expect(mail!.text).toContain('The property was sold by another agency');
    const seen = await server.gql<{ property: { cashbackClaim: { status: string } } }>(
      SELLER_CLAIM,
      { id: scenario.property.id },
      scenario.seller.token,
    );
    expect(seen.data!.property.cashbackClaim.status).toBe('VOID');
    // The agent cannot confirm a void sale afterwards.
    expect(codeOf(await server.gql(CONFIRM, { id: sale.id, salePrice: 1, contractDate: '2026-10-02' }, agent.token))).toBe('invalid_state');
  });

  it('refuses a sale that is not disputed, an unknown sale, and anyone but operators', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    const admin = await createAdmin(server);
    const variables = { id: sale.id, outcome: 'SALE_VOID', reason: 'x' };
    expect(codeOf(await server.gql(SETTLE, variables, admin.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(SETTLE, { ...variables, id: crypto.randomUUID() }, admin.token))).toBe('not_found');
    expect(codeOf(await server.gql(SETTLE, variables, scenario.seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(SETTLE, variables))).toBe('unauthorized');
  });
});

describe('e-mails stuck in SENDING', () => {
  const STUCK = `{ adminStuckEmails(first: 50) { edges { node { id to subject template attempts sendingSince } } } }`;
  const RESEND = `mutation($id: ID!) { resendStuckEmail(emailId: $id) { id } }`;
  const MARK_SENT = `mutation($id: ID!) { markStuckEmailSent(emailId: $id) { id } }`;

  /** A message whose SMTP hand-over was cut off at `startedAt`, as a crash leaves it. */
  async function sendingEmail(startedAt: Date) {
    const [row] = await server.deps.db
      .insert(emailMessages)
      .values({
        toAddress: `stuck.${crypto.randomBytes(4).toString('hex')}@example.com`,
        subject: 'Your appraisal is ready',
        template: 'appraisal-received',
        html: '<p>Hello</p>',
        text: 'Hello',
        status: 'SENDING',
        attempts: 1,
        createdAt: startedAt,
        sendingStartedAt: startedAt,
      })
      .returning();
    return row!;
  }
  const stuckIds = async (token: string) =>
    (await server.gql<{ adminStuckEmails: { edges: { node: { id: string } }[] } }>(STUCK, {}, token)).data!.adminStuckEmails.edges.map(
      (e) => e.node.id,
    );
  const statusOf = async (id: string) => (await server.deps.db.query.emailMessages.findFirst({ where: eq(emailMessages.id, id) }))!.status;

  it('lists only messages SENDING for longer than a delivery takes, oldest first, and sends one again or marks one sent', async () => {
    const admin = await createAdmin(server);
    const now = server.deps.clock.now().getTime();
    const older = await sendingEmail(new Date(now - 3 * STUCK_SENDING_AFTER_MS));
    const old = await sendingEmail(new Date(now - 2 * STUCK_SENDING_AFTER_MS));
    const inFlight = await sendingEmail(new Date(now - 1000));
    const listed = await stuckIds(admin.token);
    expect(listed.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(listed.indexOf(older.id)).toBeLessThan(listed.indexOf(old.id));
    expect(listed).not.toContain(inFlight.id);
    // One being delivered right now is never touched.
    expect(codeOf(await server.gql(RESEND, { id: inFlight.id }, admin.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(MARK_SENT, { id: inFlight.id }, admin.token))).toBe('invalid_state');

    expect(codeOf(await server.gql(RESEND, { id: older.id }, admin.token))).toBeNull();
    // Queued again and delivered by the job (the outbox mailer here delivers at once).
    await expect.poll(() => statusOf(older.id), { timeout: 30_000, interval: 250 }).toBe('SENT');
    expect(codeOf(await server.gql(MARK_SENT, { id: old.id }, admin.token))).toBeNull();
    const marked = (await server.deps.db.query.emailMessages.findFirst({ where: eq(emailMessages.id, old.id) }))!;
    expect(marked.status).toBe('SENT');
    expect(marked.sentAt).toBeInstanceOf(Date);
    const remaining = await stuckIds(admin.token);
    expect(remaining).not.toContain(older.id);
    expect(remaining).not.toContain(old.id);
    // Each action once, and audit-logged.
    expect(codeOf(await server.gql(MARK_SENT, { id: old.id }, admin.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(RESEND, { id: crypto.randomUUID() }, admin.token))).toBe('not_found');
    const actions = (await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetType, 'EMAIL'))).map((e) => [
      e.action,
      e.targetId,
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['RESEND_EMAIL', older.id],
        ['MARK_EMAIL_SENT', old.id],
      ]),
    );
  });

  it('records when delivery handed a message to SMTP', async () => {
    const [row] = await server.deps.db
      .insert(emailMessages)
      .values({ toAddress: 'x@example.com', subject: 's', template: 't', html: '<p>x</p>', text: 'x' })
      .returning();
    const smtp = { kind: 'smtp' as const, deliver: () => new Promise<void>(() => {}) };
    const { deliverEmail } = await import('../notifications/email.service.ts');
    // A transport that never answers: the message stays SENDING, with the moment it was handed over.
    // The clock moved a day on: the recorded moment is the clock's, not the database's.
    server.deps.clock.advance(24 * 60 * 60 * 1000);
    const handedOverAfter = server.deps.clock.now().getTime();
    void deliverEmail({ ...server.deps, mailer: smtp as unknown as typeof server.deps.mailer }, row!.id);
    await expect
      .poll(async () => (await server.deps.db.query.emailMessages.findFirst({ where: eq(emailMessages.id, row!.id) }))!.sendingStartedAt)
      .toBeInstanceOf(Date);
    const handed = (await server.deps.db.query.emailMessages.findFirst({ where: eq(emailMessages.id, row!.id) }))!;
    expect(handed.status).toBe('SENDING');
    expect(handed.sendingStartedAt!.getTime()).toBeGreaterThanOrEqual(handedOverAfter);
    expect(handed.sendingStartedAt!.getTime()).toBeLessThan(handedOverAfter + 60_000);
  });

  it('is for operators only', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    for (const [query, variables] of [
      [STUCK, {}],
      [RESEND, { id: crypto.randomUUID() }],
      [MARK_SENT, { id: crypto.randomUUID() }],
    ] as const) {
      expect(codeOf(await server.gql(query, variables, scenario.appraisers[0]!.token))).toBe('forbidden');
      expect(codeOf(await server.gql(query, variables))).toBe('unauthorized');
    }
  });
});
