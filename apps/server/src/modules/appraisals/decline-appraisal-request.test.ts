import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { notifyAgentJoinAlerts } from '../public-pages/agent-join-alerts.service.ts';
import { createSeller } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { subscribeAgent } from '../sales/test-factories.ts';
import { createAgent, createAppraisalScenario, draftCompleteAppraisal, findSuburb, gqlOk, submitAppraisal } from './test-factories.ts';

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
const DECLINE_WITH_NOTE = `mutation($id: ID!, $r: AppraisalRequestDeclineReason!, $n: String) {
  declinePropertyAppraisalRequest(id: $id, reason: $r, note: $n) { id } }`;
const ALERT = `mutation($id: ID!) { askToBeToldWhenAgentJoins(propertyId: $id) { id isWaitingForAgentAlert } }`;
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

  it('the last request declined: one e-mail says so, and says no other agent is left to ask when none is', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 1);
    await server.deps.db
      .update(properties)
      .set({ suburbId: (await findSuburb(server, 'manly')).id })
      .where(eq(properties.id, property.id));
    await gqlOk(server, DECLINE, { id: agents[0]!.request.id, r: 'TOO_BUSY' }, agents[0]!.token);
    const mails = await server.emailsTo(seller.email);
    expect(mails.map((m) => m.subject)).toEqual(['Agent 1 cannot appraise your property']);
    expect(mails[0]!.text).toContain('Every agent you asked has now answered or their request has expired. You received 0 appraisals.');
    expect(mails[0]!.text).toContain('No other agent you can ask serves your suburb on Listwise at the moment');
    expect(mails[0]!.text).not.toContain('Other agents serve');
  });

  it("from the locked preview, before the payment condition, with 'I have another reason' and a note the seller reads", async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 2);
    const [first] = agents;
    expect(codeOf(await server.gql(DECLINE_WITH_NOTE, { id: first!.request.id, r: 'OTHER', n: '  ' }, first!.token))).toBe(
      'validation_failed',
    );
    expect(codeOf(await server.gql(DECLINE_WITH_NOTE, { id: first!.request.id, r: 'OTHER', n: 'x'.repeat(201) }, first!.token))).toBe(
      'validation_failed',
    );
    await gqlOk(
      server,
      DECLINE_WITH_NOTE,
      { id: first!.request.id, r: 'OTHER', n: ' I sold the unit next door last month ' },
      first!.token,
    );
    const stored = await server.deps.db.query.propertyAppraisalRequests.findFirst({ where: (r) => eq(r.id, first!.request.id) });
    expect(stored).toMatchObject({ state: 'DECLINED', declineReason: 'OTHER', declineNote: 'I sold the unit next door last month' });
    expect(stored!.paymentConditionAcceptedAt).toBeNull();
    const [mail] = await server.emailsTo(seller.email);
    expect(mail!.text).toContain('“I sold the unit next door last month”');
    const { property: seen } = await gqlOk<{ property: { agentsAsked: { declineReason: string; declineNote: string | null }[] } }>(
      server,
      `query($id: ID!) { property(id: $id) { agentsAsked { declineReason declineNote } } }`,
      { id: property.id },
      seller.token,
    );
    expect(seen.agentsAsked[0]).toEqual({ declineReason: 'OTHER', declineNote: 'I sold the unit next door last month' });
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

describe('a seller with no agent left to ask', () => {
  it('asks to be e-mailed when one joins, and is e-mailed once when an agent they may ask serves the suburb', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 1);
    const mosman = await findSuburb(server, 'mosman');
    await server.deps.db.update(properties).set({ suburbId: mosman.id }).where(eq(properties.id, property.id));
    await subscribeAgent(server, agents[0]!.userId, mosman.id);
    // While the one agent serving the suburb is still answering, nobody is left to ask: the seller may wait for one.
    const { askToBeToldWhenAgentJoins: waiting } = await gqlOk<{ askToBeToldWhenAgentJoins: { isWaitingForAgentAlert: boolean } }>(
      server,
      ALERT,
      { id: property.id },
      seller.token,
    );
    expect(waiting.isWaitingForAgentAlert).toBe(true);
    const stranger = await createSeller(server);
    expect(codeOf(await server.gql(ALERT, { id: property.id }, stranger.token))).toBe('not_found');

    expect(await notifyAgentJoinAlerts(server.deps)).toBe(0);
    const joined = await createAgent(server, { name: 'New Agent' });
    await subscribeAgent(server, joined.userId, mosman.id);
    expect(await notifyAgentJoinAlerts(server.deps)).toBe(1);
    expect(await notifyAgentJoinAlerts(server.deps)).toBe(0);
    const [mail] = (await server.emailsTo(seller.email)).filter((m) => m.subject === 'An agent now serves Mosman on Listwise');
    expect(mail!.text).toContain(`/property/${property.id}#ask-more-title`);

    // Now an agent is left to ask, so the page offers them instead of the alert.
    expect(codeOf(await server.gql(ALERT, { id: property.id }, seller.token))).toBe('invalid_state');
    await gqlOk(server, ASK_MORE, { id: property.id, a: [joined.userId] }, seller.token);
  });
});
