import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@listwise/domain/time-zones';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { charges } from '../../db/schema/payments.ts';
import { propertySales } from '../../db/schema/sales.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { BANK, CONFIRM, createSellingAgent, SOLD, submitAppraisalFor } from '../sales/test-factories.ts';
import { setSetting } from '../settings/settings.service.ts';
import { createActiveProperty, createRequest } from './test-factories.ts';

/**
 * Issue 11 through the API: what each appraisal costs and leaves at a price (`costAt`), the span of a property's
 * ranges (`appraisalComparison`), agents' track records, and the lead fee read from the one setting that charges it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Fees = { sellingRangeMin: number; sellingRangeMax: number } & (
  { commissionType: 'PERCENTAGE'; percentageRate: string } | { commissionType: 'FLAT_FEE'; flatFeeCostCents: number }
) & { marketingFeeCostCents: number | null };

/** A seller's property with one submitted appraisal per entry of `offers`, each by its own agent. */
async function propertyWithAppraisals(offers: Fees[]) {
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId);
  const agents = [];
  for (const [i, offer] of offers.entries()) {
    const agent = await createSellingAgent(server, { name: `Comparison Agent ${i + 1}` });
    const { appraisal } = await submitAppraisalFor(server, property.id, agent.userId);
    await server.deps.db
      .update(propertyAppraisals)
      .set({ percentageRate: null, flatFeeCostCents: null, ...offer })
      .where(eq(propertyAppraisals.id, appraisal.id));
    agents.push({ ...agent, appraisalId: appraisal.id });
  }
  return { seller, property, agents };
}

const COMPARISON = `query($id: ID!, $price: Int!) {
  property(id: $id) {
    appraisalComparison { rangeMinDollars rangeMaxDollars midpointDollars }
    propertyAppraisals {
      id
      agent { id name }
      costAt(salePriceDollars: $price) { commissionDollars marketingFeeDollars totalFeeDollars netProceedsDollars }
    }
  }
}`;

type ComparisonAnswer = {
  property: {
    appraisalComparison: { rangeMinDollars: number; rangeMaxDollars: number; midpointDollars: number } | null;
    propertyAppraisals: {
      id: string;
      agent: { id: string; name: string };
      costAt: { commissionDollars: number; marketingFeeDollars: number; totalFeeDollars: number; netProceedsDollars: number };
    }[];
  };
};

const percentage = (min: number, max: number, rate: string, marketingCents: number | null = 300_000): Fees => ({
  sellingRangeMin: min,
  sellingRangeMax: max,
  commissionType: 'PERCENTAGE',
  percentageRate: rate,
  marketingFeeCostCents: marketingCents,
});
const flat = (min: number, max: number, feeCents: number, marketingCents: number | null = 300_000): Fees => ({
  sellingRangeMin: min,
  sellingRangeMax: max,
  commissionType: 'FLAT_FEE',
  flatFeeCostCents: feeCents,
  marketingFeeCostCents: marketingCents,
});

