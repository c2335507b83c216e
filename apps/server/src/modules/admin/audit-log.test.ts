import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUDIT_ACTIONS } from '@listwise/domain/audit-log';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, login } from '../../test/factories.ts';
import { findSuburb, gqlOk } from '../appraisals/test-factories.ts';
import { BANK, CONFIRM, createAppraisedProperty, DECLINING_CARD, SOLD, subscribeAgent } from '../sales/test-factories.ts';
import { eq } from 'drizzle-orm';
import { propertySales } from '../../db/schema/sales.ts';

/**
 * The console's audit log (issue 23, item 15): each entry names what it touched (listings, agents, sellers, suburbs),
 * and the log filters by action, by operator and by a time range, server-side.
 */
let server: TestServer;
const operators: { token: string; id: string; email: string }[] = [];
beforeAll(async () => {
  server = await startTestServer();
  for (let i = 0; i < 2; i++) {
    const { token } = await createAdmin(server);
    const me = await gqlOk<{ me: { id: string; email: string } }>(server, `{ me { id email } }`, {}, token);
    operators.push({ token, ...me.me });
  }
});
afterAll(() => server?.stop());

interface Entry {
  action: string;
  admin: { id: string };
  createdAt: string;
  touched: { kind: string; id: string; name: string; email: string | null }[];
}
const LOG = `query($action: AdminAuditAction, $adminUserId: ID, $createdFrom: String, $createdBefore: String, $first: Int) {
  adminAuditLog(action: $action, adminUserId: $adminUserId, createdFrom: $createdFrom, createdBefore: $createdBefore, first: $first) {
    edges { node { action admin { id } createdAt touched { kind id name email } } }
  }
}`;
const log = async (variables: Record<string, unknown>, token = operators[0]!.token) =>
  (await gqlOk<{ adminAuditLog: { edges: { node: Entry }[] } }>(server, LOG, { first: 50, ...variables }, token)).adminAuditLog.edges.map(
    (e) => e.node,
  );

