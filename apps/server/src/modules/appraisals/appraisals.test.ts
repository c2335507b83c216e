import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@listwise/domain/time-zones';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  APPRAISAL_FIELDS,
  createActiveProperty,
  createAgent,
  createAppraisalScenario,
  createMedia,
  createRequest,
  createSeller,
  draftCompleteAppraisal,
  gqlOk,
  saveCard,
  submitAppraisal,
} from './test-factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const HOUR = 60 * 60 * 1000;

const PENDING = `query($first: Int, $after: String) {
  myPendingAppraisalRequests(first: $first, after: $after) {
    edges { cursor node { id state seenByAgent detailsHidden requestedAt expiresAt } }
    pageInfo { endCursor hasNextPage }
  }
}`;
const COMPLETE = `query($first: Int, $after: String) {
  myCompleteAppraisalRequests(first: $first, after: $after) {
    edges { node { id state propertyAppraisal { id state sellingRangeMin } draftPropertyAppraisal { id } } }
    pageInfo { endCursor hasNextPage }
  }
}`;
const REQUEST = `query($id: ID!) { propertyAppraisalRequest(id: $id) {
  id state seenByAgent detailsHidden paymentConditionAccepted requestedAt expiresAt
  draftPropertyAppraisal { id state } propertyAppraisal { id state }
} }`;
const UNSEEN = `{ unseenAppraisalRequestsCount }`;
const SEEN = `mutation($id: ID!) { propertyAppraisalRequestSeenByAgent(id: $id) { id seenByAgent } }`;
const ACCEPT = `mutation($id: ID!) { acceptPaymentCondition(id: $id) { id detailsHidden paymentConditionAccepted } }`;
const START = `mutation($id: ID!) { startNewDraftPropertyAppraisal(propertyAppraisalRequestId: $id) { id state } }`;
const SELLING_RANGE = `mutation($id: ID!, $min: Float, $max: Float) {
  updateDraftPropertyAppraisalSellingRange(propertyAppraisalId: $id, sellingRangeMin: $min, sellingRangeMax: $max) { id sellingRangeMin sellingRangeMax }
}`;
const COMMISSION = `mutation($id: ID!, $type: CommissionType, $rate: Float, $fee: Float) {
  updateDraftPropertyAppraisalCommission(propertyAppraisalId: $id, commissionType: $type, percentageRate: $rate, flatFeeCostDollars: $fee) {
    id commission { id commissionType percentageRate flatFeeCostDollars }
  }
}`;
const MARKETING = `mutation($id: ID!, $cost: Float, $inclusions: [String!]) {
  updateDraftPropertyAppraisalMarketingFee(propertyAppraisalId: $id, costDollars: $cost, marketingInclusions: $inclusions) {
    id marketingFee { id costDollars marketingInclusions }
  }
}`;
const COMPARABLES = `mutation($id: ID!, $sales: [ComparableSaleInput!]!) {
  updateDraftPropertyAppraisalComparableSales(propertyAppraisalId: $id, comparableSales: $sales) {
    id comparableSales { order address salePriceDollars saleDate url }
  }
}`;
const VIDEO = `mutation($id: ID!, $video: ID) {
  updateDraftPropertyAppraisalVideo(propertyAppraisalId: $id, videoUserMediaId: $video) { id appraisalVideo { id type } }
}`;
const NOTES = `mutation($id: ID!, $notes: String) {
  updateDraftPropertyAppraisalAdditionalNotes(propertyAppraisalId: $id, additionalNotes: $notes) { id additionalNotes }
}`;
const SUBMIT = `mutation($id: ID!) { submitPropertyAppraisal(propertyAppraisalId: $id) { id state sentAt } }`;
const APPRAISAL = `query($id: ID!) { propertyAppraisal(id: $id) { ${APPRAISAL_FIELDS} } }`;

const errorOf = (result: { errors?: { extensions?: Record<string, unknown> }[] }) => result.errors?.[0]?.extensions ?? null;