describe('PropertyAppraisal.costAt and Property.appraisalComparison', () => {
  it('prices a percentage and a flat commission at the same sale price, to the cent', async () => {
    const { seller, property, agents } = await propertyWithAppraisals([
      percentage(1_000_000, 1_100_000, '2.20', 450_000),
      flat(950_000, 1_050_000, 1_650_000, 0),
    ]);
    const result = await server.gql<ComparisonAnswer>(COMPARISON, { id: property.id, price: 1_234_567 }, seller.token);
    expect(result.errors).toBeUndefined();
    const byAgent = new Map(result.data!.property.propertyAppraisals.map((a) => [a.agent.id, a.costAt]));
    // 2.2% of $1,234,567 = $27,160.474 → $27,160.47; marketing $4,500
    expect(byAgent.get(agents[0]!.userId)).toEqual({
      commissionDollars: 27_160.47,
      marketingFeeDollars: 4_500,
      totalFeeDollars: 31_660.47,
      netProceedsDollars: 1_202_906.53,
    });
    expect(byAgent.get(agents[1]!.userId)).toEqual({
      commissionDollars: 16_500,
      marketingFeeDollars: 0,
      totalFeeDollars: 16_500,
      netProceedsDollars: 1_218_067,
    });
    expect(result.data!.property.appraisalComparison).toEqual({
      rangeMinDollars: 950_000,
      rangeMaxDollars: 1_100_000,
      midpointDollars: 1_025_000,
    });
  });

  it('treats a missing marketing fee as none, stays exact at huge prices and answers a zero price without a negative zero', async () => {
    const { seller, property } = await propertyWithAppraisals([percentage(800_000, 900_000, '3.33', null)]);
    const huge = await server.gql<ComparisonAnswer>(COMPARISON, { id: property.id, price: 1_000_000_000 }, seller.token);
    expect(huge.data!.property.propertyAppraisals[0]!.costAt).toEqual({
      commissionDollars: 33_300_000,
      marketingFeeDollars: 0,
      totalFeeDollars: 33_300_000,
      netProceedsDollars: 966_700_000,
    });
    const zero = await server.gql<ComparisonAnswer>(COMPARISON, { id: property.id, price: 0 }, seller.token);
    const body = JSON.stringify(zero.data);
    expect(body).not.toMatch(/:-0[,}]/);
    expect(zero.data!.property.propertyAppraisals[0]!.costAt.netProceedsDollars).toBe(0);
  });

  it('spans 1, 2 and 5 appraisals', async () => {
    const one = await propertyWithAppraisals([percentage(700_000, 770_000, '2.00')]);
    const answerOne = await server.gql<ComparisonAnswer>(COMPARISON, { id: one.property.id, price: 735_000 }, one.seller.token);
    expect(answerOne.data!.property.appraisalComparison).toEqual({
      rangeMinDollars: 700_000,
      rangeMaxDollars: 770_000,
      midpointDollars: 735_000,
    });

    const five = await propertyWithAppraisals([
      percentage(1_000_000, 1_100_000, '2.00'),
      percentage(1_050_000, 1_150_000, '1.80'),
      flat(980_000, 1_080_000, 2_000_000),
      percentage(1_100_000, 1_250_001, '2.50', 0),
      flat(1_020_000, 1_120_000, 1_500_000, 800_000),
    ]);
    const answerFive = await server.gql<ComparisonAnswer>(COMPARISON, { id: five.property.id, price: 1_115_000 }, five.seller.token);
    expect(answerFive.data!.property.propertyAppraisals).toHaveLength(5);
    expect(answerFive.data!.property.appraisalComparison).toEqual({
      rangeMinDollars: 980_000,
      rangeMaxDollars: 1_250_001,
      midpointDollars: 1_115_000,
    });
    const nets = answerFive.data!.property.propertyAppraisals.map((a) => a.costAt.netProceedsDollars);
    expect(nets.every((net) => net > 1_000_000 && net < 1_115_000)).toBe(true);
  });

  it('is null while no appraisal has arrived', async () => {
    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId);
    const result = await server.gql<ComparisonAnswer>(COMPARISON, { id: property.id, price: 1 }, seller.token);
    expect(result.data!.property).toEqual({ appraisalComparison: null, propertyAppraisals: [] });
  });

  it('refuses a negative or absurd sale price with validation_failed, and a fractional one as a bad request', async () => {
    const { seller, agents } = await propertyWithAppraisals([percentage(700_000, 770_000, '2.00')]);
    const query = `query($id: ID!, $price: Int!) { propertyAppraisal(id: $id) { costAt(salePriceDollars: $price) { netProceedsDollars } } }`;
    const negative = await server.gql(query, { id: agents[0]!.appraisalId, price: -1 }, seller.token);
    expect(negative.errors![0]).toMatchObject({ message: 'validation_failed', extensions: { field: 'salePriceDollars' } });
    const absurd = await server.gql(query, { id: agents[0]!.appraisalId, price: 2_000_000_000 }, seller.token);
    expect(codeOf(absurd)).toBe('validation_failed');
    const fractional = await server.gql(query, { id: agents[0]!.appraisalId, price: 1.5 }, seller.token);
    expect(fractional.errors).toBeDefined();
    expect(JSON.stringify(fractional)).not.toContain('internal_error');
  });

  it("shows only the property's seller the comparison: other sellers get not_found, agents never see a competitor's figures", async () => {
    const { seller, property, agents } = await propertyWithAppraisals([
      percentage(1_000_000, 1_100_000, '2.00'),
      flat(900_000, 1_000_000, 1_500_000),
    ]);
    const stranger = await createSeller(server);
    expect(codeOf(await server.gql(COMPARISON, { id: property.id, price: 1_000_000 }, stranger.token))).toBe('not_found');
    expect(codeOf(await server.gql(COMPARISON, { id: property.id, price: 1_000_000 }, agents[0]!.token))).toBe('forbidden');
    expect(codeOf(await server.gql(COMPARISON, { id: property.id, price: 1_000_000 }))).toBe('unauthorized');

    // An agent reaches the property through their own request: the comparison and the appraisals stay hidden.
    const viaRequest = await server.gql<{
      propertyAppraisalRequest: { property: { appraisalComparison: unknown; propertyAppraisals: unknown[] } };
    }>(
      `query($id: ID!) { propertyAppraisalRequest(id: $id) { property { appraisalComparison { midpointDollars } propertyAppraisals { id } } } }`,
      { id: (await requestOf(property.id, agents[0]!.userId))! },
      agents[0]!.token,
    );
    expect(viaRequest.errors).toBeUndefined();
    expect(viaRequest.data!.propertyAppraisalRequest.property).toEqual({ appraisalComparison: null, propertyAppraisals: [] });

    // Reading a competitor's appraisal directly is not_found; their own costAt is theirs to see.
    const costQuery = `query($id: ID!) { propertyAppraisal(id: $id) { costAt(salePriceDollars: 1000000) { totalFeeDollars } } }`;
    expect(codeOf(await server.gql(costQuery, { id: agents[1]!.appraisalId }, agents[0]!.token))).toBe('not_found');
    const own = await server.gql<{ propertyAppraisal: { costAt: { totalFeeDollars: number } } }>(
      costQuery,
      { id: agents[0]!.appraisalId },
      agents[0]!.token,
    );
    expect(own.data!.propertyAppraisal.costAt.totalFeeDollars).toBe(23_000);

    // An agent who was asked but has not appraised sees nothing of the others either.
    const waiting = await createSellingAgent(server, { name: 'Waiting' });
    const request = await createRequest(server, property.id, waiting.userId, { accepted: true });
    const waitingView = await server.gql<{ propertyAppraisalRequest: { property: { appraisalComparison: unknown } } }>(
      `query($id: ID!) { propertyAppraisalRequest(id: $id) { property { appraisalComparison { midpointDollars } } } }`,
      { id: request.id },
      waiting.token,
    );
    expect(waitingView.data!.propertyAppraisalRequest.property.appraisalComparison).toBeNull();
    expect(seller.userId).toBeTruthy();
  });
});

