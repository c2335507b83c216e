import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerProfiles } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { createAdmin, createSeller, signUpAgent, uniqueEmail } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { findSuburbId, insertUploadedMedia } from './listing-fixtures.ts';
import { seedDemoListing } from './demo-listing.ts';
import { myPropertiesPageQuery } from './find-properties.service.ts';
import { encryptListingPrefill, prefillKey } from './listing-prefill.ts';

let server: TestServer;
let bondi: number;
let fitzroy: number;
beforeAll(async () => {
  server = await startTestServer();
  bondi = await findSuburbId(server.deps.db, 'Bondi', 'NSW');
  fitzroy = await findSuburbId(server.deps.db, 'Fitzroy', 'VIC');
});
afterAll(() => server?.stop());

const PROPERTY_FIELDS = `id state streetNumber streetName unitNumber propertyType suburb { id name state postcode }
  numberOfBedrooms numberOfBathrooms numberOfToilets numberOfCarSpaces numberOfLivingSpaces propertySizeSqm landSizeSqm propertyAge
  additionalFeatures capitalImprovements estimatedSaleValueRange idealTimeframeOfSale preferredMethodOfSale areYouThePropertyOwner
  noPropertyOwnerReason additionalInformation submittedAt completeType detailsHidden appraisalCount isAwaitingVerification
  photos { id type order userMedia { id type } } floorplans { id } videos { id type order }
  questionRequirements { numberOfBedrooms numberOfBathrooms numberOfToilets numberOfCarSpaces numberOfLivingSpaces propertySizeSqm landSizeSqm propertyAge additionalFeatures }`;

const START = `mutation($suburbId: ID!, $streetName: String!, $streetNumber: String, $unitNumber: String) {
  startNewDraftProperty(suburbId: $suburbId, streetName: $streetName, streetNumber: $streetNumber, unitNumber: $unitNumber) { ${PROPERTY_FIELDS} } }`;
const CURRENT = `{ currentDraftProperty { ${PROPERTY_FIELDS} } }`;
const DETAILS = `mutation($id: ID!, $d: PropertyDetailsInput!) { updatePropertyDetails(propertyId: $id, propertyDetails: $d) { ${PROPERTY_FIELDS} } }`;
const TYPE = `mutation($id: ID!, $t: PropertyType!) { updatePropertyType(propertyId: $id, propertyType: $t) { ${PROPERTY_FIELDS} } }`;
const SALE = `mutation($id: ID!, $s: PropertySaleInformationInput, $info: String) {
  updatePropertySaleInformation(propertyId: $id, propertySaleInformation: $s, additionalInformation: $info) { ${PROPERTY_FIELDS} } }`;
const ATTACH = `mutation($id: ID!, $type: PropertyMediaType!, $media: ID!) {
  attachUserMediaToDraftProperty(propertyId: $id, propertyMediaType: $type, userMediaId: $media) { ${PROPERTY_FIELDS} } }`;
const REMOVE = `mutation($id: ID!) { removePropertyMediaFromDraftProperty(propertyMediaId: $id) { ${PROPERTY_FIELDS} } }`;
const REORDER = `mutation($id: ID!, $ids: [ID!]!) { reorderDraftPropertyMedia(propertyId: $id, propertyMediaIds: $ids) { ${PROPERTY_FIELDS} } }`;
const PROPERTY = `query($id: ID!) { property(id: $id) { ${PROPERTY_FIELDS} } }`;
const MY_PROPERTIES = `query($first: Int, $after: String) { myProperties(first: $first, after: $after) {
  edges { cursor node { id streetName state appraisalCount photos { id userMedia { thumbnailUrl } } } } pageInfo { endCursor hasNextPage } } }`;

type Property = Record<string, unknown> & { id: string };

