import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { createSeller } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { subscribeAgent } from '../sales/test-factories.ts';
import { createAgent, createAppraisalScenario, draftCompleteAppraisal, gqlOk, submitAppraisal } from './test-factories.ts';

/**
 * Declining a request (issue 23): the agent says no with a reason from the short list; the seller is told at once
 * and can ask the suburb's other agents (`requestAppraisalsFromMoreAgents`).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const DECLINE = `mutation($id: ID!, $r: AppraisalRequestDeclineReason!) {
  declinePropertyAppraisalRequest(id: $id, reason: $r) { id state declineReason } }`;
const ASKED = `query($id: ID!) { property(id: $id) { id pendingAppraisalRequestCount agentsAsked { progress declineReason agent { id } } } }`;
const ASK_MORE = `mutation($id: ID!, $a: [ID!]!) { requestAppraisalsFromMoreAgents(propertyId: $id, selectedAgents: $a) { id } }`;
const PENDING_TAB = `{ myPendingAppraisalRequests(first: 10) { edges { node { id state declineReason } } } }`;

describe('an agent declines a request', () => {
  it('with a reason: the request is DECLINED, the seller is e-mailed at once, and sees the reason', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 2);
    const [first] = agents;
    const { declinePropertyAppraisalRequest: declined } = await gqlOk<{
      declinePropertyAppraisalRequest: { state: string; declineReason: string };
    }>(server, DECLINE, { id: first!.request.id, r: 'CONFLICT_OF_INTEREST' }, first!.token);
    expect(declined).toMatchObject({ state: 'DECLINED', declineReason: 'CONFLICT_OF_INTEREST' });

    const [mail] = await server.emailsTo(seller.email);
    expect(mail!.subject).toBe('Agent 1 cannot appraise your property');
    expect(mail!.text).toContain('I have a conflict of interest with this property');
    expect(mail!.text).toContain(`/property/${property.id}#agents-asked`);

    const { property: seen } = await gqlOk<{
      property: { pendingAppraisalRequestCount: number; agentsAsked: { progress: string; declineReason: string | null }[] };
    }>(server, ASKED, { id: property.id }, seller.token);
    expect(seen.pendingAppraisalRequestCount).toBe(1);
    expect(seen.agentsAsked.map((a) => [a.progress, a.declineReason])).toEqual([
      ['DECLINED', 'CONFLICT_OF_INTEREST'],
      ['SENT', null],
    ]);
    // The agent keeps it in the requests tab, marked declined.
    const { myPendingAppraisalRequests } = await gqlOk<{
      myPendingAppraisalRequests: { edges: { node: { id: string; state: string } }[] };
    }>(server, PENDING_TAB, {}, first!.token);
    expect(myPendingAppraisalRequests.edges.map((e) => e.node)).toContainEqual(
      expect.objectContaining({ id: first!.request.id, state: 'DECLINED' }),
    );

    // Once only; and never someone else's request, nor a reason off the list (GraphQL refuses it before any rule runs).
    expect(codeOf(await server.gql(DECLINE, { id: first!.request.id, r: 'TOO_BUSY' }, first!.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(DECLINE, { id: agents[1]!.request.id, r: 'TOO_BUSY' }, first!.token))).toBe('not_found');
    expect(codeOf(await server.gql(DECLINE, { id: agents[1]!.request.id, r: 'BORED' }, agents[1]!.token))).toBe('bad_request');
  });

  it('cannot decline a request already answered with an appraisal', async () => {
    const { agents } = await createAppraisalScenario(server, 1);
    const appraisalId = await draftCompleteAppraisal(server, agents[0]!.token, agents[0]!.request.id);
    await submitAppraisal(server, agents[0]!.token, appraisalId);
    expect(codeOf(await server.gql(DECLINE, { id: agents[0]!.request.id, r: 'TOO_BUSY' }, agents[0]!.token))).toBe('invalid_state');
  });

  it('the last request declined tells the seller every agent has responded', async () => {
    const { seller, agents } = await createAppraisalScenario(server, 1);
    await gqlOk(server, DECLINE, { id: agents[0]!.request.id, r: 'TOO_BUSY' }, agents[0]!.token);
    const subjects = (await server.emailsTo(seller.email)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Agent 1 cannot appraise your property', 'All your agents have responded']));
  });
});

describe('the seller asks other agents', () => {
  it('asks agents of the suburb not asked yet, within five; never one asked before or one who serves elsewhere', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 2);
    for (const agent of agents) await subscribeAgent(server, agent.userId, property.suburbId!);
    await gqlOk(server, DECLINE, { id: agents[0]!.request.id, r: 'TOO_BUSY' }, agents[0]!.token);
    const other = await createAgent(server, { name: 'Other Agent' });
    await subscribeAgent(server, other.userId, property.suburbId!);
    const elsewhere = await createAgent(server, { name: 'Elsewhere Agent' });

    // The agent who declined, and an agent who does not serve the suburb, cannot be asked.
    expect(codeOf(await server.gql(ASK_MORE, { id: property.id, a: [agents[0]!.userId] }, seller.token))).toBe('validation_failed');
    expect(codeOf(await server.gql(ASK_MORE, { id: property.id, a: [elsewhere.userId] }, seller.token))).toBe('not_found');
    expect(codeOf(await server.gql(ASK_MORE, { id: property.id, a: [] }, seller.token))).toBe('validation_failed');
    const stranger = await createSeller(server);
    expect(codeOf(await server.gql(ASK_MORE, { id: property.id, a: [other.userId] }, stranger.token))).toBe('not_found');

    await gqlOk(server, ASK_MORE, { id: property.id, a: [other.userId] }, seller.token);
    const request = await server.deps.db.query.propertyAppraisalRequests.findFirst({
      where: (r, { and }) => and(eq(r.propertyId, property.id), eq(r.agentUserId, other.userId)),
    });
    expect(request).toMatchObject({ state: 'PENDING' });
    expect((await server.emailsTo(other.email)).map((m) => m.subject)).toContain('New appraisal request');

    // Five still answering at most: two are (the other first agent, and the one just asked), so four more make six.
    const extra = [];
    for (let i = 0; i < 4; i++) {
      const agent = await createAgent(server, { name: `Extra ${i}` });
      await subscribeAgent(server, agent.userId, property.suburbId!);
      extra.push(agent.userId);
    }
    expect(codeOf(await server.gql(ASK_MORE, { id: property.id, a: extra }, seller.token))).toBe('validation_failed');
    await gqlOk(server, ASK_MORE, { id: property.id, a: extra.slice(0, 3) }, seller.token);
    const live = await server.deps.db.select().from(propertyAppraisalRequests).where(eq(propertyAppraisalRequests.propertyId, property.id));
    expect(live.filter((r) => r.state === 'PENDING')).toHaveLength(5);
    expect(codeOf(await server.gql(ASK_MORE, { id: property.id, a: [extra[3]] }, seller.token))).toBe('validation_failed');
  });
});