/** A request whose condition is accepted and whose draft exists: the starting point of the drafting tests. */
async function draftFor() {
  const { agents, seller, property } = await createAppraisalScenario(server);
  const agent = agents[0]!;
  await gqlOk(server, ACCEPT, { id: agent.request.id }, agent.token);
  const { startNewDraftPropertyAppraisal: draft } = await gqlOk<{ startNewDraftPropertyAppraisal: { id: string } }>(
    server,
    START,
    { id: agent.request.id },
    agent.token,
  );
  return { agent, seller, property, draftId: draft.id };
}

describe('the agent’s request lists', () => {
  it('lists pending, expired and not-required requests in the pending tab and complete ones in the other, newest first', async () => {
    const agent = await createAgent(server, { withCard: true });
    const seller = await createSeller(server);
    const now = server.deps.clock.now().getTime();
    const states = ['PENDING', 'EXPIRED', 'NOT_REQUIRED', 'COMPLETE', 'PENDING'] as const;
    const ids: string[] = [];
    for (const [i, state] of states.entries()) {
      const property = await createActiveProperty(server, seller.userId);
      const request = await createRequest(server, property.id, agent.userId, { state, requestedAt: new Date(now - (i + 1) * HOUR) });
      ids.push(request.id);
    }
    // Someone else's request never shows.
    const other = await createAgent(server);
    await createRequest(server, (await createActiveProperty(server, seller.userId)).id, other.userId);

    const pending = await gqlOk<{ myPendingAppraisalRequests: { edges: { node: { id: string; state: string } }[] } }>(
      server,
      PENDING,
      { first: 10 },
      agent.token,
    );
    expect(pending.myPendingAppraisalRequests.edges.map((e) => e.node.id)).toEqual([ids[0], ids[1], ids[2], ids[4]]);
    expect(pending.myPendingAppraisalRequests.edges.map((e) => e.node.state)).toEqual(['PENDING', 'EXPIRED', 'NOT_REQUIRED', 'PENDING']);

    const complete = await gqlOk<{ myCompleteAppraisalRequests: { edges: { node: { id: string } }[] } }>(server, COMPLETE, {}, agent.token);
    expect(complete.myCompleteAppraisalRequests.edges.map((e) => e.node.id)).toEqual([ids[3]]);
  });

  it('pages by cursor without gaps or repeats, and with equal request times', async () => {
    const agent = await createAgent(server);
    const seller = await createSeller(server);
    const at = server.deps.clock.now();
    const created = new Set<string>();
    for (let i = 0; i < 23; i++) {
      const property = await createActiveProperty(server, seller.userId, { photos: 0 });
      // Several share one timestamp: the id breaks the tie.
      const requestedAt = new Date(at.getTime() - Math.floor(i / 3) * 60_000);
      const state = i % 4 === 0 ? 'EXPIRED' : 'PENDING';
      created.add((await createRequest(server, property.id, agent.userId, { requestedAt, state })).id);
    }
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const data: {
        myPendingAppraisalRequests: { edges: { node: { id: string } }[]; pageInfo: { endCursor: string; hasNextPage: boolean } };
      } = await gqlOk(server, PENDING, { first: 10, after }, agent.token);
      seen.push(...data.myPendingAppraisalRequests.edges.map((e) => e.node.id));
      if (!data.myPendingAppraisalRequests.pageInfo.hasNextPage) break;
      after = data.myPendingAppraisalRequests.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(created);
    expect(codeOf(await server.gql(PENDING, { first: 10, after: 'not-a-cursor' }, agent.token))).toBe('validation_failed');
  });

  it('counts unseen pending and expired requests, and marking one seen drops it', async () => {
    const { agents } = await createAppraisalScenario(server);
    const agent = agents[0]!;
    const seller = await createSeller(server);
    await createRequest(server, (await createActiveProperty(server, seller.userId)).id, agent.userId, { state: 'EXPIRED' });
    await createRequest(server, (await createActiveProperty(server, seller.userId)).id, agent.userId, { state: 'COMPLETE' });
    expect((await gqlOk<{ unseenAppraisalRequestsCount: number }>(server, UNSEEN, {}, agent.token)).unseenAppraisalRequestsCount).toBe(2);

    const seen = await gqlOk<{ propertyAppraisalRequestSeenByAgent: { seenByAgent: boolean } }>(
      server,
      SEEN,
      { id: agent.request.id },
      agent.token,
    );
    expect(seen.propertyAppraisalRequestSeenByAgent.seenByAgent).toBe(true);
    // Again: harmless.
    await gqlOk(server, SEEN, { id: agent.request.id }, agent.token);
    expect((await gqlOk<{ unseenAppraisalRequestsCount: number }>(server, UNSEEN, {}, agent.token)).unseenAppraisalRequestsCount).toBe(1);
  });

  it('is for agents only', async () => {
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(PENDING, {}, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(UNSEEN, {}, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(COMPLETE, {}))).toBe('unauthorized');
  });
});