async function requestOf(propertyId: string, agentUserId: string) {
  const row = await server.deps.db.query.propertyAppraisalRequests.findFirst({
    where: (r, { and: both, eq: is }) => both(is(r.propertyId, propertyId), is(r.agentUserId, agentUserId)),
  });
  return row?.id;
}

// ——— Track record ———

/** A property the agent appraised at $1,200,000–$1,320,000 (midpoint $1,260,000), reported sold through them. */
async function saleThrough(agent: Awaited<ReturnType<typeof createSellingAgent>>) {
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId);
  await submitAppraisalFor(server, property.id, agent.userId);
  const sold = await server.gql(SOLD, { propertyId: property.id, sellingAgentId: agent.userId, ...BANK }, seller.token);
  expect(sold.errors).toBeUndefined();
  const sale = (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, property.id) }))!;
  return { seller, property, sale };
}

/** The properties here are listed today, so the contract date a confirmation may carry is today (in Bondi's zone). */
const todayInSydney = () => calendarDateIn(server.deps.clock.now(), 'Australia/Sydney');

const confirm = async (agentToken: string, saleId: string, salePrice: number) => {
  const result = await server.gql(CONFIRM, { id: saleId, salePrice, contractDate: todayInSydney() }, agentToken);
  expect(result.errors).toBeUndefined();
};

const TRACK_RECORD = `{ me { agentProfile { trackRecord { confirmedSales salesWithinRange medianDeviationPercent } } } }`;
type TrackRecordAnswer = {
  me: { agentProfile: { trackRecord: null | { confirmedSales: number; salesWithinRange: number; medianDeviationPercent: number } } };
};

