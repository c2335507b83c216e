import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { charges } from '../../db/schema/payments.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin } from '../../test/factories.ts';
import { BANK, CONFIRM, createAppraisedProperty, SOLD } from '../sales/test-factories.ts';

/**
 * Every sale has a way out: a sale the named agent never answers (14 days, or the agent closed their account) is
 * settled by an operator, standing or void, with a reason both the seller and the agent are e-mailed; and a void
 * sale puts the property back, so the seller can report the sale again naming the right agent, or list it again.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
afterEach(() => server.deps.clock.reset());

const DAY_MS = 86_400_000;
type Scenario = Awaited<ReturnType<typeof createAppraisedProperty>>;

async function reportSold(scenario: Scenario, agentIndex = 0) {
  const result = await server.gql(
    SOLD,
    { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[agentIndex]!.userId, ...BANK },
    scenario.seller.token,
  );
  expect(result.errors).toBeUndefined();
  const sales = await server.deps.db.select().from(propertySales).where(eq(propertySales.propertyId, scenario.property.id));
  return sales.sort((a, b) => b.reportedAt.getTime() - a.reportedAt.getTime())[0]!;
}

const claimOf = async (saleId: string) =>
  (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.propertySaleId, saleId) }))!;
const propertyOf = async (id: string) => (await server.deps.db.query.properties.findFirst({ where: (p, { eq: is }) => is(p.id, id) }))!;
const templatesTo = async (email: string) => (await server.emailsTo(email)).map((m) => m.template);
/** The account as closing leaves it: no e-mail, no password, closed. */
const closeAccount = (userId: string) =>
  server.deps.db.update(users).set({ email: null, passwordHash: null, deletedAt: server.deps.clock.now() }).where(eq(users.id, userId));

const SETTLE_UNANSWERED = `mutation($id: ID!, $outcome: DisputeSettlement!, $reason: String!, $salePrice: Float, $contractDate: String) {
  settleUnansweredPropertySale(propertySaleId: $id, outcome: $outcome, reason: $reason, salePrice: $salePrice, contractDate: $contractDate) {
    id confirmedAt leadFeeStatus settlement settlementReason settledAt isUnanswered cashbackClaim { status }
  }
}`;
const SETTLE_DISPUTED = `mutation($id: ID!, $outcome: DisputeSettlement!, $reason: String!) {
  settleDisputedPropertySale(propertySaleId: $id, outcome: $outcome, reason: $reason) { id disputeSettlement }
}`;
const UNANSWERED = `query { adminPropertySales(filter: UNANSWERED, first: 100) { edges { node { id isUnanswered unansweredSince } } } }`;
const unansweredIds = async (token: string) =>
  (
    await server.gql<{ adminPropertySales: { edges: { node: { id: string } }[] } }>(UNANSWERED, {}, token)
  ).data!.adminPropertySales.edges.map((e) => e.node.id);

