import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, propertyMedia } from '../../db/schema/properties.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  createActiveProperty,
  createAgent,
  createAppraisalScenario,
  createMedia,
  createRequest,
  createSeller,
  draftCompleteAppraisal,
  gqlOk,
  submitAppraisal,
} from './test-factories.ts';

/**
 * What each side sees of a property through the appraisal loop (masking, the seller's appraisals), and the
 * cost of the pages: SQL statements per request must not grow with the number of items.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const REQUEST_WITH_PROPERTY = `query($id: ID!) { propertyAppraisalRequest(id: $id) {
  id detailsHidden
  property {
    id detailsHidden state propertyType unitNumber streetNumber streetName additionalInformation
    numberOfBedrooms numberOfBathrooms numberOfCarSpaces estimatedSaleValueRange preferredMethodOfSale
    suburb { name state postcode }
    photos { id userMedia { thumbnailUrl } }
    propertyAppraisals { id }
  }
} }`;

const PENDING_PAGE = `query($first: Int) { myPendingAppraisalRequests(first: $first) { edges { node {
  id state seenByAgent requestedAt expiresAt detailsHidden
  property { id streetName numberOfBedrooms numberOfBathrooms numberOfCarSpaces state suburb { name state } photos { userMedia { thumbnailUrl } } }
  draftPropertyAppraisal { id }
  propertyAppraisal { id sentAt sellingRangeMin sellingRangeMax marketingFee { costDollars } commission { commissionType percentageRate flatFeeCostDollars } }
} } pageInfo { endCursor hasNextPage } } }`;

const COMPLETE_PAGE = PENDING_PAGE.replace('myPendingAppraisalRequests', 'myCompleteAppraisalRequests');

const PROPERTY_DETAIL = `query($id: ID!) { property(id: $id) {
  id streetName suburb { name }
  propertyAppraisals {
    id sentAt sellingRangeMin sellingRangeMax additionalNotes appointmentRequestedBySeller agentMobileNumber
    agent { id name agencyName agencyBio bio badge numberOfEngagements profilePicture { url thumbnailUrl } agencyLogo { url thumbnailUrl } }
    commission { commissionType percentageRate flatFeeCostDollars }
    marketingFee { costDollars marketingInclusions }
    comparableSales { address salePriceDollars url }
    appraisalVideo { url thumbnailUrl }
  }
} }`;

/** SQL statements one GraphQL request costs (the least of three runs, so a scheduled job in between cannot inflate it). */
async function sqlPerRequest(query: string, variables: Record<string, unknown>, token: string): Promise<number> {
  const counts: number[] = [];
  for (let run = 0; run < 3; run++) {
    const before = server.sqlCount();
    await gqlOk(server, query, variables, token);
    counts.push(server.sqlCount() - before);
  }
  return Math.min(...counts);
}