describe('one request', () => {
  it('shows the request to its agent with details hidden, and not_found to anyone else', async () => {
    const { agents } = await createAppraisalScenario(server, 2);
    const [one, two] = agents;
    const found = await gqlOk<{ propertyAppraisalRequest: Record<string, unknown> }>(server, REQUEST, { id: one!.request.id }, one!.token);
    expect(found.propertyAppraisalRequest).toMatchObject({
      id: one!.request.id,
      state: 'PENDING',
      seenByAgent: false,
      detailsHidden: true,
      paymentConditionAccepted: false,
      draftPropertyAppraisal: null,
      propertyAppraisal: null,
    });
    const expiresAt = new Date(found.propertyAppraisalRequest.expiresAt as string).getTime();
    expect(expiresAt - new Date(found.propertyAppraisalRequest.requestedAt as string).getTime()).toBe(48 * HOUR);

    expect(codeOf(await server.gql(REQUEST, { id: one!.request.id }, two!.token))).toBe('not_found');
    expect(codeOf(await server.gql(SEEN, { id: one!.request.id }, two!.token))).toBe('not_found');
    expect(codeOf(await server.gql(ACCEPT, { id: one!.request.id }, two!.token))).toBe('not_found');
    expect(codeOf(await server.gql(REQUEST, { id: 'nonsense' }, one!.token))).toBe('not_found');
    expect(codeOf(await server.gql(REQUEST, { id: crypto.randomUUID() }, one!.token))).toBe('not_found');
  });

  it('needs a saved card to accept the payment condition, which then discloses the details', async () => {
    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId);
    const agent = await createAgent(server);
    const request = await createRequest(server, property.id, agent.userId);

    const refused = await server.gql(ACCEPT, { id: request.id }, agent.token);
    expect(refused.errors![0]).toMatchObject({
      message: 'user_missing_stripe_customer',
      extensions: { code: 'user_missing_stripe_customer' },
    });

    await saveCard(server, agent.userId);
    const accepted = await gqlOk<{ acceptPaymentCondition: Record<string, unknown> }>(server, ACCEPT, { id: request.id }, agent.token);
    expect(accepted.acceptPaymentCondition).toMatchObject({ detailsHidden: false, paymentConditionAccepted: true });
    // Accepting again is harmless.
    expect(
      (await gqlOk<{ acceptPaymentCondition: Record<string, unknown> }>(server, ACCEPT, { id: request.id }, agent.token))
        .acceptPaymentCondition,
    ).toMatchObject({
      detailsHidden: false,
    });
  });
});