async function startDraft(token: string, overrides: Record<string, unknown> = {}) {
  const result = await server.gql<{ startNewDraftProperty: Property }>(
    START,
    { suburbId: String(bondi), streetName: 'Campbell Parade', streetNumber: '12', ...overrides },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.startNewDraftProperty;
}

const SALE_INFO = {
  estimatedSaleValueRange: 'FROM_1M_TO_1_5M',
  idealTimeframeOfSale: 'ONE_TO_THREE_MONTHS',
  preferredMethodOfSale: 'AUCTION_OR_PRIVATE',
  areYouThePropertyOwner: 'YES',
};

describe('the draft property', () => {
  it('starts a draft at an address, finds it as the current draft and asks every question optionally before a type is chosen', async () => {
    const seller = await createSeller(server);
    expect((await server.gql<{ currentDraftProperty: null }>(CURRENT, {}, seller.token)).data!.currentDraftProperty).toBeNull();
    const draft = await startDraft(seller.token, { unitNumber: '4' });
    expect(draft).toMatchObject({
      state: 'DRAFT',
      streetNumber: '12',
      streetName: 'Campbell Parade',
      unitNumber: '4',
      suburb: { name: 'Bondi', state: 'NSW', postcode: '2026' },
      propertyType: null,
      additionalFeatures: [],
      detailsHidden: false,
      photos: [],
      submittedAt: null,
    });
    expect(new Set(Object.values(draft.questionRequirements as object))).toEqual(new Set(['OPTIONAL']));
    const current = await server.gql<{ currentDraftProperty: Property }>(CURRENT, {}, seller.token);
    expect(current.data!.currentDraftProperty.id).toBe(draft.id);
  });

  it('replaces an unfinished draft when a new one is started, also when two starts race', async () => {
    const seller = await createSeller(server);
    const first = await startDraft(seller.token);
    const results = await Promise.all([startDraft(seller.token), startDraft(seller.token)]);
    const drafts = await server.deps.db.select().from(properties).where(eq(properties.sellerUserId, seller.userId));
    expect(drafts).toHaveLength(1);
    expect(results.map((r) => r.id)).toContain(drafts[0]!.id);
    expect(drafts[0]!.id).not.toBe(first.id);
  });

  it('validates the address: unit number at most 50, a known suburb, a street name', async () => {
    const seller = await createSeller(server);
    const longUnit = await server.gql(START, { suburbId: String(bondi), streetName: 'X St', unitNumber: 'u'.repeat(51) }, seller.token);
    expect(longUnit.errors![0]!.extensions).toMatchObject({
      code: 'validation_failed',
      field: 'unitNumber',
      reason: 'Unit number is too long',
    });
    const unknownSuburb = await server.gql(START, { suburbId: '99999999', streetName: 'X St' }, seller.token);
    expect(unknownSuburb.errors![0]!.extensions).toMatchObject({ code: 'not_found', field: 'suburbId' });
    const noStreet = await server.gql(START, { suburbId: String(bondi), streetName: '  ' }, seller.token);
    expect(noStreet.errors![0]!.extensions).toMatchObject({
      code: 'validation_failed',
      field: 'streetName',
      reason: 'Street address is required',
    });
  });

  it('saves the type at once and clears the answers the new type does not ask', async () => {
    const seller = await createSeller(server);
    const draft = await startDraft(seller.token);
    const house = await server.gql<{ updatePropertyType: Property }>(TYPE, { id: draft.id, t: 'HOUSE' }, seller.token);
    expect(house.data!.updatePropertyType.questionRequirements).toMatchObject({
      numberOfBedrooms: 'REQUIRED',
      numberOfBathrooms: 'REQUIRED',
      landSizeSqm: 'OPTIONAL',
    });
    const details = await server.gql<{ updatePropertyDetails: Property }>(
      DETAILS,
      {
        id: draft.id,
        d: {
          numberOfBedrooms: 3,
          numberOfBathrooms: 2,
          numberOfCarSpaces: 1,
          landSizeSqm: 450,
          additionalFeatures: ['POOL', 'HEATING', 'POOL'],
        },
      },
      seller.token,
    );
    expect(details.data!.updatePropertyDetails).toMatchObject({
      numberOfBedrooms: 3,
      landSizeSqm: 450,
      additionalFeatures: ['POOL', 'HEATING'],
    });

    const land = await server.gql<{ updatePropertyType: Property }>(TYPE, { id: draft.id, t: 'LAND' }, seller.token);
    expect(land.data!.updatePropertyType).toMatchObject({
      propertyType: 'LAND',
      numberOfBedrooms: null,
      numberOfBathrooms: null,
      numberOfCarSpaces: null,
      landSizeSqm: 450,
      questionRequirements: { numberOfBedrooms: 'NOT_REQUIRED', landSizeSqm: 'REQUIRED', additionalFeatures: 'OPTIONAL' },
    });
    // A count sent for a question LAND does not ask is stored empty.
    const ignored = await server.gql<{ updatePropertyDetails: Property }>(
      DETAILS,
      { id: draft.id, d: { numberOfBedrooms: 4 } },
      seller.token,
    );
    expect(ignored.data!.updatePropertyDetails.numberOfBedrooms).toBeNull();

    const apartment = await server.gql<{ updatePropertyType: Property }>(TYPE, { id: draft.id, t: 'APARTMENT_OR_UNIT' }, seller.token);
    expect(apartment.data!.updatePropertyType).toMatchObject({ landSizeSqm: null, questionRequirements: { landSizeSqm: 'NOT_REQUIRED' } });
    expect(codeOf(await server.gql(TYPE, { id: draft.id, t: 'CASTLE' }, seller.token))).toBe('bad_request');
  });

  it('updates only the details it is sent: absent stays, null clears; counts run 1 to 5', async () => {
    const seller = await createSeller(server);
    const draft = await startDraft(seller.token);
    await server.gql(TYPE, { id: draft.id, t: 'HOUSE' }, seller.token);
    await server.gql(DETAILS, { id: draft.id, d: { numberOfBedrooms: 5, propertyAge: 30, capitalImprovements: 'YES' } }, seller.token);
    const partial = await server.gql<{ updatePropertyDetails: Property }>(
      DETAILS,
      { id: draft.id, d: { numberOfBathrooms: 1, propertyAge: null, streetName: 'Hall Street', suburbId: String(fitzroy) } },
      seller.token,
    );
    expect(partial.data!.updatePropertyDetails).toMatchObject({
      numberOfBedrooms: 5,
      numberOfBathrooms: 1,
      propertyAge: null,
      capitalImprovements: 'YES',
      streetName: 'Hall Street',
      suburb: { name: 'Fitzroy', state: 'VIC' },
    });
    const six = await server.gql(DETAILS, { id: draft.id, d: { numberOfBedrooms: 6 } }, seller.token);
    expect(six.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'numberOfBedrooms' });
    const zero = await server.gql(DETAILS, { id: draft.id, d: { numberOfToilets: 0 } }, seller.token);
    expect(zero.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'numberOfToilets' });
    const negative = await server.gql(DETAILS, { id: draft.id, d: { landSizeSqm: -1 } }, seller.token);
    expect(negative.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'landSizeSqm' });
    const clearStreet = await server.gql(DETAILS, { id: draft.id, d: { streetName: null } }, seller.token);
    expect(clearStreet.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'streetName' });
  });

  it("saves sale information and sets the seller's verification status from the owner answer", async () => {
    const seller = await createSeller(server);
    const draft = await startDraft(seller.token);
    const status = async () =>
      (await server.deps.db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.userId) }))!.status;

    const notOwner = await server.gql<{ updatePropertySaleInformation: Property }>(
      SALE,
      { id: draft.id, s: { ...SALE_INFO, areYouThePropertyOwner: 'NO', noPropertyOwnerReason: 'Selling for my mother' } },
      seller.token,
    );
    expect(notOwner.data!.updatePropertySaleInformation).toMatchObject({
      areYouThePropertyOwner: 'NO',
      noPropertyOwnerReason: 'Selling for my mother',
      estimatedSaleValueRange: 'FROM_1M_TO_1_5M',
    });
    expect(await status()).toBe('PENDING_VERIFICATION');

    const owner = await server.gql<{ updatePropertySaleInformation: Property }>(
      SALE,
      { id: draft.id, s: { ...SALE_INFO, noPropertyOwnerReason: 'ignored' } },
      seller.token,
    );
    expect(owner.data!.updatePropertySaleInformation).toMatchObject({ areYouThePropertyOwner: 'YES', noPropertyOwnerReason: null });
    expect(await status()).toBe('APPROVED');

    const info = await server.gql<{ updatePropertySaleInformation: Property }>(
      SALE,
      { id: draft.id, info: 'Renovated kitchen.' },
      seller.token,
    );
    expect(info.data!.updatePropertySaleInformation).toMatchObject({
      additionalInformation: 'Renovated kitchen.',
      areYouThePropertyOwner: 'YES',
    });

    const tooLong = await server.gql(SALE, { id: draft.id, info: 'x'.repeat(3501) }, seller.token);
    expect(tooLong.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'additionalInformation' });
    const reasonTooLong = await server.gql(
      SALE,
      { id: draft.id, s: { ...SALE_INFO, areYouThePropertyOwner: 'NO', noPropertyOwnerReason: 'x'.repeat(3501) } },
      seller.token,
    );
    expect(reasonTooLong.errors![0]!.extensions).toMatchObject({
      code: 'validation_failed',
      field: 'propertySaleInformation.noPropertyOwnerReason',
    });
    expect(codeOf(await server.gql(SALE, { id: draft.id }, seller.token))).toBe('validation_failed');
  });
});

