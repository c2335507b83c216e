import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createAgent, findSuburb } from '../appraisals/test-factories.ts';
import { subscribeAgent } from '../sales/test-factories.ts';
import { findPublicFigures, findRankedAgentsForSuburb } from './public-agents.service.ts';
import { appraisalSent, confirmedSale, createPublicAgent, SET_VISIBLE, verifyLicence } from './test-factories.ts';

/** Issue 20: who is public, their figures and their order, through the API and the services the pages call. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OWN = `{ me { agentProfile { publicProfileVisible publicProfileUrl } } }`;
const SUBURB = `query($id: ID!) { suburbs(ids: [$id]) { name servingAgentsCount publicPageUrl
  publicAgents { id name publicProfileUrl } nearestSuburbsWithAgents { name postcode } } }`;

type Suburb = {
  name: string;
  servingAgentsCount: number;
  publicPageUrl: string;
  publicAgents: { id: string; name: string; publicProfileUrl: string | null }[];
  nearestSuburbsWithAgents: { name: string; postcode: string }[];
};
const suburbView = async (id: number) => {
  const result = await server.gql<{ suburbs: Suburb[] }>(SUBURB, { id: String(id) });
  expect(result.errors).toBeUndefined();
  return result.data!.suburbs[0]!;
};

describe('setAgentPublicProfileVisible and who is public', () => {
  it('shows a profile only once the agent turns it on, the licence is verified and a subscription lives', async () => {
    const suburb = await findSuburb(server, 'tamarama');
    const agent = await createAgent(server, { name: 'Tess Tamarama' });
    await subscribeAgent(server, agent.userId, suburb.id);

    // Turned on, but the licence is not verified yet: not public.
    const on = await server.gql<{ setAgentPublicProfileVisible: { publicProfileVisible: boolean; publicProfileUrl: string | null } }>(
      SET_VISIBLE,
      { visible: true },
      agent.token,
    );
    expect(on.data!.setAgentPublicProfileVisible).toEqual({ id: expect.any(String), publicProfileVisible: true, publicProfileUrl: null });
    expect((await suburbView(suburb.id)).publicAgents).toEqual([]);

    await verifyLicence(server, agent.userId);
    const own = await server.gql<{ me: { agentProfile: { publicProfileUrl: string | null } } }>(OWN, {}, agent.token);
    const profile = await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.userId) });
    expect(own.data!.me.agentProfile.publicProfileUrl).toBe(`http://127.0.0.1:3999/agent/tess-tamarama-${profile!.publicId}`);
    expect((await suburbView(suburb.id)).publicAgents.map((a) => a.name)).toEqual(['Tess Tamarama']);

    // Turned off: gone at once.
    const off = await server.gql<{ setAgentPublicProfileVisible: { publicProfileUrl: string | null } }>(
      SET_VISIBLE,
      { visible: false },
      agent.token,
    );
    expect(off.data!.setAgentPublicProfileVisible.publicProfileUrl).toBeNull();
    expect((await suburbView(suburb.id)).publicAgents).toEqual([]);
  });

  it('tells the agent what keeps the profile off the public pages, condition by condition', async () => {
    const suburb = await findSuburb(server, 'clovelly');
    const agent = await createAgent(server, { name: 'Rhea Reasons' });
    const reasons = async () => {
      const result = await server.gql<{ me: { agentProfile: { publicProfileHiddenReasons: string[]; publicProfileUrl: string | null } } }>(
        `{ me { agentProfile { publicProfileHiddenReasons publicProfileUrl } } }`,
        {},
        agent.token,
      );
      expect(result.errors).toBeUndefined();
      return result.data!.me.agentProfile;
    };
    expect((await reasons()).publicProfileHiddenReasons).toEqual(['TURNED_OFF', 'LICENCE_NOT_VERIFIED', 'NO_LIVE_SUBSCRIPTION']);
    await server.gql(SET_VISIBLE, { visible: true }, agent.token);
    await verifyLicence(server, agent.userId);
    expect((await reasons()).publicProfileHiddenReasons).toEqual(['NO_LIVE_SUBSCRIPTION']);
    await subscribeAgent(server, agent.userId, suburb.id);
    expect(await reasons()).toEqual({ publicProfileHiddenReasons: [], publicProfileUrl: expect.stringContaining('/agent/rhea-reasons-') });
    await server.deps.db.update(agentProfiles).set({ bio: ' ' }).where(eq(agentProfiles.userId, agent.userId));
    expect(await reasons()).toEqual({ publicProfileHiddenReasons: ['PROFILE_INCOMPLETE'], publicProfileUrl: null });
  });

  it('hides an agent whose licence is rejected or whose every subscription has lapsed or been cancelled', async () => {
    const suburb = await findSuburb(server, 'bronte');
    const rejected = await createPublicAgent(server, suburb.id, { name: 'Rita Rejected' });
    const lapsing = await createPublicAgent(server, suburb.id, { name: 'Larry Lapsing' });
    const cancelled = await createPublicAgent(server, suburb.id, { name: 'Cara Cancelled' });
    await createPublicAgent(server, suburb.id, { name: 'Stan Staying' });
    expect((await suburbView(suburb.id)).publicAgents).toHaveLength(4);

    await server.deps.db.update(agentLicences).set({ status: 'REJECTED' }).where(eq(agentLicences.agentUserId, rejected.userId));
    await server.deps.db
      .update(suburbSubscriptions)
      .set({ expiresAt: new Date(server.deps.clock.now().getTime() - 1000) })
      .where(eq(suburbSubscriptions.id, lapsing.subscription.id));
    await server.deps.db
      .update(suburbSubscriptions)
      .set({ cancelledAt: server.deps.clock.now() })
      .where(eq(suburbSubscriptions.id, cancelled.subscription.id));
    expect((await suburbView(suburb.id)).publicAgents.map((a) => a.name)).toEqual(['Stan Staying']);
  });

  it('shows an agent with an incomplete profile to no one, even when turned on and verified', async () => {
    const suburb = await findSuburb(server, 'clovelly');
    const agent = await createPublicAgent(server, suburb.id, { name: 'Ivy Incomplete' });
    await server.deps.db.update(agentProfiles).set({ agencyName: ' ' }).where(eq(agentProfiles.userId, agent.userId));
    expect((await suburbView(suburb.id)).publicAgents).toEqual([]);
  });

  it('refuses sellers and visitors, and a non-boolean, with catalogue codes', async () => {
    const anonymous = await server.gql(SET_VISIBLE, { visible: true });
    expect(anonymous.errors![0]!.message).toBe('unauthorized');
    const wrongType = await server.gql(SET_VISIBLE, { visible: 'yes' });
    expect(wrongType.errors).toBeDefined();
    expect(wrongType.status).not.toBe(500);
  });
});

describe('what the address step says about a suburb', () => {
  it('counts the agents a seller could ask (public or not) and names only the public ones', async () => {
    const suburb = await findSuburb(server, 'waverley');
    const hidden = await createAgent(server, { name: 'Hidden Harry' });
    await subscribeAgent(server, hidden.userId, suburb.id);
    await createPublicAgent(server, suburb.id, { name: 'Open Olga' });
    const view = await suburbView(suburb.id);
    expect(view.servingAgentsCount).toBe(2);
    expect(view.publicAgents.map((a) => a.name)).toEqual(['Open Olga']);
    expect(view.publicPageUrl).toBe(`http://127.0.0.1:3999/agents/nsw/waverley-${suburb.postcode}`);
  });

  it('offers the nearest suburbs with agents when none serves this one, nearest first', async () => {
    const empty = await findSuburb(server, 'queenscliff');
    const manly = await findSuburb(server, 'manly');
    const far = await findSuburb(server, 'parramatta');
    await createPublicAgent(server, manly.id, { name: 'Manly Mo' });
    await createPublicAgent(server, far.id, { name: 'Parra Pat' });
    const view = await suburbView(empty.id);
    expect(view.servingAgentsCount).toBe(0);
    const names = view.nearestSuburbsWithAgents.map((s) => s.name);
    expect(names[0]).toBe('Manly');
    expect(names.indexOf('Manly')).toBeLessThan(names.includes('Parramatta') ? names.indexOf('Parramatta') : Infinity);
  });

  it('the wizard is offered only suburbs within a sensible distance, each with its distance', async () => {
    const empty = await findSuburb(server, 'queenscliff');
    const manly = await findSuburb(server, 'manly');
    await createPublicAgent(server, (await findSuburb(server, 'cronulla')).id, { name: 'Cronulla Cal' });
    const result = await server.gql<{
      suburbs: { nearbySuburbsWithAgents: { distanceKm: number; suburb: { id: string; name: string } }[] }[];
    }>(`query($id: ID!) { suburbs(ids: [$id]) { nearbySuburbsWithAgents { distanceKm suburb { id name } } } }`, { id: String(empty.id) });
    expect(result.errors).toBeUndefined();
    const nearby = result.data!.suburbs[0]!.nearbySuburbsWithAgents;
    // Manly (an agent from the test above) is a few kilometres away; Cronulla, some 30 km south, is never offered.
    expect(nearby[0]).toMatchObject({ suburb: { id: String(manly.id), name: 'Manly' } });
    expect(nearby[0]!.distanceKm).toBeGreaterThan(0);
    expect(nearby[0]!.distanceKm).toBeLessThan(6);
    expect(nearby.map((n) => n.suburb.name)).not.toContain('Cronulla');
    for (const n of nearby) expect(n.distanceKm).toBeLessThanOrEqual(15);
  });
});

describe('public figures', () => {
  it('counts appraisals sent in the last 12 months and takes the median time from request to appraisal', async () => {
    const agent = await createAgent(server, { name: 'Figures Fay' });
    const now = server.deps.clock.now();
    for (const [daysAgo, minutes] of [
      [10, 60],
      [40, 120],
      [100, 180],
      [200, 600],
      [400, 5],
    ] as const) {
      await appraisalSent(server, agent.userId, { requestedAt: new Date(now.getTime() - daysAgo * DAY), minutesAfterRequest: minutes });
    }
    const figures = (await findPublicFigures(server.deps.db, [agent.userId], now)).get(agent.userId)!;
    // The appraisal sent 400 days ago is out of the window.
    expect(figures).toEqual({ appraisalsSentLast12Months: 4, medianResponseMinutes: 150, trackRecord: null });
  });

  it('gives no median below 3 appraisals, and a track record only from 3 confirmed sales', async () => {
    const agent = await createAgent(server, { name: 'Few Fred' });
    const now = server.deps.clock.now();
    await appraisalSent(server, agent.userId, { requestedAt: new Date(now.getTime() - DAY), minutesAfterRequest: 30 });
    await appraisalSent(server, agent.userId, { requestedAt: new Date(now.getTime() - 2 * DAY), minutesAfterRequest: 30 });
    await confirmedSale(server, agent.userId, { withinRange: true, deviationBasisPoints: 100 });
    await confirmedSale(server, agent.userId, { withinRange: false, deviationBasisPoints: -900 });
    let figures = (await findPublicFigures(server.deps.db, [agent.userId], now)).get(agent.userId)!;
    expect(figures).toEqual({ appraisalsSentLast12Months: 2, medianResponseMinutes: null, trackRecord: null });

    await confirmedSale(server, agent.userId, { withinRange: true, deviationBasisPoints: 300 });
    figures = (await findPublicFigures(server.deps.db, [agent.userId], now)).get(agent.userId)!;
    expect(figures.trackRecord).toEqual({ confirmedSales: 3, salesWithinRange: 2, medianDeviationPercent: 3 });
  });
});

describe('the order on a suburb page', () => {
  it('puts track records first, then faster answers, then more appraisals, then names; never by what was paid', async () => {
    const suburb = await findSuburb(server, 'rose bay');
    const now = server.deps.clock.now();
    const zed = await createPublicAgent(server, suburb.id, { name: 'Zed Volume' });
    const amy = await createPublicAgent(server, suburb.id, { name: 'Amy Quiet' });
    const slow = await createPublicAgent(server, suburb.id, { name: 'Sam Slow' });
    const fast = await createPublicAgent(server, suburb.id, { name: 'Fran Fast' });
    const proven = await createPublicAgent(server, suburb.id, { name: 'Pat Proven' });
    for (let i = 0; i < 3; i++) {
      await appraisalSent(server, slow.userId, { requestedAt: new Date(now.getTime() - (i + 1) * DAY), minutesAfterRequest: 1200 });
      await appraisalSent(server, fast.userId, { requestedAt: new Date(now.getTime() - (i + 1) * DAY), minutesAfterRequest: 90 });
      await confirmedSale(server, proven.userId, { withinRange: true, deviationBasisPoints: 200 });
    }
    // Two appraisals: no median, but more volume than Amy.
    for (let i = 0; i < 2; i++) {
      await appraisalSent(server, zed.userId, { requestedAt: new Date(now.getTime() - (i + 1) * DAY), minutesAfterRequest: 10 });
    }
    // A paid (not free) subscription changes nothing.
    await server.deps.db.update(suburbSubscriptions).set({ isFreeTrial: false }).where(eq(suburbSubscriptions.agentUserId, amy.userId));

    const ranked = await findRankedAgentsForSuburb(server.deps.db, suburb.id, now);
    expect(ranked.map((a) => a.profile.name)).toEqual(['Pat Proven', 'Fran Fast', 'Sam Slow', 'Zed Volume', 'Amy Quiet']);
    expect((await suburbView(suburb.id)).publicAgents.map((a) => a.name)).toEqual(ranked.map((a) => a.profile.name));
  });
});