describe('what the agent sees of the property', () => {
  it('hides street, unit, media and notes until the payment condition is accepted', async () => {
    const { agents } = await createAppraisalScenario(server);
    const agent = agents[0]!;
    type Found = { propertyAppraisalRequest: { detailsHidden: boolean; property: Record<string, unknown> } };
    const hidden = await gqlOk<Found>(server, REQUEST_WITH_PROPERTY, { id: agent.request.id }, agent.token);
    expect(hidden.propertyAppraisalRequest.property).toMatchObject({
      detailsHidden: true,
      unitNumber: null,
      streetNumber: null,
      streetName: null,
      additionalInformation: null,
      photos: [],
      propertyAppraisals: [],
      // What an agent may see before accepting: suburb, type, counts and sale information.
      propertyType: 'APARTMENT_OR_UNIT',
      numberOfBedrooms: 2,
      numberOfBathrooms: 1,
      numberOfCarSpaces: 1,
      estimatedSaleValueRange: 'FROM_1M_TO_1_5M',
      preferredMethodOfSale: 'AUCTION',
      suburb: { name: 'Bondi', state: 'NSW', postcode: '2026' },
    });

    await gqlOk(server, `mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: agent.request.id }, agent.token);
    const shown = await gqlOk<Found>(server, REQUEST_WITH_PROPERTY, { id: agent.request.id }, agent.token);
    expect(shown.propertyAppraisalRequest.property).toMatchObject({
      detailsHidden: false,
      unitNumber: '2',
      streetNumber: '14',
      streetName: 'Campbell Parade',
      additionalInformation: 'Ocean views from the balcony. Gate code 4321.',
    });
    expect(shown.propertyAppraisalRequest.property.photos).toHaveLength(1);
    // Never other agents' appraisals.
    expect(shown.propertyAppraisalRequest.property.propertyAppraisals).toEqual([]);
  });
});

describe('every hidden detail, on the request and in the agent’s list', () => {
  const HIDDEN_FIELDS = `id detailsHidden unitNumber streetNumber streetName latitude longitude additionalInformation noPropertyOwnerReason
    askListwiseForMoreAgents photos { id } floorplans { id } videos { id } suburb { name }`;

  it('masks location, free text and every kind of media until the condition is accepted, then shows them', async () => {
    const { agents, seller, property } = await createAppraisalScenario(server);
    const agent = agents[0]!;
    // A property with everything PRODUCT.md hides: coordinates, the owner's reason, a floor plan and a video.
    await server.deps.db
      .update(properties)
      .set({ latitude: -33.89, longitude: 151.27, noPropertyOwnerReason: 'Selling for my mother.', askListwiseForMoreAgents: true })
      .where(eq(properties.id, property.id));
    for (const [type, order] of [
      ['FLOOR_PLAN', 1],
      ['VIDEO', 2],
    ] as const) {
      const media = await createMedia(server, seller.userId, type === 'VIDEO' ? 'VIDEO' : 'IMAGE');
      await server.deps.db.insert(propertyMedia).values({ propertyId: property.id, userMediaId: media.id, type, order });
    }
    const masked = {
      detailsHidden: true,
      unitNumber: null,
      streetNumber: null,
      streetName: null,
      latitude: null,
      longitude: null,
      additionalInformation: null,
      noPropertyOwnerReason: null,
      askListwiseForMoreAgents: false,
      photos: [],
      floorplans: [],
      videos: [],
      suburb: { name: 'Bondi' },
    };
    type One = { propertyAppraisalRequest: { property: Record<string, unknown> } };
    type List = { myPendingAppraisalRequests: { edges: { node: { id: string; property: Record<string, unknown> } }[] } };
    const one = `query($id: ID!) { propertyAppraisalRequest(id: $id) { property { ${HIDDEN_FIELDS} } } }`;
    const list = `{ myPendingAppraisalRequests(first: 10) { edges { node { id property { ${HIDDEN_FIELDS} } } } } }`;

    const hidden = await gqlOk<One>(server, one, { id: agent.request.id }, agent.token);
    expect(hidden.propertyAppraisalRequest.property).toEqual({ id: property.id, ...masked });
    const hiddenInList = await gqlOk<List>(server, list, {}, agent.token);
    expect(hiddenInList.myPendingAppraisalRequests.edges.map((e) => e.node.property)).toEqual([{ id: property.id, ...masked }]);

    await gqlOk(server, `mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: agent.request.id }, agent.token);
    const shown = await gqlOk<List>(server, list, {}, agent.token);
    expect(shown.myPendingAppraisalRequests.edges[0]!.node.property).toMatchObject({
      detailsHidden: false,
      streetName: 'Campbell Parade',
      latitude: -33.89,
      noPropertyOwnerReason: 'Selling for my mother.',
      askListwiseForMoreAgents: true,
    });
    const media = shown.myPendingAppraisalRequests.edges[0]!.node.property as Record<string, unknown[]>;
    expect([media.photos!.length, media.floorplans!.length, media.videos!.length]).toEqual([1, 1, 1]);
  });
});