describe('photos, floor plans and videos of the draft', () => {
  it('attaches uploads in order, reorders and removes them', async () => {
    const seller = await createSeller(server);
    const draft = await startDraft(seller.token);
    const images = await Promise.all([1, 2, 3].map(() => insertUploadedMedia(server.deps.db, seller.userId, 'IMAGE')));
    for (const image of images) {
      const attached = await server.gql(ATTACH, { id: draft.id, type: 'PHOTO', media: image.id }, seller.token);
      expect(attached.errors).toBeUndefined();
    }
    // Attaching the same upload again changes nothing.
    await server.gql(ATTACH, { id: draft.id, type: 'PHOTO', media: images[0]!.id }, seller.token);
    const video = await insertUploadedMedia(server.deps.db, seller.userId, 'VIDEO');
    const withVideo = await server.gql<{ attachUserMediaToDraftProperty: Property }>(
      ATTACH,
      { id: draft.id, type: 'VIDEO', media: video.id },
      seller.token,
    );
    const photos = withVideo.data!.attachUserMediaToDraftProperty.photos as { id: string; order: number; userMedia: { id: string } }[];
    expect(photos.map((p) => p.userMedia.id)).toEqual(images.map((i) => i.id));
    expect(photos.map((p) => p.order)).toEqual([0, 1, 2]);
    expect(withVideo.data!.attachUserMediaToDraftProperty.videos).toMatchObject([{ type: 'VIDEO', order: 0 }]);

    const reversed = [...photos].reverse().map((p) => p.id);
    const reordered = await server.gql<{ reorderDraftPropertyMedia: Property }>(REORDER, { id: draft.id, ids: reversed }, seller.token);
    expect((reordered.data!.reorderDraftPropertyMedia.photos as { id: string }[]).map((p) => p.id)).toEqual(reversed);

    const removed = await server.gql<{ removePropertyMediaFromDraftProperty: Property }>(REMOVE, { id: reversed[0] }, seller.token);
    expect((removed.data!.removePropertyMediaFromDraftProperty.photos as { id: string }[]).map((p) => p.id)).toEqual(reversed.slice(1));
    expect(codeOf(await server.gql(REMOVE, { id: reversed[0] }, seller.token))).toBe('not_found');
  });

  it('refuses a video as a photo, an image as a video, and uploads of someone else', async () => {
    const seller = await createSeller(server);
    const other = await createSeller(server);
    const draft = await startDraft(seller.token);
    const video = await insertUploadedMedia(server.deps.db, seller.userId, 'VIDEO');
    const image = await insertUploadedMedia(server.deps.db, seller.userId, 'IMAGE');
    const othersImage = await insertUploadedMedia(server.deps.db, other.userId, 'IMAGE');
    expect(codeOf(await server.gql(ATTACH, { id: draft.id, type: 'PHOTO', media: video.id }, seller.token))).toBe(
      'user_media_file_extension_not_supported',
    );
    expect(codeOf(await server.gql(ATTACH, { id: draft.id, type: 'VIDEO', media: image.id }, seller.token))).toBe(
      'user_media_file_extension_not_supported',
    );
    const stolen = await server.gql(ATTACH, { id: draft.id, type: 'FLOOR_PLAN', media: othersImage.id }, seller.token);
    expect(stolen.errors![0]!.extensions).toMatchObject({ code: 'not_found', field: 'userMediaId' });
  });

  it('holds at most 5 videos and 20 photos and videos together', async () => {
    const seller = await createSeller(server);
    const draft = await startDraft(seller.token);
    const attach = async (type: 'PHOTO' | 'VIDEO' | 'FLOOR_PLAN') => {
      const media = await insertUploadedMedia(server.deps.db, seller.userId, type === 'VIDEO' ? 'VIDEO' : 'IMAGE');
      return server.gql(ATTACH, { id: draft.id, type, media: media.id }, seller.token);
    };
    for (let i = 0; i < 5; i++) expect((await attach('VIDEO')).errors).toBeUndefined();
    const sixthVideo = await attach('VIDEO');
    expect(sixthVideo.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'propertyMediaType' });
    for (let i = 0; i < 15; i++) expect((await attach('PHOTO')).errors).toBeUndefined();
    expect(codeOf(await attach('PHOTO'))).toBe('validation_failed');
    // Floor plans have their own uploader and limit.
    expect((await attach('FLOOR_PLAN')).errors).toBeUndefined();
  });
});

