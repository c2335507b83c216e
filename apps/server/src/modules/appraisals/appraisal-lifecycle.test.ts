import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { APPRAISAL_QUEUES, expireAppraisalRequests, remindAgentsOfExpiringRequests } from './appraisal-lifecycle.ts';
import { createAppraisalScenario, draftCompleteAppraisal, submitAppraisal } from './test-factories.ts';

/**
 * The time-driven rules: expiry after 48 hours, the 12-hours-left reminder, and the seller's 'all responded'
 * e-mail. The clock is moved forward, then the job handlers run directly (as the workers and /dev/jobs/run do).
 * The scheduled workers may run the same handlers meanwhile, so assertions are on outcomes, not return values.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ENABLE_TEST_CLOCK: 'true' });
});
afterAll(() => server?.stop());

const HOUR = 60 * 60 * 1000;

const stateOf = async (ids: string[]) => {
  const rows = await server.deps.db
    .select({ id: propertyAppraisalRequests.id, state: propertyAppraisalRequests.state })
    .from(propertyAppraisalRequests)
    .where(inArray(propertyAppraisalRequests.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!.state);
};
const templatesTo = async (email: string) => (await server.emailsTo(email)).map((m) => m.template).sort();

describe('appraisal request lifecycle', () => {
  it('reminds once at 12 hours left, expires at 48 hours, and tells agent and seller', async () => {
    const { agents, seller, property } = await createAppraisalScenario(server, 2);
    const [answering, silent] = agents as [(typeof agents)[number], (typeof agents)[number]];
    await submitAppraisal(server, answering.token, await draftCompleteAppraisal(server, answering.token, answering.request.id));

    // 35 hours in: 13 hours left, no reminder yet.
    server.deps.clock.advance(35 * HOUR);
    await remindAgentsOfExpiringRequests(server.deps);
    expect(await templatesTo(silent.email)).toEqual([]);

    // 36.5 hours in: 11.5 hours left, one reminder, however often the job runs.
    server.deps.clock.advance(1.5 * HOUR);
    await remindAgentsOfExpiringRequests(server.deps);
    await remindAgentsOfExpiringRequests(server.deps);
    const reminders = (await server.emailsTo(silent.email)).filter((m) => m.template === 'appraisal-request-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toMatch(/expires in about 1[12] hours/);
    // Details are hidden from an agent who has not accepted the condition: suburb only, no street.
    expect(reminders[0]!.text).toContain('a property in Bondi NSW');
    expect(reminders[0]!.text).not.toContain('Campbell Parade');
    expect(reminders[0]!.text).toContain(`/agent/appraisal-request/${silent.request.id}`);
    // The agent who already answered is never reminded.
    expect(await templatesTo(answering.email)).toEqual([]);

    // Not yet expired a minute before 48 hours.
    server.deps.clock.advance(11.5 * HOUR - 60_000);
    await expireAppraisalRequests(server.deps);
    expect(await stateOf([silent.request.id])).toEqual(['PENDING']);
    expect((await server.emailsTo(seller.email)).filter((m) => m.template === 'appraisal-requests-settled')).toHaveLength(0);

    server.deps.clock.advance(60_000);
    await expireAppraisalRequests(server.deps);
    await expireAppraisalRequests(server.deps);
    expect(await stateOf([answering.request.id, silent.request.id])).toEqual(['COMPLETE', 'EXPIRED']);
    expect(await templatesTo(silent.email)).toEqual(['appraisal-request-expired', 'appraisal-request-reminder']);

    const settled = (await server.emailsTo(seller.email)).filter((m) => m.template === 'appraisal-requests-settled');
    expect(settled).toHaveLength(1);
    expect(settled[0]!.text).toContain('1 appraisal');
    expect(settled[0]!.text).toContain(`/property/${property.id}#appraisals`);

    // The expired request can no longer be appraised.
    const START = `mutation($id: ID!) { startNewDraftPropertyAppraisal(propertyAppraisalRequestId: $id) { id } }`;
    expect(codeOf(await server.gql(START, { id: silent.request.id }, silent.token))).toBe('invalid_state');
  });

  it('names the street in agent e-mails once the condition is accepted, and leaves other properties alone', async () => {
    const expiring = await createAppraisalScenario(server);
    const agent = expiring.agents[0]!;
    await server.gql(`mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: agent.request.id }, agent.token);
    await server.deps.db
      .update(propertyAppraisalRequests)
      .set({ expiresAt: new Date(server.deps.clock.now().getTime() - 1) })
      .where(eq(propertyAppraisalRequests.id, agent.request.id));
    const fresh = await createAppraisalScenario(server);

    await expireAppraisalRequests(server.deps);
    expect(await stateOf([agent.request.id, fresh.agents[0]!.request.id])).toEqual(['EXPIRED', 'PENDING']);
    const [expired] = (await server.emailsTo(agent.email)).filter((m) => m.template === 'appraisal-request-expired');
    expect(expired!.text).toContain('2/14 Campbell Parade, Bondi NSW');
    // The only request expired without an appraisal: the seller still hears that every agent has responded.
    const [settled] = (await server.emailsTo(expiring.seller.email)).filter((m) => m.template === 'appraisal-requests-settled');
    expect(settled!.text).toContain('0 appraisals');
  });

  it('runs through POST /dev/jobs/run, and the clock through POST /dev/clock', async () => {
    const { agents } = await createAppraisalScenario(server);
    const moved = await fetch(`${server.url}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 49 * HOUR }),
    });
    expect(moved.status).toBe(200);
    const run = await fetch(`${server.url}/dev/jobs/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queue: APPRAISAL_QUEUES.expireRequests }),
    });
    expect(run.status).toBe(200);
    expect(await stateOf([agents[0]!.request.id])).toEqual(['EXPIRED']);

    const unknown = await fetch(`${server.url}/dev/jobs/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queue: 'no.such.queue' }),
    });
    expect(unknown.status).toBe(400);
  });

  it('runs several queues in one request, in the order named, and refuses the lot when one is unknown', async () => {
    const { agents } = await createAppraisalScenario(server);
    const post = (body: unknown) =>
      fetch(`${server.url}/dev/jobs/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const refused = await post({ queues: [APPRAISAL_QUEUES.remindAgents, 'no.such.queue', APPRAISAL_QUEUES.expireRequests] });
    expect(refused.status).toBe(400);
    await fetch(`${server.url}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 49 * HOUR }),
    });
    expect(await stateOf([agents[0]!.request.id])).toEqual(['PENDING']);
    const run = await post({ queues: [APPRAISAL_QUEUES.remindAgents, APPRAISAL_QUEUES.expireRequests] });
    expect(run.status).toBe(200);
    const body = (await run.json()) as { results: { queue: string }[] };
    expect(body.results.map((r) => r.queue)).toEqual([APPRAISAL_QUEUES.remindAgents, APPRAISAL_QUEUES.expireRequests]);
    expect(await stateOf([agents[0]!.request.id])).toEqual(['EXPIRED']);
  });
});