describe('what an agent sees of competing appraisals', () => {
  it('shows neither the other agents’ appraisals nor how many there are', async () => {
    const { agents } = await createAppraisalScenario(server, 2);
    const [a, b] = agents as [(typeof agents)[number], (typeof agents)[number]];
    await submitAppraisal(server, b.token, await draftCompleteAppraisal(server, b.token, b.request.id));
    await gqlOk(server, `mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: a.request.id }, a.token);
    const seen = await gqlOk<{ propertyAppraisalRequest: { property: { appraisalCount: number; propertyAppraisals: unknown[] } } }>(
      server,
      `query($id: ID!) { propertyAppraisalRequest(id: $id) { property { appraisalCount propertyAppraisals { id } } } }`,
      { id: a.request.id },
      a.token,
    );
    expect(seen.propertyAppraisalRequest.property).toEqual({ appraisalCount: 0, propertyAppraisals: [] });
  });
});

describe('the seller’s appraisals on the property', () => {
  it('lists only submitted appraisals, newest first', async () => {
    const { agents, seller, property } = await createAppraisalScenario(server, 3);
    const [a, b, c] = agents as [(typeof agents)[number], (typeof agents)[number], (typeof agents)[number]];
    const first = await draftCompleteAppraisal(server, a.token, a.request.id);
    await submitAppraisal(server, a.token, first);
    server.deps.clock.advance(60_000);
    const second = await draftCompleteAppraisal(server, b.token, b.request.id);
    await submitAppraisal(server, b.token, second);
    await draftCompleteAppraisal(server, c.token, c.request.id); // a draft: not the seller's to see

    const found = await gqlOk<{ property: { propertyAppraisals: { id: string; agent: { name: string } }[] } }>(
      server,
      PROPERTY_DETAIL,
      { id: property.id },
      seller.token,
    );
    expect(found.property.propertyAppraisals.map((p) => p.id)).toEqual([second, first]);
    expect(found.property.propertyAppraisals.map((p) => p.agent.name)).toEqual(['Agent 2', 'Agent 1']);

    const otherSeller = await createSeller(server);
    expect(codeOf(await server.gql(PROPERTY_DETAIL, { id: property.id }, otherSeller.token))).toBe('not_found');
  });
});

describe('SQL statements per request stay constant as lists grow', () => {
  it('for a page of the agent’s requests', async () => {
    const agent = await createAgent(server, { withCard: true });
    const seller = await createSeller(server);
    for (let i = 0; i < 12; i++) {
      const property = await createActiveProperty(server, seller.userId, { photos: 2 });
      const request = await createRequest(server, property.id, agent.userId, { accepted: i % 2 === 0 });
      if (i % 3 === 0) {
        const draftId = await draftCompleteAppraisal(server, agent.token, request.id);
        await gqlOk(
          server,
          `mutation($id: ID!, $s: [ComparableSaleInput!]!) { updateDraftPropertyAppraisalComparableSales(propertyAppraisalId: $id, comparableSales: $s) { id } }`,
          { id: draftId, s: [{ address: '1 A St', salePriceDollars: 900_000 }] },
          agent.token,
        );
        if (i % 2 === 0) await submitAppraisal(server, agent.token, draftId);
      }
    }
    const pendingOfTwo = await sqlPerRequest(PENDING_PAGE, { first: 2 }, agent.token);
    const pendingOfTen = await sqlPerRequest(PENDING_PAGE, { first: 10 }, agent.token);
    expect(pendingOfTen).toBe(pendingOfTwo);
    const completeOfOne = await sqlPerRequest(COMPLETE_PAGE, { first: 1 }, agent.token);
    const completeOfTen = await sqlPerRequest(COMPLETE_PAGE, { first: 10 }, agent.token);
    expect(completeOfTen).toBe(completeOfOne);
    // Session, page, properties, suburbs, media, user media, appraisals, … — a handful, whatever the page size.
    expect(pendingOfTen).toBeLessThanOrEqual(12);
  });

  it('for a property with 1 and with 5 appraisals', async () => {
    const measure = async (appraisalCount: number) => {
      const { agents, seller, property } = await createAppraisalScenario(server, appraisalCount);
      for (const agent of agents) {
        const draftId = await draftCompleteAppraisal(server, agent.token, agent.request.id);
        const video = await createMedia(server, agent.userId, 'VIDEO');
        await gqlOk(
          server,
          `mutation($id: ID!, $v: ID) { updateDraftPropertyAppraisalVideo(propertyAppraisalId: $id, videoUserMediaId: $v) { id } }`,
          { id: draftId, v: video.id },
          agent.token,
        );
        await submitAppraisal(server, agent.token, draftId);
      }
      const found = await gqlOk<{ property: { propertyAppraisals: unknown[] } }>(
        server,
        PROPERTY_DETAIL,
        { id: property.id },
        seller.token,
      );
      expect(found.property.propertyAppraisals).toHaveLength(appraisalCount);
      return sqlPerRequest(PROPERTY_DETAIL, { id: property.id }, seller.token);
    };
    const withOne = await measure(1);
    const withFive = await measure(5);
    expect(withFive).toBe(withOne);
    expect(withFive).toBeLessThanOrEqual(12);
  });
});
