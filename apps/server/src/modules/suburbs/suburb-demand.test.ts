import { and, count, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema/properties.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createSeller } from '../../test/factories.ts';
import { createActiveProperty, createRequest, findSuburb } from '../appraisals/test-factories.ts';
import { createSellingAgent, subscribeAgent } from '../sales/test-factories.ts';

/**
 * Issue 12: `Suburb.demand` — recent listings (bucketed under 3) and how many agents hold the suburb; issue 23: how
 * many sellers there wait for an agent.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const DAY = 24 * 60 * 60 * 1000;
const DEMAND = `query($ids: [ID!]!) { suburbs(ids: $ids) { id name demand { listingsLast90Days sellersWaitingForAgent subscribedAgentsCount subscribedAgentsMax } } }`;
type DemandAnswer = {
  suburbs: {
    id: string;
    name: string;
    demand: {
      listingsLast90Days: number | null;
      sellersWaitingForAgent: number;
      subscribedAgentsCount: number;
      subscribedAgentsMax: number;
    };
  }[];
};

async function publishedListings(suburbId: number, n: number, daysAgo = 1) {
  const seller = await createSeller(server);
  for (let i = 0; i < n; i++) {
    const property = await createActiveProperty(server, seller.userId, { suburbId });
    await server.deps.db
      .update(properties)
      .set({ submittedAt: new Date(server.deps.clock.now().getTime() - daysAgo * DAY) })
      .where(eq(properties.id, property.id));
  }
}

const recentCount = async (suburbId: number) => {
  const [row] = await server.deps.db
    .select({ n: count() })
    .from(properties)
    .where(
      and(
        eq(properties.suburbId, suburbId),
        isNotNull(properties.submittedAt),
        gt(properties.submittedAt, new Date(server.deps.clock.now().getTime() - 90 * DAY)),
      ),
    );
  return row!.n;
};

describe('Suburb.demand', () => {
  it('counts listings published in the last 90 days, says nothing below 3, and ignores older ones and drafts', async () => {
    const few = await findSuburb(server, 'manly', 'NSW');
    const many = await findSuburb(server, 'coogee', 'NSW');
    await publishedListings(few.id, 2);
    await publishedListings(many.id, 4);
    await publishedListings(many.id, 2, 91); // too old
    const drafter = await createSeller(server);
    await server.deps.db.insert(properties).values({ sellerUserId: drafter.userId, state: 'DRAFT', suburbId: many.id });

    const answer = await server.gql<DemandAnswer>(DEMAND, { ids: [String(few.id), String(many.id)] });
    expect(answer.errors).toBeUndefined();
    const byId = new Map(answer.data!.suburbs.map((s) => [Number(s.id), s.demand]));
    expect(byId.get(few.id)!.listingsLast90Days).toBeNull();
    expect(await recentCount(few.id)).toBe(2);
    expect(byId.get(many.id)!.listingsLast90Days).toBe(4);
    expect(await recentCount(many.id)).toBe(4);
  });

  it('shows the agents holding the suburb out of its maximum', async () => {
    const suburb = await findSuburb(server, 'bronte', 'NSW');
    for (let i = 0; i < 2; i++) {
      const agent = await createSellingAgent(server, { name: `Bronte Agent ${i}` });
      await subscribeAgent(server, agent.userId, suburb.id);
    }
    const answer = await server.gql<DemandAnswer>(DEMAND, { ids: [String(suburb.id)] });
    expect(answer.data!.suburbs[0]!.demand).toMatchObject({ subscribedAgentsCount: 2, subscribedAgentsMax: suburb.subscribedAgentsMax });
  });

  it('counts the sellers waiting for an agent: live listings no agent was asked about, each seller once', async () => {
    const suburb = await findSuburb(server, 'tamarama', 'NSW');
    const other = await findSuburb(server, 'waverley', 'NSW');
    const waiting = async () => {
      const answer = await server.gql<DemandAnswer>(DEMAND, { ids: [String(suburb.id), String(other.id)] });
      expect(answer.errors).toBeUndefined();
      return answer.data!.suburbs.map((s) => [Number(s.id), s.demand.sellersWaitingForAgent]);
    };
    expect(await waiting()).toEqual(
      expect.arrayContaining([
        [suburb.id, 0],
        [other.id, 0],
      ]),
    );

    // Two listings of one seller count once; a second seller makes two.
    const twice = await createSeller(server);
    await createActiveProperty(server, twice.userId, { suburbId: suburb.id });
    await createActiveProperty(server, twice.userId, { suburbId: suburb.id });
    const once = await createSeller(server);
    const onceListing = await createActiveProperty(server, once.userId, { suburbId: suburb.id });
    // Not waiting: a listing an agent was asked about, one held for the seller's verification with agents chosen, a
    // withdrawn one and a draft.
    const asked = await createSeller(server);
    const askedListing = await createActiveProperty(server, asked.userId, { suburbId: suburb.id });
    const agent = await createSellingAgent(server, { name: 'Tamarama Agent' });
    await createRequest(server, askedListing.id, agent.userId, { state: 'EXPIRED' });
    const held = await createSeller(server);
    const heldListing = await createActiveProperty(server, held.userId, { suburbId: suburb.id });
    await server.deps.db
      .update(properties)
      .set({ heldAgentUserIds: [agent.userId] })
      .where(eq(properties.id, heldListing.id));
    const gone = await createSeller(server);
    const goneListing = await createActiveProperty(server, gone.userId, { suburbId: suburb.id });
    await server.deps.db
      .update(properties)
      .set({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL' })
      .where(eq(properties.id, goneListing.id));
    await server.deps.db.insert(properties).values({ sellerUserId: gone.userId, state: 'DRAFT', suburbId: suburb.id });
    expect(await waiting()).toEqual(
      expect.arrayContaining([
        [suburb.id, 2],
        [other.id, 0],
      ]),
    );

    // Once an agent is asked about their listing, that seller no longer waits.
    await createRequest(server, onceListing.id, agent.userId);
    expect(await waiting()).toEqual(
      expect.arrayContaining([
        [suburb.id, 1],
        [other.id, 0],
      ]),
    );
  });

  it('costs one query per page of suburbs, not one per suburb', async () => {
    const page = await server.gql<{ searchSuburbs: { id: string }[] }>(`{ searchSuburbs(query: "bo", first: 10) { id } }`, {});
    const ids = page.data!.searchSuburbs.map((s) => s.id);
    expect(ids.length).toBeGreaterThan(3);
    const measure = async (query: string) => {
      const before = server.sqlCount();
      const result = await server.gql(query, { ids });
      expect(result.errors).toBeUndefined();
      return server.sqlCount() - before;
    };
    const without = await measure(`query($ids: [ID!]!) { suburbs(ids: $ids) { id } }`);
    const withDemand = await measure(DEMAND);
    // Three batched queries (recent listings, sellers waiting, live subscriptions), whatever the page size.
    expect(withDemand - without).toBe(3);
  });
});
