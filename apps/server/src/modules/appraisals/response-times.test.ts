import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyAppraisals, propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { subscribeAgent } from '../sales/test-factories.ts';
import { createActiveProperty, createAgent, createRequest, createSeller, gqlOk } from './test-factories.ts';
import { eq } from 'drizzle-orm';

/** The agent's home: median minutes to first view and to appraisal over 90 days, beside their suburbs' medians. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const QUERY = `{ myResponseTimes { requestCount firstViewMedianMinutes appraisalMedianMinutes suburbFirstViewMedianMinutes suburbAppraisalMedianMinutes } }`;
const MINUTE = 60_000;

describe('myResponseTimes', () => {
  it("gives the agent's medians over 90 days beside every agent's in the agent's suburbs", async () => {
    const seller = await createSeller(server);
    const agent = await createAgent(server, { name: 'Quick Agent' });
    const other = await createAgent(server, { name: 'Other Agent' });
    const now = server.deps.clock.now();
    const answer = async (agentUserId: string, daysAgo: number, viewAfter: number, appraiseAfter: number | null) => {
      const property = await createActiveProperty(server, seller.userId, { suburbId: suburb, photos: 0 });
      const requestedAt = new Date(now.getTime() - daysAgo * 86_400_000);
      const request = await createRequest(server, property.id, agentUserId, { requestedAt });
      await server.deps.db
        .update(propertyAppraisalRequests)
        .set({ seenByAgentAt: new Date(requestedAt.getTime() + viewAfter * MINUTE) })
        .where(eq(propertyAppraisalRequests.id, request.id));
      if (appraiseAfter !== null) {
        await server.deps.db.insert(propertyAppraisals).values({
          appraisalRequestId: request.id,
          propertyId: property.id,
          agentUserId,
          state: 'SUBMITTED',
          sentAt: new Date(requestedAt.getTime() + appraiseAfter * MINUTE),
        });
      }
    };
    const suburb = (await server.deps.db.query.suburbs.findFirst({ where: (s, { eq }) => eq(s.name, 'Manly') }))!.id;
    await subscribeAgent(server, agent.userId, suburb);
    await subscribeAgent(server, other.userId, suburb);
    await answer(agent.userId, 1, 10, 120);
    await answer(agent.userId, 2, 20, 240);
    await answer(agent.userId, 3, 60, null);
    await answer(agent.userId, 100, 1, 1); // older than 90 days: left out
    await answer(other.userId, 1, 5, 600);

    const { myResponseTimes } = await gqlOk<{ myResponseTimes: Record<string, number> }>(server, QUERY, {}, agent.token);
    expect(myResponseTimes).toEqual({
      requestCount: 3,
      firstViewMedianMinutes: 20,
      appraisalMedianMinutes: 180,
      suburbFirstViewMedianMinutes: 15,
      suburbAppraisalMedianMinutes: 240,
    });
    expect(codeOf(await server.gql(QUERY, {}, seller.token))).toBe('forbidden');
  });
});