describe('authorisation', () => {
  it("never lets one seller read or change another seller's draft, property or media", async () => {
    const owner = await createSeller(server);
    const intruder = await createSeller(server);
    const draft = await startDraft(owner.token);
    const image = await insertUploadedMedia(server.deps.db, owner.userId, 'IMAGE');
    const attached = await server.gql<{ attachUserMediaToDraftProperty: Property }>(
      ATTACH,
      { id: draft.id, type: 'PHOTO', media: image.id },
      owner.token,
    );
    const propertyMediaId = (attached.data!.attachUserMediaToDraftProperty.photos as { id: string }[])[0]!.id;
    const intruderImage = await insertUploadedMedia(server.deps.db, intruder.userId, 'IMAGE');

    const attempts = [
      server.gql(PROPERTY, { id: draft.id }, intruder.token),
      server.gql(DETAILS, { id: draft.id, d: { numberOfBedrooms: 2 } }, intruder.token),
      server.gql(TYPE, { id: draft.id, t: 'LAND' }, intruder.token),
      server.gql(SALE, { id: draft.id, s: SALE_INFO }, intruder.token),
      server.gql(ATTACH, { id: draft.id, type: 'PHOTO', media: intruderImage.id }, intruder.token),
      server.gql(REMOVE, { id: propertyMediaId }, intruder.token),
      server.gql(REORDER, { id: draft.id, ids: [propertyMediaId] }, intruder.token),
      server.gql(`query($id: ID!) { agentsForProperty(propertyId: $id) { id } }`, { id: draft.id }, intruder.token),
      server.gql(`mutation($id: ID!) { publishProperty(propertyId: $id, selectedAgents: []) { id } }`, { id: draft.id }, intruder.token),
    ];
    for (const result of await Promise.all(attempts)) expect(codeOf(result)).toBe('not_found');
    expect((await server.gql<{ currentDraftProperty: null }>(CURRENT, {}, intruder.token)).data!.currentDraftProperty).toBeNull();
    const unchanged = await server.gql<{ property: Property }>(PROPERTY, { id: draft.id }, owner.token);
    expect(unchanged.data!.property).toMatchObject({ propertyType: null, numberOfBedrooms: null, photos: [{ id: propertyMediaId }] });
  });

  it('answers forbidden to agents and admins, unauthorized without a session, not_found for malformed ids', async () => {
    const agent = await signUpAgent(server);
    const admin = await createAdmin(server);
    const seller = await createSeller(server);
    const draft = await startDraft(seller.token);
    const image = await insertUploadedMedia(server.deps.db, seller.userId, 'IMAGE');
    const attached = await server.gql<{ attachUserMediaToDraftProperty: Property }>(
      ATTACH,
      { id: draft.id, type: 'PHOTO', media: image.id },
      seller.token,
    );
    const propertyMediaId = (attached.data!.attachUserMediaToDraftProperty.photos as { id: string }[])[0]!.id;
    const sellerCalls: [string, Record<string, unknown>][] = [
      [CURRENT, {}],
      [START, { suburbId: String(bondi), streetName: 'X St' }],
      [DETAILS, { id: draft.id, d: {} }],
      [TYPE, { id: draft.id, t: 'HOUSE' }],
      [SALE, { id: draft.id, s: SALE_INFO }],
      [PROPERTY, { id: draft.id }],
      [MY_PROPERTIES, { first: 10 }],
      [ATTACH, { id: draft.id, type: 'PHOTO', media: image.id }],
      [REMOVE, { id: propertyMediaId }],
      [REORDER, { id: draft.id, ids: [propertyMediaId] }],
      [`query($id: ID!) { agentsForProperty(propertyId: $id) { id } }`, { id: draft.id }],
      [`mutation($id: ID!) { publishProperty(propertyId: $id, selectedAgents: []) { id } }`, { id: draft.id }],
    ];
    for (const [query, variables] of sellerCalls) {
      expect(codeOf(await server.gql(query, variables, agent.token))).toBe('forbidden');
      expect(codeOf(await server.gql(query, variables, admin.token))).toBe('forbidden');
      expect(codeOf(await server.gql(query, variables))).toBe('unauthorized');
    }
    // Nothing an agent or admin sent changed the draft.
    const unchanged = await server.gql<{ property: Property }>(PROPERTY, { id: draft.id }, seller.token);
    expect(unchanged.data!.property).toMatchObject({ propertyType: null, state: 'DRAFT', photos: [{ id: propertyMediaId }] });
    expect(codeOf(await server.gql(PROPERTY, { id: 'not-a-uuid' }, seller.token))).toBe('not_found');
    expect(codeOf(await server.gql(REMOVE, { id: '42' }, seller.token))).toBe('not_found');
  });

  it("never shows another seller's published property, nor lets them edit, publish or list it", async () => {
    const owner = await createSeller(server);
    const intruder = await createSeller(server);
    const draft = await startDraft(owner.token);
    await server.deps.db.update(properties).set({ state: 'ACTIVE' }).where(eq(properties.id, draft.id));
    const attempts = [
      server.gql(PROPERTY, { id: draft.id }, intruder.token),
      server.gql(DETAILS, { id: draft.id, d: { numberOfBedrooms: 2 } }, intruder.token),
      server.gql(`query($id: ID!) { agentsForProperty(propertyId: $id) { id } }`, { id: draft.id }, intruder.token),
      server.gql(`mutation($id: ID!) { publishProperty(propertyId: $id, selectedAgents: []) { id } }`, { id: draft.id }, intruder.token),
    ];
    for (const result of await Promise.all(attempts)) expect(codeOf(result)).toBe('not_found');
    const list = await server.gql<{ myProperties: { edges: { node: { id: string } }[] } }>(MY_PROPERTIES, { first: 50 }, intruder.token);
    expect(list.data!.myProperties.edges).toEqual([]);
    expect((await server.gql<{ property: Property }>(PROPERTY, { id: draft.id }, owner.token)).data!.property.state).toBe('ACTIVE');
  });

  it('lets a ghost user build a draft, and a published property can no longer be edited as a draft', async () => {
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const token = ghost.data!.createGhostUser.token;
    const draft = await startDraft(token);
    expect((await server.gql(TYPE, { id: draft.id, t: 'TOWNHOUSE' }, token)).errors).toBeUndefined();
    await server.deps.db.update(properties).set({ state: 'ACTIVE' }).where(eq(properties.id, draft.id));
    expect(codeOf(await server.gql(TYPE, { id: draft.id, t: 'HOUSE' }, token))).toBe('invalid_state');
    expect((await server.gql<{ currentDraftProperty: null }>(CURRENT, {}, token)).data!.currentDraftProperty).toBeNull();
  });
});