describe('startNewDraftPropertyAppraisal', () => {
  it('refuses before the payment condition, then creates one draft and returns it again', async () => {
    const { agents } = await createAppraisalScenario(server);
    const agent = agents[0]!;
    expect(codeOf(await server.gql(START, { id: agent.request.id }, agent.token))).toBe('invalid_state');
    await gqlOk(server, ACCEPT, { id: agent.request.id }, agent.token);
    const first = await gqlOk<{ startNewDraftPropertyAppraisal: { id: string; state: string } }>(
      server,
      START,
      { id: agent.request.id },
      agent.token,
    );
    expect(first.startNewDraftPropertyAppraisal.state).toBe('DRAFT');
    const again = await gqlOk<{ startNewDraftPropertyAppraisal: { id: string } }>(server, START, { id: agent.request.id }, agent.token);
    expect(again.startNewDraftPropertyAppraisal.id).toBe(first.startNewDraftPropertyAppraisal.id);
    const request = await gqlOk<{ propertyAppraisalRequest: { draftPropertyAppraisal: { id: string } } }>(
      server,
      REQUEST,
      { id: agent.request.id },
      agent.token,
    );
    expect(request.propertyAppraisalRequest.draftPropertyAppraisal.id).toBe(first.startNewDraftPropertyAppraisal.id);
  });

  it('refuses on expired, complete and not-required requests, and on pending ones past their expiry', async () => {
    const agent = await createAgent(server, { withCard: true });
    const seller = await createSeller(server);
    for (const state of ['EXPIRED', 'COMPLETE', 'NOT_REQUIRED'] as const) {
      const request = await createRequest(server, (await createActiveProperty(server, seller.userId)).id, agent.userId, {
        state,
        accepted: true,
      });
      expect(codeOf(await server.gql(START, { id: request.id }, agent.token))).toBe('invalid_state');
    }
    const overdue = await createRequest(server, (await createActiveProperty(server, seller.userId)).id, agent.userId, {
      accepted: true,
      requestedAt: new Date(server.deps.clock.now().getTime() - 49 * HOUR),
    });
    expect(codeOf(await server.gql(START, { id: overdue.id }, agent.token))).toBe('invalid_state');
    const other = await createAgent(server);
    expect(codeOf(await server.gql(START, { id: overdue.id }, other.token))).toBe('not_found');
  });
});