describe('the audit log', () => {
  let bondiId: number;
  let bondiName: string;
  let sale: { id: string; propertyId: string };
  let agentUserId: string;
  let sellerUserId: string;
  const DAY = 86_400_000;

  beforeAll(async () => {
    const [first, second] = operators;
    // Operator 1 changes a suburb's maximum today; operator 2, two days later, cancels an agent's subscription and
    // retries a declined lead fee (audited even though the card declines again).
    const bondi = await findSuburb(server, 'bondi beach');
    bondiId = bondi.id;
    bondiName = `${bondi.name} ${bondi.state} ${bondi.postcode}`;
    await gqlOk(
      server,
      `mutation($id: ID!) { setSuburbSubscribedAgentsMax(suburbId: $id, subscribedAgentsMax: 4) { id } }`,
      { id: String(bondi.id) },
      first!.token,
    );
    server.deps.clock.advance(2 * DAY);
    // Two days on, the operators' sessions have ended (12 hours without use, issue 19): they sign in again.
    for (const operator of operators) operator.token = await login(server, operator.email);
    const scenario = await createAppraisedProperty(server, { appraisers: 1, card: DECLINING_CARD });
    const agent = scenario.appraisers[0]!;
    agentUserId = agent.userId;
    sellerUserId = scenario.seller.userId;
    await gqlOk(server, SOLD, { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK }, scenario.seller.token);
    const row = (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) }))!;
    sale = row;
    await server.gql(CONFIRM, { id: row.id, salePrice: 1_100_000, contractDate: '2026-11-10' }, agent.token);
    const subscription = await subscribeAgent(server, agent.userId, bondi.id);
    await gqlOk(
      server,
      `mutation($id: ID!) { cancelSuburbSubscriptionAsAdmin(suburbSubscriptionId: $id) { id } }`,
      { id: subscription.id },
      second!.token,
    );
    expect(
      codeOf(await server.gql(`mutation($id: ID!) { retryLeadFeeCharge(propertySaleId: $id) { id } }`, { id: row.id }, second!.token)),
    ).toBe('payment_declined');
  });

  it('names what each action touched: the suburb, the agent and suburb of a subscription, the listing and people of a sale', async () => {
    const entries = await log({});
    const byAction = (action: string) => entries.find((e) => e.action === action)!;
    expect(byAction('SET_SUBSCRIBED_AGENTS_MAX').touched).toEqual([{ kind: 'SUBURB', id: String(bondiId), name: bondiName, email: null }]);
    const cancelled = byAction('CANCEL_SUBSCRIPTION').touched;
    expect(cancelled.map((t) => [t.kind, t.id])).toEqual([
      ['AGENT', agentUserId],
      ['SUBURB', String(bondiId)],
    ]);
    expect(cancelled[0]!.email).toMatch(/@/);
    const retried = byAction('RETRY_LEAD_FEE').touched;
    expect(retried.map((t) => [t.kind, t.id])).toEqual([
      ['LISTING', sale.propertyId],
      ['AGENT', agentUserId],
      ['SELLER', sellerUserId],
    ]);
    expect(retried[0]!.name).toMatch(/NSW \d{4}$/);
  });

  it('filters by action, by operator and by a time range, together or alone', async () => {
    const [first, second] = operators;
    expect((await log({ action: 'CANCEL_SUBSCRIPTION' })).map((e) => [e.action, e.admin.id])).toEqual([
      ['CANCEL_SUBSCRIPTION', second!.id],
    ]);
    expect((await log({ adminUserId: first!.id })).map((e) => e.action)).toEqual(['SET_SUBSCRIBED_AGENTS_MAX']);
    expect((await log({ adminUserId: second!.id })).map((e) => e.action)).toEqual(['RETRY_LEAD_FEE', 'CANCEL_SUBSCRIPTION']);
    expect(await log({ adminUserId: second!.id, action: 'SET_SUBSCRIBED_AGENTS_MAX' })).toEqual([]);

    // The range is [createdFrom, createdBefore): a day ago splits the first operator's entry from the second's.
    const now = server.deps.clock.now().getTime();
    const dayAgo = new Date(now - DAY).toISOString();
    expect((await log({ createdBefore: dayAgo })).map((e) => e.action)).toEqual(['SET_SUBSCRIBED_AGENTS_MAX']);
    expect((await log({ createdFrom: dayAgo })).map((e) => e.action)).toEqual(['RETRY_LEAD_FEE', 'CANCEL_SUBSCRIPTION']);
    const [latest] = await log({ createdFrom: dayAgo });
    expect(await log({ createdFrom: dayAgo, createdBefore: latest!.createdAt })).toHaveLength(1);
    expect(await log({ createdFrom: new Date(now + DAY).toISOString() })).toEqual([]);
  });

  it('refuses a filter it cannot read, with a catalogue code', async () => {
    expect(codeOf(await server.gql(LOG, { adminUserId: 'not-an-id' }, operators[0]!.token))).toBe('not_found');
    expect(codeOf(await server.gql(LOG, { createdFrom: 'yesterday' }, operators[0]!.token))).toBe('validation_failed');
    expect(codeOf(await server.gql(LOG, { createdBefore: '2026-13-45' }, operators[0]!.token))).toBe('validation_failed');
    expect(codeOf(await server.gql(LOG, { createdFrom: '-100000-01-01T00:00:00Z' }, operators[0]!.token))).toBe('validation_failed');
    // Enum values GraphQL cannot coerce are refused before any resolver runs.
    expect(codeOf(await server.gql(LOG, { action: 'DELETE_EVERYTHING' }, operators[0]!.token))).toBe('bad_request');
  });

  it('lists the operators to filter by, and offers every action the server records', async () => {
    const list = await gqlOk<{ adminOperators: { id: string }[] }>(server, `{ adminOperators { id } }`, {}, operators[1]!.token);
    expect(list.adminOperators.map((o) => o.id).sort()).toEqual(operators.map((o) => o.id).sort());
    const type = await gqlOk<{ __type: { enumValues: { name: string }[] } }>(
      server,
      `{ __type(name: "AdminAuditAction") { enumValues { name } } }`,
      {},
      operators[0]!.token,
    );
    expect(type.__type.enumValues.map((v) => v.name).sort()).toEqual([...ADMIN_AUDIT_ACTIONS].sort());
  });
});