describe('myProperties and property', () => {
  it('pages the seller’s published properties newest first by keyset, without drafts or other sellers’ properties', async () => {
    const seller = await createSeller(server);
    const other = await createSeller(server);
    // 23 published properties, several created in the same instant (the cursor must still be exact).
    const base = Date.parse('2026-10-01T00:00:00Z');
    const rows = Array.from({ length: 23 }, (_, i) => ({
      sellerUserId: seller.userId,
      state: 'ACTIVE' as const,
      suburbId: bondi,
      streetName: `Street ${i}`,
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    }));
    await server.deps.db.insert(properties).values(rows);
    await server.deps.db
      .insert(properties)
      .values({ sellerUserId: other.userId, state: 'ACTIVE', suburbId: bondi, streetName: 'Not yours' });
    await startDraft(seller.token);

    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const result: {
        data: {
          myProperties: { edges: { node: { id: string; streetName: string } }[]; pageInfo: { endCursor: string; hasNextPage: boolean } };
        } | null;
      } = await server.gql(MY_PROPERTIES, { first: 10, after }, seller.token);
      const connection = result.data!.myProperties;
      seen.push(...connection.edges.map((e) => e.node.id));
      expect(connection.edges.every((e) => e.node.streetName.startsWith('Street'))).toBe(true);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    const stored = await server.deps.db.query.properties.findMany({ where: eq(properties.sellerUserId, seller.userId) });
    const expected = stored
      .filter((p) => p.state !== 'DRAFT')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((p) => p.id);
    expect(seen).toEqual(expected);
    expect(codeOf(await server.gql(MY_PROPERTIES, { first: 10, after: 'garbage' }, seller.token))).toBe('validation_failed');
  });

  it('loads a page of properties with a fixed number of queries (no query per card)', async () => {
    const seller = await createSeller(server);
    const inserted = await server.deps.db
      .insert(properties)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          sellerUserId: seller.userId,
          state: 'ACTIVE' as const,
          suburbId: bondi,
          streetName: `Road ${i}`,
        })),
      )
      .returning();
    for (const property of inserted) {
      const image = await insertUploadedMedia(server.deps.db, seller.userId, 'IMAGE');
      await server.deps.db.execute(
        `insert into property_media (property_id, user_media_id, type, "order") values ('${property.id}', '${image.id}', 'PHOTO', 0)` as never,
      );
    }
    const before = server.sqlCount();
    const result = await server.gql<{ myProperties: { edges: { node: { photos: unknown[] } }[] } }>(
      MY_PROPERTIES,
      { first: 10 },
      seller.token,
    );
    const queries = server.sqlCount() - before;
    expect(result.data!.myProperties.edges).toHaveLength(10);
    expect(result.data!.myProperties.edges.every((e) => e.node.photos.length === 1)).toBe(true);
    // session + page + media + user media + appraisal counts, whatever the page size
    expect(queries).toBeLessThanOrEqual(6);
  });

  it('reads a page, first or deep, as a range of the seller/created_at index with no sort', async () => {
    const seller = await createSeller(server);
    const created = await server.deps.db
      .insert(properties)
      .values(Array.from({ length: 30 }, (_, i) => ({ sellerUserId: seller.userId, state: 'ACTIVE' as const, streetName: `Lane ${i}` })))
      .returning();
    const cursor = { at: created[15]!.createdAt.toISOString(), id: created[15]!.id };
    for (const after of [null, cursor]) {
      const plan = await server.deps.db.transaction(async (tx) => {
        // Small tables favour a sequential scan; forbidding it shows whether the query *can* walk the index in order.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const query = myPropertiesPageQuery(tx, seller.userId, 11, after);
        const rows = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('properties_seller_created_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it('shows a property to its seller in any state', async () => {
    const seller = await createSeller(server);
    const draft = await startDraft(seller.token);
    const result = await server.gql<{ property: Property }>(PROPERTY, { id: draft.id }, seller.token);
    expect(result.data!.property).toMatchObject({ id: draft.id, state: 'DRAFT', appraisalCount: 0, isAwaitingVerification: false });
  });
});

describe('searchAddresses', () => {
  const SEARCH = `query($q: String!) { searchAddresses(query: $q) { description unitNumber streetNumber streetName suburb { name state postcode } } }`;
  type Suggestion = {
    description: string;
    unitNumber: string | null;
    streetNumber: string | null;
    streetName: string | null;
    suburb: { name: string; state: string };
  };
  const search = async (q: string) => (await server.gql<{ searchAddresses: Suggestion[] }>(SEARCH, { q })).data!.searchAddresses;

  it('suggests addresses from a typed street and locality, at most 5, from 3 characters', async () => {
    const [first] = await search('12 campbell parade, bondi');
    expect(first).toMatchObject({
      description: '12 Campbell Parade, Bondi NSW 2026',
      streetNumber: '12',
      streetName: 'Campbell Parade',
      suburb: { name: 'Bondi', state: 'NSW' },
    });
    const withUnit = await search('3/12 Smith Street Fitzroy VIC');
    expect(withUnit[0]).toMatchObject({
      unitNumber: '3',
      streetNumber: '12',
      streetName: 'Smith Street',
      suburb: { name: 'Fitzroy', state: 'VIC' },
    });
    expect((await search('1 Main Rd, Spring')).length).toBe(5);
    expect(await search('Bo')).toEqual([]);
    expect(await search('12 Nowhere St, Zzzzqx')).toEqual([]);
    const suburbOnly = await search('Bondi Junction');
    expect(suburbOnly[0]).toMatchObject({ streetName: null, streetNumber: null, suburb: { name: 'Bondi Junction' } });
  });
});

describe('listingPrefill', () => {
  const PREFILL = `query($hash: String!) { listingPrefill(hash: $hash) { address name email consent addressSuggestion { streetName suburb { name } } } }`;

  it('decrypts a prefill hash made with the server key, and answers null for a tampered or foreign one', async () => {
    const key = prefillKey(server.deps.config);
    const email = uniqueEmail('prefill');
    const hash = encryptListingPrefill(key, { address: '5 Hall St, Bondi Beach NSW 2026', name: 'Pat Prefill', email, consent: true });
    const result = await server.gql<{ listingPrefill: Record<string, unknown> }>(PREFILL, { hash });
    expect(result.data!.listingPrefill).toMatchObject({
      name: 'Pat Prefill',
      email,
      consent: true,
      addressSuggestion: { streetName: 'Hall St', suburb: { name: 'Bondi Beach' } },
    });
    const tampered = hash.slice(0, 20) + (hash[20] === 'A' ? 'B' : 'A') + hash.slice(21);
    expect((await server.gql<{ listingPrefill: null }>(PREFILL, { hash: tampered })).data!.listingPrefill).toBeNull();
    const foreign = encryptListingPrefill(Buffer.alloc(32, 7), { name: 'Mallory' });
    expect((await server.gql<{ listingPrefill: null }>(PREFILL, { hash: foreign })).data!.listingPrefill).toBeNull();
    expect((await server.gql<{ listingPrefill: null }>(PREFILL, { hash: 'not base64 !!' })).data!.listingPrefill).toBeNull();
  });
});

describe('demo listing', () => {
  it('gives the demo seller a listed house in Bondi with real, processed photos, once', async () => {
    const seller = await createSeller(server);
    const propertyId = await seedDemoListing(server.deps, { sellerEmail: seller.email });
    expect(propertyId).not.toBeNull();
    expect(await seedDemoListing(server.deps, { sellerEmail: seller.email })).toBeNull();
    const result = await server.gql<{ property: Property }>(
      `query($id: ID!) { property(id: $id) { state suburb { name } photos { userMedia { url thumbnailUrl mainFileReady thumbnailReady } } } }`,
      { id: propertyId },
      seller.token,
    );
    const property = result.data!.property as unknown as {
      state: string;
      suburb: { name: string };
      photos: { userMedia: { url: string; thumbnailUrl: string; thumbnailReady: boolean } }[];
    };
    expect(property.state).toBe('ACTIVE');
    expect(property.suburb.name).toBe('Bondi');
    expect(property.photos).toHaveLength(4);
    expect(property.photos.every((p) => p.userMedia.thumbnailReady)).toBe(true);
    const photo = await fetch(property.photos[0]!.userMedia.url.replace('http://127.0.0.1:3999', server.url));
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