describe('drafting steps', () => {
  it('validates the selling range with the spec’s messages and stores it', async () => {
    const { agent, draftId } = await draftFor();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ min: null, max: null }, 'sellingRangeMin', 'Min price is required'],
      [{ min: 40_000, max: 900_000 }, 'sellingRangeMin', 'Min price must be at least $50,000'],
      [{ min: 600_000, max: 45_000 }, 'sellingRangeMax', 'Max price must be at least $50,000'],
      [{ min: 600_000, max: 600_000 }, 'sellingRangeMax', 'Max price must be larger than the min price'],
    ];
    for (const [vars, field, reason] of cases) {
      const result = await server.gql(SELLING_RANGE, { id: draftId, ...vars }, agent.token);
      expect(errorOf(result)).toEqual({ code: 'validation_failed', field, reason });
    }
    const ok = await gqlOk<{ updateDraftPropertyAppraisalSellingRange: Record<string, number> }>(
      server,
      SELLING_RANGE,
      { id: draftId, min: 1_000_000, max: 1_100_000 },
      agent.token,
    );
    expect(ok.updateDraftPropertyAppraisalSellingRange).toMatchObject({ sellingRangeMin: 1_000_000, sellingRangeMax: 1_100_000 });
  });

  it('validates and stores the commission as a percentage or a flat fee', async () => {
    const { agent, draftId } = await draftFor();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'commissionType', 'Commission type is required'],
      [{ type: 'PERCENTAGE' }, 'percentageRate', 'Percentage is required'],
      [{ type: 'PERCENTAGE', rate: 0 }, 'percentageRate', 'Percentage must be greater than 0'],
      [{ type: 'PERCENTAGE', rate: 100.5 }, 'percentageRate', 'Percentage must be at most 100'],
      [{ type: 'PERCENTAGE', rate: 2.255 }, 'percentageRate', 'Use at most 2 decimal places'],
      [{ type: 'FLAT_FEE', rate: 2 }, 'flatFeeCostDollars', 'Flat fee is required'],
      [{ type: 'FLAT_FEE', fee: -5 }, 'flatFeeCostDollars', 'Flat fee must be greater than 0'],
    ];
    for (const [vars, field, reason] of cases) {
      expect(errorOf(await server.gql(COMMISSION, { id: draftId, ...vars }, agent.token))).toEqual({
        code: 'validation_failed',
        field,
        reason,
      });
    }
    const percentage = await gqlOk<{ updateDraftPropertyAppraisalCommission: { id: string; commission: Record<string, unknown> } }>(
      server,
      COMMISSION,
      { id: draftId, type: 'PERCENTAGE', rate: 2.25, fee: 999 },
      agent.token,
    );
    expect(percentage.updateDraftPropertyAppraisalCommission.commission).toEqual({
      id: draftId,
      commissionType: 'PERCENTAGE',
      percentageRate: 2.25,
      flatFeeCostDollars: null,
    });
    const flat = await gqlOk<{ updateDraftPropertyAppraisalCommission: { commission: Record<string, unknown> } }>(
      server,
      COMMISSION,
      { id: draftId, type: 'FLAT_FEE', fee: 15_999.99 },
      agent.token,
    );
    expect(flat.updateDraftPropertyAppraisalCommission.commission).toMatchObject({
      commissionType: 'FLAT_FEE',
      percentageRate: null,
      flatFeeCostDollars: 15_999.99,
    });
  });

  it('validates and stores the marketing fee and its inclusions', async () => {
    const { agent, draftId } = await draftFor();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'costDollars', 'Marketing fee is required'],
      [{ cost: 0 }, 'costDollars', 'Marketing fee must be greater than 0'],
      [{ cost: 10.001 }, 'costDollars', 'Use at most 2 decimal places'],
      [{ cost: 100, inclusions: ['Photos', '  '] }, 'marketingInclusions.1', 'Inclusion is required'],
      [{ cost: 100, inclusions: ['x'.repeat(51)] }, 'marketingInclusions.0', 'Inclusion must be at most 50 characters'],
    ];
    for (const [vars, field, reason] of cases) {
      expect(errorOf(await server.gql(MARKETING, { id: draftId, ...vars }, agent.token))).toEqual({
        code: 'validation_failed',
        field,
        reason,
      });
    }
    const ok = await gqlOk<{ updateDraftPropertyAppraisalMarketingFee: { marketingFee: Record<string, unknown> } }>(
      server,
      MARKETING,
      { id: draftId, cost: 3999.95, inclusions: [' Professional photography ', 'Signboard'] },
      agent.token,
    );
    expect(ok.updateDraftPropertyAppraisalMarketingFee.marketingFee).toEqual({
      id: draftId,
      costDollars: 3999.95,
      marketingInclusions: ['Professional photography', 'Signboard'],
    });
  });

  it('replaces the comparable sales (at most 3), keeping their order, with sale dates up to today and an empty url or date as null', async () => {
    const { agent, draftId } = await draftFor();
    const sale = { address: '10 Beach Rd, Bondi NSW', salePriceDollars: 1_250_000, url: '' };
    const cases: [unknown[], string, string][] = [
      [[sale, sale, sale, sale], 'comparableSales', 'You can add at most 3 comparable sales'],
      [[{ ...sale, address: ' ' }], 'comparableSales.0.address', 'Address is required'],
      [[{ ...sale, address: 'a'.repeat(256) }], 'comparableSales.0.address', 'Address must be at most 255 characters'],
      [[sale, { ...sale, salePriceDollars: 0 }], 'comparableSales.1.salePriceDollars', 'Sale price must be greater than 0'],
      [[{ ...sale, url: 'not a web address' }], 'comparableSales.0.url', 'URL is invalid'],
      [[{ ...sale, url: `https://example.com/${'a'.repeat(240)}` }], 'comparableSales.0.url', 'URL must be at most 255 characters'],
      [[{ ...sale, saleDate: '2026-02-30' }], 'comparableSales.0.saleDate', 'Sale date is invalid'],
      // Tomorrow in Sydney by the server's clock: a sale that has not happened is no evidence.
      [
        [{ ...sale, saleDate: calendarDateIn(new Date(server.deps.clock.now().getTime() + 86_400_000)) }],
        'comparableSales.0.saleDate',
        'Sale date must not be in the future',
      ],
    ];
    for (const [sales, field, reason] of cases) {
      expect(errorOf(await server.gql(COMPARABLES, { id: draftId, sales }, agent.token))).toEqual({
        code: 'validation_failed',
        field,
        reason,
      });
    }
    const today = calendarDateIn(server.deps.clock.now());
    const sales = [
      { address: '1 First St', salePriceDollars: 1_100_000, saleDate: '2025-08-14', url: 'domain.com.au/1-first-st' },
      { address: '2 Second St', salePriceDollars: 1_200_000.5, saleDate: today, url: '' },
      { address: '3 Third St', salePriceDollars: 1_300_000, saleDate: '', url: null },
    ];
    const first = await gqlOk<{ updateDraftPropertyAppraisalComparableSales: { comparableSales: unknown[] } }>(
      server,
      COMPARABLES,
      { id: draftId, sales },
      agent.token,
    );
    expect(first.updateDraftPropertyAppraisalComparableSales.comparableSales).toEqual([
      { order: 0, address: '1 First St', salePriceDollars: 1_100_000, saleDate: '2025-08-14', url: 'domain.com.au/1-first-st' },
      { order: 1, address: '2 Second St', salePriceDollars: 1_200_000.5, saleDate: today, url: null },
      { order: 2, address: '3 Third St', salePriceDollars: 1_300_000, saleDate: null, url: null },
    ]);
    const replaced = await gqlOk<{ updateDraftPropertyAppraisalComparableSales: { comparableSales: { address: string }[] } }>(
      server,
      COMPARABLES,
      { id: draftId, sales: [sales[2]] },
      agent.token,
    );
    expect(replaced.updateDraftPropertyAppraisalComparableSales.comparableSales.map((s) => s.address)).toEqual(['3 Third St']);
  });

  it('attaches the agent’s own video, refuses others’ media and images, and removes it with null', async () => {
    const { agent, draftId } = await draftFor();
    const video = await createMedia(server, agent.userId, 'VIDEO');
    const image = await createMedia(server, agent.userId, 'IMAGE');
    const stranger = await createAgent(server);
    const strangersVideo = await createMedia(server, stranger.userId, 'VIDEO');

    expect(codeOf(await server.gql(VIDEO, { id: draftId, video: strangersVideo.id }, agent.token))).toBe('not_found');
    expect(errorOf(await server.gql(VIDEO, { id: draftId, video: image.id }, agent.token))).toMatchObject({
      code: 'user_media_file_extension_not_supported',
      field: 'videoUserMediaId',
    });
    const attached = await gqlOk<{ updateDraftPropertyAppraisalVideo: { appraisalVideo: { id: string; type: string } } }>(
      server,
      VIDEO,
      { id: draftId, video: video.id },
      agent.token,
    );
    expect(attached.updateDraftPropertyAppraisalVideo.appraisalVideo).toEqual({ id: video.id, type: 'VIDEO' });
    const removed = await gqlOk<{ updateDraftPropertyAppraisalVideo: { appraisalVideo: null } }>(
      server,
      VIDEO,
      { id: draftId, video: null },
      agent.token,
    );
    expect(removed.updateDraftPropertyAppraisalVideo.appraisalVideo).toBeNull();
  });

  it('requires additional notes, trims them and limits them to 3,500 characters', async () => {
    const { agent, draftId } = await draftFor();
    expect(errorOf(await server.gql(NOTES, { id: draftId, notes: '   ' }, agent.token))).toEqual({
      code: 'validation_failed',
      field: 'additionalNotes',
      reason: 'Additional notes are required',
    });
    expect(errorOf(await server.gql(NOTES, { id: draftId, notes: 'x'.repeat(3501) }, agent.token))).toEqual({
      code: 'validation_failed',
      field: 'additionalNotes',
      reason: 'Additional notes must be at most 3500 characters',
    });
    const ok = await gqlOk<{ updateDraftPropertyAppraisalAdditionalNotes: { additionalNotes: string } }>(
      server,
      NOTES,
      { id: draftId, notes: '  Great light.  ' },
      agent.token,
    );
    expect(ok.updateDraftPropertyAppraisalAdditionalNotes.additionalNotes).toBe('Great light.');
  });

  it('answers every drafting call for someone else’s draft with not_found, for sellers forbidden, and once sent invalid_state', async () => {
    const { agent, draftId } = await draftFor();
    const video = await createMedia(server, agent.userId, 'VIDEO');
    const calls: [string, Record<string, unknown>][] = [
      [SELLING_RANGE, { min: 900_000, max: 990_000 }],
      [COMMISSION, { type: 'FLAT_FEE', fee: 12_000 }],
      [MARKETING, { cost: 2500, inclusions: ['Signboard'] }],
      [COMPARABLES, { sales: [{ address: '1 A St', salePriceDollars: 900_000 }] }],
      [VIDEO, { video: video.id }],
      [NOTES, { notes: 'Notes' }],
    ];
    const other = await createAgent(server, { withCard: true });
    const seller = await createSeller(server);
    for (const [query, vars] of calls) {
      expect(codeOf(await server.gql(query, { id: draftId, ...vars }, other.token))).toBe('not_found');
      expect(codeOf(await server.gql(query, { id: draftId, ...vars }, seller.token))).toBe('forbidden');
      expect(codeOf(await server.gql(query, { id: draftId, ...vars }))).toBe('unauthorized');
      await gqlOk(server, query, { id: draftId, ...vars }, agent.token);
    }
    await gqlOk(server, SUBMIT, { id: draftId }, agent.token);
    for (const [query, vars] of calls) expect(codeOf(await server.gql(query, { id: draftId, ...vars }, agent.token))).toBe('invalid_state');
  });

  it('lets only the draft’s agent change it', async () => {
    const { draftId } = await draftFor();
    const other = await createAgent(server, { withCard: true });
    expect(codeOf(await server.gql(NOTES, { id: draftId, notes: 'Mine now' }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(SUBMIT, { id: draftId }, other.token))).toBe('not_found');
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(NOTES, { id: draftId, notes: 'x' }, seller.token))).toBe('forbidden');
  });
});