describe('a sale the agent never answers', () => {
  it('waits 14 days, then an operator settles it as void: the claim closed, the property back, both told why', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = scenario.appraisers[0]!;
    const sale = await reportSold(scenario);
    const reason = 'The agent has not answered in 14 days and the seller showed another agency’s contract';

    // Before 14 days the agent may still answer: not listed, and not settled.
    server.deps.clock.advance(13 * DAY_MS);
    let admin = await createAdmin(server);
    expect(await unansweredIds(admin.token)).not.toContain(sale.id);
    expect(codeOf(await server.gql(SETTLE_UNANSWERED, { id: sale.id, outcome: 'SALE_VOID', reason }, admin.token))).toBe('invalid_state');

    server.deps.clock.advance(DAY_MS + 60_000);
    admin = await createAdmin(server);
    expect(await unansweredIds(admin.token)).toContain(sale.id);
    // A reason is required.
    const noReason = await server.gql(SETTLE_UNANSWERED, { id: sale.id, outcome: 'SALE_VOID', reason: ' ' }, admin.token);
    expect(noReason.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'reason' });

    const settled = await server.gql<{ settleUnansweredPropertySale: Record<string, unknown> }>(
      SETTLE_UNANSWERED,
      { id: sale.id, outcome: 'SALE_VOID', reason },
      admin.token,
    );
    expect(settled.errors).toBeUndefined();
    expect(settled.data!.settleUnansweredPropertySale).toMatchObject({
      confirmedAt: null,
      leadFeeStatus: 'NOT_DUE',
      settlement: 'SALE_VOID',
      settlementReason: reason,
      settledAt: expect.any(String),
      isUnanswered: false,
      cashbackClaim: { status: 'VOID' },
    });
    expect(await unansweredIds(admin.token)).not.toContain(sale.id);
    // The property is no longer sold: the seller can report the sale again or list it again.
    expect(await propertyOf(scenario.property.id)).toMatchObject({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_USE_LISTWISE' });
    expect(await templatesTo(scenario.seller.email)).toContain('sale-void');
    expect(await templatesTo(agent.email)).toContain('sale-settled-for-agent');
    const seller = (await server.emailsTo(scenario.seller.email)).find((m) => m.template === 'sale-void')!;
    expect(seller.text).toContain(reason);
    const toAgent = (await server.emailsTo(agent.email)).find((m) => m.template === 'sale-settled-for-agent')!;
    expect(toAgent.text).toContain(reason);
    const entry = await server.deps.db.query.adminAuditLog.findFirst({
      where: and(eq(adminAuditLog.action, 'SETTLE_UNANSWERED_SALE'), eq(adminAuditLog.targetId, sale.id)),
    });
    expect(entry!.details).toMatchObject({ outcome: 'SALE_VOID', reason });

    // The e-mail's link shows the agent the sale as void, not as one to confirm or dispute.
    const seen = await server.gql<{ propertySale: { confirmedAt: string | null; disputedAt: string | null; voidedAt: string | null } }>(
      `query($id: ID!) { propertySale(id: $id) { confirmedAt disputedAt voidedAt } }`,
      { id: sale.id },
      agent.token,
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.propertySale).toEqual({ confirmedAt: null, disputedAt: null, voidedAt: expect.any(String) });

    // Settled once; the agent can no longer confirm it, nor the operator settle it as disputed.
    expect(codeOf(await server.gql(SETTLE_UNANSWERED, { id: sale.id, outcome: 'SALE_VOID', reason: 'again' }, admin.token))).toBe(
      'invalid_state',
    );
    expect(codeOf(await server.gql(CONFIRM, { id: sale.id, salePrice: 900_000, contractDate: '2026-10-01' }, agent.token))).toBe(
      'invalid_state',
    );
    expect(codeOf(await server.gql(SETTLE_DISPUTED, { id: sale.id, outcome: 'SALE_VOID', reason: 'x' }, admin.token))).toBe(
      'invalid_state',
    );
  });

  it('settled as standing after 14 days: confirmed as the agent would, the lead fee charged, the cashback payable, both told', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = scenario.appraisers[0]!;
    const sale = await reportSold(scenario);
    server.deps.clock.advance(15 * DAY_MS);
    const admin = await createAdmin(server);
    const missing = await server.gql(SETTLE_UNANSWERED, { id: sale.id, outcome: 'SALE_STANDS', reason: 'Contract seen' }, admin.token);
    expect(missing.errors![0]!.extensions).toMatchObject({ code: 'validation_failed' });
    const settled = await server.gql<{ settleUnansweredPropertySale: Record<string, unknown> }>(
      SETTLE_UNANSWERED,
      { id: sale.id, outcome: 'SALE_STANDS', reason: 'Contract seen', salePrice: 910_000, contractDate: '2026-10-02' },
      admin.token,
    );
    expect(settled.errors).toBeUndefined();
    expect(settled.data!.settleUnansweredPropertySale).toMatchObject({
      confirmedAt: expect.any(String),
      leadFeeStatus: 'SUCCEEDED',
      settlement: 'SALE_STANDS',
      cashbackClaim: { status: 'PAYABLE' },
    });
    const fees = await server.deps.db
      .select()
      .from(charges)
      .where(and(eq(charges.referenceId, sale.id), eq(charges.kind, 'LEAD_FEE')));
    expect(fees.map((c) => c.status)).toEqual(['SUCCEEDED']);
    expect(await propertyOf(scenario.property.id)).toMatchObject({ completeType: 'SOLD_UNCONDITIONALLY' });
    expect(await templatesTo(agent.email)).toContain('sale-settled-for-agent');
    expect(await templatesTo(scenario.seller.email)).toContain('sale-stands');
  });

  it('whose agent closed their account is settled at once; standing charges nobody and makes the cashback payable', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const admin = await createAdmin(server);
    const sale = await reportSold(scenario);
    await closeAccount(scenario.appraisers[0]!.userId);
    expect(await unansweredIds(admin.token)).toContain(sale.id);
    const settled = await server.gql<{ settleUnansweredPropertySale: Record<string, unknown> }>(
      SETTLE_UNANSWERED,
      { id: sale.id, outcome: 'SALE_STANDS', reason: 'The agent closed their account', salePrice: 800_000, contractDate: '2026-10-02' },
      admin.token,
    );
    expect(settled.errors).toBeUndefined();
    expect(settled.data!.settleUnansweredPropertySale).toMatchObject({ leadFeeStatus: 'WAIVED', cashbackClaim: { status: 'PAYABLE' } });
    const fees = await server.deps.db.select().from(charges).where(eq(charges.referenceId, sale.id));
    expect(fees).toEqual([]);
  });

  it('cannot name an agent who has closed their account', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    await closeAccount(scenario.appraisers[0]!.userId);
    const result = await server.gql(
      SOLD,
      { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...BANK },
      scenario.seller.token,
    );
    expect(result.errors![0]!.extensions).toMatchObject({ code: 'not_found', field: 'sellingAgentId' });
    expect((await propertyOf(scenario.property.id)).completeType).toBeNull();
  });

  it('is for operators only; an unknown sale is not_found, and a disputed sale is settled as disputed', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    let admin = await createAdmin(server);
    const variables = { id: sale.id, outcome: 'SALE_VOID', reason: 'x' };
    expect(codeOf(await server.gql(SETTLE_UNANSWERED, variables, scenario.seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(SETTLE_UNANSWERED, { ...variables, id: crypto.randomUUID() }, admin.token))).toBe('not_found');
    await server.gql(`mutation($id: ID!) { disputePropertySale(id: $id) { id } }`, { id: sale.id }, scenario.appraisers[0]!.token);
    server.deps.clock.advance(20 * DAY_MS);
    admin = await createAdmin(server);
    expect(codeOf(await server.gql(SETTLE_UNANSWERED, variables, admin.token))).toBe('invalid_state');
  });
});

