import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAppraisalScenario, createAgent, gqlOk } from '../appraisals/test-factories.ts';
import { subscribeAgent } from '../sales/test-factories.ts';

/**
 * A seller whose e-mail address is not verified sends no request to an agent, whatever the path: publishing, asking
 * more agents, or withdrawing and listing again. Each answers `email_not_verified` and sends nothing.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const ASK_MORE = `mutation($id: ID!, $a: [ID!]!) { requestAppraisalsFromMoreAgents(propertyId: $id, selectedAgents: $a) { id } }`;
const WITHDRAW = `mutation($id: ID!, $t: CompleteType!) { withdrawProperty(propertyId: $id, completeType: $t) { id state } }`;
const RELIST = `mutation($id: ID!) { relistProperty(propertyId: $id) { id state } }`;

const unverify = (userId: string) => server.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, userId));
const verify = (userId: string) => server.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
const requestsOf = (propertyId: string) =>
  server.deps.db.select().from(propertyAppraisalRequests).where(eq(propertyAppraisalRequests.propertyId, propertyId));

describe('e-mail verification before any request reaches an agent', { timeout: 120_000 }, () => {
  it('requestAppraisalsFromMoreAgents answers email_not_verified and asks nobody, then works once verified', async () => {
    const { seller, property } = await createAppraisalScenario(server, 1);
    const another = await createAgent(server, { name: 'Another Agent' });
    await subscribeAgent(server, another.userId, property.suburbId!);
    await unverify(seller.userId);

    const refused = await server.gql(ASK_MORE, { id: property.id, a: [another.userId] }, seller.token);
    expect(codeOf(refused)).toBe('email_not_verified');
    expect((await requestsOf(property.id)).map((r) => r.agentUserId)).not.toContain(another.userId);
    expect(await server.emailsTo(another.email)).toHaveLength(0);

    await verify(seller.userId);
    await gqlOk(server, ASK_MORE, { id: property.id, a: [another.userId] }, seller.token);
    expect((await requestsOf(property.id)).map((r) => r.agentUserId)).toContain(another.userId);
  });

  it('relisting a withdrawn listing answers email_not_verified, stays withdrawn and asks nobody again', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 1);
    await subscribeAgent(server, agents[0]!.userId, property.suburbId!);
    await gqlOk(server, WITHDRAW, { id: property.id, t: 'DECIDED_NOT_TO_USE_LISTWISE' }, seller.token);
    await unverify(seller.userId);
    const mailsBefore = (await server.emailsTo(agents[0]!.email)).length;

    const refused = await server.gql(RELIST, { id: property.id }, seller.token);
    expect(codeOf(refused)).toBe('email_not_verified');
    const row = await server.deps.db.query.properties.findFirst({ where: (p, { eq: is }) => is(p.id, property.id) });
    expect(row?.state).toBe('COMPLETE');
    expect((await requestsOf(property.id)).every((r) => r.state !== 'PENDING')).toBe(true);
    expect(await server.emailsTo(agents[0]!.email)).toHaveLength(mailsBefore);

    await verify(seller.userId);
    const relisted = await gqlOk<{ relistProperty: { state: string } }>(server, RELIST, { id: property.id }, seller.token);
    expect(relisted.relistProperty.state).toBe('ACTIVE');
  });
});