describe('Agent.trackRecord', () => {
  it('is null below 3 confirmed sales, counts the bounds as inside and a price outside as outside', async () => {
    const agent = await createSellingAgent(server, { name: 'Track Record Agent' });
    const first = await saleThrough(agent);
    await confirm(agent.token, first.sale.id, 1_200_000); // the lower bound: inside, −4.76%
    const second = await saleThrough(agent);
    await confirm(agent.token, second.sale.id, 1_320_000); // the upper bound: inside, +4.76%
    let answer = await server.gql<TrackRecordAnswer>(TRACK_RECORD, {}, agent.token);
    expect(answer.data!.me.agentProfile.trackRecord).toBeNull();

    const third = await saleThrough(agent);
    await confirm(agent.token, third.sale.id, 1_400_000); // outside, +11.11%
    answer = await server.gql<TrackRecordAnswer>(TRACK_RECORD, {}, agent.token);
    expect(answer.data!.me.agentProfile.trackRecord).toEqual({ confirmedSales: 3, salesWithinRange: 2, medianDeviationPercent: 4.8 });

    const row = (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.id, third.sale.id) }))!;
    expect(row).toMatchObject({
      appraisedRangeMinCents: 120_000_000,
      appraisedRangeMaxCents: 132_000_000,
      withinAppraisedRange: false,
      deviationBasisPoints: 1111,
    });

    // Sellers see the same record on the agent of an appraisal.
    const viewer = await propertyWithAppraisals([]);
    await submitAppraisalFor(server, viewer.property.id, agent.userId);
    const seen = await server.gql<{ property: { propertyAppraisals: { agent: { trackRecord: unknown } }[] } }>(
      `query($id: ID!) { property(id: $id) { propertyAppraisals { agent { trackRecord { confirmedSales salesWithinRange } } } } }`,
      { id: viewer.property.id },
      viewer.seller.token,
    );
    expect(seen.data!.property.propertyAppraisals[0]!.agent.trackRecord).toEqual({ confirmedSales: 3, salesWithinRange: 2 });
  });

  it('counts a sale when the agent confirms it, not when the seller merely claims it', async () => {
    const agent = await createSellingAgent(server, { name: 'Claimed Agent' });
    for (let i = 0; i < 3; i++) await saleThrough(agent); // claimed, never confirmed
    const answer = await server.gql<TrackRecordAnswer>(TRACK_RECORD, {}, agent.token);
    expect(answer.data!.me.agentProfile.trackRecord).toBeNull();
    const recorded = await server.deps.db
      .select()
      .from(propertySales)
      .where(and(eq(propertySales.sellingAgentUserId, agent.userId)));
    expect(recorded.every((s) => s.withinAppraisedRange === null)).toBe(true);
  });

  it("lists every agent's record in the console through one query per page", async () => {
    const admin = await createAdmin(server);
    const result = await server.gql<{ adminAgents: { edges: { node: { profile: { trackRecord: unknown } | null } }[] } }>(
      `{ adminAgents(first: 50) { edges { node { profile { trackRecord { confirmedSales } } } } } }`,
      {},
      admin.token,
    );
    expect(result.errors).toBeUndefined();
    const records = result.data!.adminAgents.edges.map((e) => e.node.profile?.trackRecord).filter(Boolean);
    expect(records).toContainEqual({ confirmedSales: 3 });
  });
});

// ——— Fee disclosure ———

describe('leadFee', () => {
  it('discloses the amount the same setting charges', async () => {
    await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 120_000);
    try {
      const disclosed = await server.gql<{ leadFee: { excludingGstDollars: number; includingGstDollars: number } }>(
        `{ leadFee { excludingGstDollars includingGstDollars } }`,
        {},
      );
      expect(disclosed.data!.leadFee).toEqual({ excludingGstDollars: 1_200, includingGstDollars: 1_320 });

      const agent = await createSellingAgent(server, { name: 'Fee Agent' });
      const { sale } = await saleThrough(agent);
      await confirm(agent.token, sale.id, 1_250_000);
      const [charge] = await server.deps.db
        .select()
        .from(charges)
        .where(and(eq(charges.referenceId, sale.id), eq(charges.kind, 'LEAD_FEE')));
      expect(charge!.amountCents).toBe(132_000);
    } finally {
      await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 100_000);
    }
  });

  it('lets operators change it, audit-logged, and refuses a negative fee', async () => {
    const admin = await createAdmin(server);
    const update = `mutation($fee: Float) { updateSettings(staticCashbackAmount: 500, totalFreeTrialsAllowed: 5, leadFeeExcludingGst: $fee) { leadFeeExcludingGst } }`;
    const bad = await server.gql(update, { fee: -1 }, admin.token);
    expect(bad.errors![0]).toMatchObject({ message: 'validation_failed', extensions: { field: 'leadFeeExcludingGst' } });
    const good = await server.gql<{ updateSettings: { leadFeeExcludingGst: number } }>(update, { fee: 1000 }, admin.token);
    expect(good.data!.updateSettings.leadFeeExcludingGst).toBe(1000);
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(update, { fee: 1 }, seller.token))).toBe('forbidden');
  });
});