describe('a void sale', () => {
  it('puts the property back: the seller reports the sale again naming the right agent, who confirms it, and the new claim is paid', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const [wrong, right] = scenario.appraisers;
    const first = await reportSold(scenario, 0);
    await server.gql(`mutation($id: ID!) { disputePropertySale(id: $id) { id } }`, { id: first.id }, wrong!.token);
    const admin = await createAdmin(server);
    const voided = await server.gql(
      SETTLE_DISPUTED,
      { id: first.id, outcome: 'SALE_VOID', reason: 'The seller named the wrong agent' },
      admin.token,
    );
    expect(voided.errors).toBeUndefined();
    expect(await propertyOf(scenario.property.id)).toMatchObject({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_USE_LISTWISE' });

    const second = await reportSold(scenario, 1);
    expect(second.id).not.toBe(first.id);
    expect(second.sellingAgentUserId).toBe(right!.userId);
    expect(await propertyOf(scenario.property.id)).toMatchObject({ completeType: 'SOLD_UNCONDITIONALLY' });
    const confirmed = await server.gql(CONFIRM, { id: second.id, salePrice: 905_000, contractDate: '2026-10-03' }, right!.token);
    expect(confirmed.errors).toBeUndefined();
    expect((await claimOf(second.id)).status).toBe('PAYABLE');
    expect((await claimOf(first.id)).status).toBe('VOID');
    // The seller follows the claim that stands.
    const seen = await server.gql<{ property: { cashbackClaim: { status: string } } }>(
      `query($id: ID!) { property(id: $id) { cashbackClaim { status } } }`,
      { id: scenario.property.id },
      scenario.seller.token,
    );
    expect(seen.data!.property.cashbackClaim.status).toBe('PAYABLE');
    // Only one sale of a property stands at a time: reporting a third is refused while the second stands.
    expect(
      codeOf(await server.gql(SOLD, { propertyId: scenario.property.id, sellingAgentId: wrong!.userId, ...BANK }, scenario.seller.token)),
    ).toBe('cannot_update_complete_type_for_uncoditionally_sold_property');
  });

  it('lets the seller list the property again instead', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    await server.gql(`mutation($id: ID!) { disputePropertySale(id: $id) { id } }`, { id: sale.id }, scenario.appraisers[0]!.token);
    const admin = await createAdmin(server);
    await server.gql(SETTLE_DISPUTED, { id: sale.id, outcome: 'SALE_VOID', reason: 'Not sold after all' }, admin.token);
    const relisted = await server.gql<{ relistProperty: { state: string } }>(
      `mutation($id: ID!) { relistProperty(propertyId: $id) { id state } }`,
      { id: scenario.property.id },
      scenario.seller.token,
    );
    expect(relisted.errors).toBeUndefined();
    expect(relisted.data!.relistProperty.state).toBe('ACTIVE');
  });
});