describe('submitPropertyAppraisal', () => {
  it('needs selling range, fees and notes', async () => {
    const { agent, draftId } = await draftFor();
    const refused = await server.gql(SUBMIT, { id: draftId }, agent.token);
    expect(refused.errors![0]).toMatchObject({ message: 'required_questions_not_answered' });
    await gqlOk(server, SELLING_RANGE, { id: draftId, min: 900_000, max: 990_000 }, agent.token);
    await gqlOk(server, COMMISSION, { id: draftId, type: 'FLAT_FEE', fee: 12_000 }, agent.token);
    await gqlOk(server, NOTES, { id: draftId, notes: 'Notes' }, agent.token);
    // Still no marketing fee.
    expect(codeOf(await server.gql(SUBMIT, { id: draftId }, agent.token))).toBe('required_questions_not_answered');
    await gqlOk(server, MARKETING, { id: draftId, cost: 2500 }, agent.token);
    const sent = await gqlOk<{ submitPropertyAppraisal: { state: string; sentAt: string } }>(server, SUBMIT, { id: draftId }, agent.token);
    expect(sent.submitPropertyAppraisal.state).toBe('SUBMITTED');
    expect(new Date(sent.submitPropertyAppraisal.sentAt).getTime()).toBeLessThanOrEqual(server.deps.clock.now().getTime());
  });

  it('completes the request, e-mails the seller, and refuses a second submission and later edits', async () => {
    const { agents, seller, property } = await createAppraisalScenario(server, 2);
    const agent = agents[0]!;
    const draftId = await draftCompleteAppraisal(server, agent.token, agent.request.id);
    await submitAppraisal(server, agent.token, draftId);

    const [request] = await server.deps.db
      .select()
      .from(propertyAppraisalRequests)
      .where(eq(propertyAppraisalRequests.id, agent.request.id));
    expect(request!.state).toBe('COMPLETE');
    expect(request!.completedAt).not.toBeNull();

    const mails = await server.emailsTo(seller.email);
    const received = mails.filter((m) => m.template === 'appraisal-received');
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toContain(`/property/${property.id}/appraisal/${draftId}`);
    expect(received[0]!.text).toContain('Agent 1');
    // The second agent has not answered yet: no 'all responded' e-mail.
    expect(mails.filter((m) => m.template === 'appraisal-requests-settled')).toHaveLength(0);

    expect(codeOf(await server.gql(SUBMIT, { id: draftId }, agent.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(NOTES, { id: draftId, notes: 'changed' }, agent.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(START, { id: agent.request.id }, agent.token))).toBe('invalid_state');

    const complete = await gqlOk<{ myCompleteAppraisalRequests: { edges: { node: Record<string, unknown> }[] } }>(
      server,
      COMPLETE,
      {},
      agent.token,
    );
    expect(complete.myCompleteAppraisalRequests.edges[0]!.node).toMatchObject({
      id: agent.request.id,
      state: 'COMPLETE',
      propertyAppraisal: { id: draftId, state: 'SUBMITTED', sellingRangeMin: 1_200_000 },
      draftPropertyAppraisal: null,
    });

    // The second (and last) agent answers: now the seller hears that everyone has responded.
    const second = agents[1]!;
    await submitAppraisal(server, second.token, await draftCompleteAppraisal(server, second.token, second.request.id));
    const settled = (await server.emailsTo(seller.email)).filter((m) => m.template === 'appraisal-requests-settled');
    expect(settled).toHaveLength(1);
    expect(settled[0]!.text).toContain('2 appraisals');
  });

  it('refuses once the request has expired, even before the job has run', async () => {
    const { agents } = await createAppraisalScenario(server);
    const agent = agents[0]!;
    const draftId = await draftCompleteAppraisal(server, agent.token, agent.request.id);
    await server.deps.db
      .update(propertyAppraisalRequests)
      .set({ expiresAt: new Date(server.deps.clock.now().getTime() - 1000) })
      .where(eq(propertyAppraisalRequests.id, agent.request.id));
    expect(codeOf(await server.gql(SUBMIT, { id: draftId }, agent.token))).toBe('invalid_state');
  });
});

describe('propertyAppraisal', () => {
  it('shows a submitted appraisal to its seller with every field, and never a draft', async () => {
    const { agents, seller } = await createAppraisalScenario(server);
    const agent = agents[0]!;
    const draftId = await draftCompleteAppraisal(server, agent.token, agent.request.id);
    const video = await createMedia(server, agent.userId, 'VIDEO');
    await gqlOk(server, VIDEO, { id: draftId, video: video.id }, agent.token);
    await gqlOk(
      server,
      COMPARABLES,
      { id: draftId, sales: [{ address: '5 Fifth Ave', salePriceDollars: 1_150_000, saleDate: '2026-03-07', url: 'example.com' }] },
      agent.token,
    );

    expect(codeOf(await server.gql(APPRAISAL, { id: draftId }, seller.token))).toBe('not_found');
    const own = await gqlOk<{ propertyAppraisal: { state: string } }>(server, APPRAISAL, { id: draftId }, agent.token);
    expect(own.propertyAppraisal.state).toBe('DRAFT');

    await submitAppraisal(server, agent.token, draftId);
    const seen = await gqlOk<{ propertyAppraisal: Record<string, unknown> }>(server, APPRAISAL, { id: draftId }, seller.token);
    expect(seen.propertyAppraisal).toMatchObject({
      id: draftId,
      state: 'SUBMITTED',
      sellingRangeMin: 1_200_000,
      sellingRangeMax: 1_320_000,
      additionalNotes: 'Strong demand for ocean views.',
      appointmentRequestedBySeller: false,
      agentMobileNumber: '+61412555666',
      comparableSales: [{ order: 0, address: '5 Fifth Ave', salePriceDollars: 1_150_000, saleDate: '2026-03-07', url: 'example.com' }],
      marketingFee: { id: draftId, costDollars: 4500, marketingInclusions: ['Photography', 'Floor plan'] },
      commission: { id: draftId, commissionType: 'PERCENTAGE', percentageRate: 2.2, flatFeeCostDollars: null },
      appraisalVideo: { id: video.id, type: 'VIDEO' },
      agent: { id: agent.userId, name: 'Agent 1', agencyName: 'Harbour Realty' },
    });
  });

  it('is not_found for other sellers and other agents', async () => {
    const { agents } = await createAppraisalScenario(server);
    const agent = agents[0]!;
    const draftId = await draftCompleteAppraisal(server, agent.token, agent.request.id);
    await submitAppraisal(server, agent.token, draftId);
    const otherSeller = await createSeller(server);
    const otherAgent = await createAgent(server);
    expect(codeOf(await server.gql(APPRAISAL, { id: draftId }, otherSeller.token))).toBe('not_found');
    expect(codeOf(await server.gql(APPRAISAL, { id: draftId }, otherAgent.token))).toBe('not_found');
    expect(codeOf(await server.gql(APPRAISAL, { id: draftId }))).toBe('unauthorized');
  });
});
