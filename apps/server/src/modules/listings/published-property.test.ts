import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_CHANGE_NOTICE_DELAY_MS } from '@listwise/domain/listing';
import { users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { userMedia } from '../../db/schema/media.ts';
import { emailMessages } from '../../db/schema/platform.ts';
import { properties, propertyMedia } from '../../db/schema/properties.ts';
import { createSeller } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  createActiveProperty,
  createAgent,
  createAppraisalScenario,
  createMedia,
  createRequest,
  draftCompleteAppraisal,
  gqlOk,
  submitAppraisal,
} from '../appraisals/test-factories.ts';
import { subscribeAgent } from '../sales/test-factories.ts';
import { notifyAgentsOfListingChanges } from './published-property.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
afterEach(() => server.deps.clock.reset());

const PROPERTY_FIELDS = `id state completeType propertyType numberOfBedrooms landSizeSqm propertySizeSqm additionalFeatures
  estimatedSaleValueRange additionalInformation listingUpdatedAt photos { id userMedia { id } }`;
const UPDATE = `mutation($id: ID!, $c: PublishedPropertyChangesInput!) { updatePublishedProperty(propertyId: $id, changes: $c) { ${PROPERTY_FIELDS} } }`;
const ATTACH = `mutation($id: ID!, $t: PropertyMediaType!, $m: ID!) {
  attachUserMediaToPublishedProperty(propertyId: $id, propertyMediaType: $t, userMediaId: $m) { ${PROPERTY_FIELDS} } }`;
const REMOVE = `mutation($id: ID!) { removePropertyMediaFromPublishedProperty(propertyMediaId: $id) { ${PROPERTY_FIELDS} } }`;
const WITHDRAW = `mutation($id: ID!, $t: CompleteType!) { withdrawProperty(propertyId: $id, completeType: $t) { id state completeType } }`;
const ASKED = `query($id: ID!) { property(id: $id) { id agentsAsked { id progress requestedAt expiresAt propertyAppraisalId agent { id name } } } }`;

interface PropertyShape {
  id: string;
  state: string;
  completeType: string | null;
  propertyType: string;
  numberOfBedrooms: number | null;
  landSizeSqm: number | null;
  propertySizeSqm: number | null;
  additionalFeatures: string[];
  estimatedSaleValueRange: string;
  additionalInformation: string | null;
  listingUpdatedAt: string | null;
  photos: { id: string; userMedia: { id: string } }[];
}

async function emailsTo(userId: string, template: string) {
  const user = (await server.deps.db.query.users.findFirst({ where: eq(users.id, userId) }))!;
  return server.deps.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.toAddress, user.email!), eq(emailMessages.template, template)));
}

describe('editing a published listing', () => {
  it('lets the owner change details, features, sale information and notes; agents see it updated and get one e-mail', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 2);
    const { updatePublishedProperty: changed } = await gqlOk<{ updatePublishedProperty: PropertyShape }>(
      server,
      UPDATE,
      {
        id: property.id,
        c: {
          numberOfBedrooms: 3,
          additionalFeatures: ['BALCONY', 'POOL'],
          propertySizeSqm: 96,
          estimatedSaleValueRange: 'FROM_1_5M_TO_2M',
          additionalInformation: 'New kitchen since the listing went up.',
        },
      },
      seller.token,
    );
    expect(changed).toMatchObject({
      state: 'ACTIVE',
      numberOfBedrooms: 3,
      propertySizeSqm: 96,
      estimatedSaleValueRange: 'FROM_1_5M_TO_2M',
      additionalInformation: 'New kitchen since the listing went up.',
    });
    expect(changed.additionalFeatures.sort()).toEqual(['BALCONY', 'POOL']);
    expect(changed.listingUpdatedAt).not.toBeNull();

    // The agent sees the listing as updated at once.
    const seen = await gqlOk<{ propertyAppraisalRequest: { property: { listingUpdatedAt: string | null; numberOfBedrooms: number } } }>(
      server,
      `query($id: ID!) { propertyAppraisalRequest(id: $id) { property { listingUpdatedAt numberOfBedrooms } } }`,
      { id: agents[0]!.request.id },
      agents[0]!.token,
    );
    expect(seen.propertyAppraisalRequest.property).toEqual({ listingUpdatedAt: changed.listingUpdatedAt, numberOfBedrooms: 3 });

    // A second change in the same session adds nothing to tell; the e-mail waits for the notice delay.
    await gqlOk(server, UPDATE, { id: property.id, c: { numberOfBedrooms: 4 } }, seller.token);
    expect(await notifyAgentsOfListingChanges(server.deps)).toBe(0);
    expect(await emailsTo(agents[0]!.userId, 'listing-updated')).toHaveLength(0);
    server.deps.clock.advance(LISTING_CHANGE_NOTICE_DELAY_MS + 1000);
    expect(await notifyAgentsOfListingChanges(server.deps)).toBe(1);
    for (const agent of agents) {
      const [email, ...more] = await emailsTo(agent.userId, 'listing-updated');
      expect(more).toHaveLength(0);
      expect(email!.text).toContain('updated the details');
      expect(email!.text).toContain(`/agent/appraisal-request/${agent.request.id}`);
      // The e-mail never gives the street away.
      expect(email!.text).not.toContain('Campbell Parade');
    }
    expect(await notifyAgentsOfListingChanges(server.deps)).toBe(0);
  });

  it('changes nothing and tells no one when nothing differs', async () => {
    const { seller, property } = await createAppraisalScenario(server, 1);
    const { updatePublishedProperty: same } = await gqlOk<{ updatePublishedProperty: PropertyShape }>(
      server,
      UPDATE,
      { id: property.id, c: { numberOfBedrooms: 2, estimatedSaleValueRange: 'FROM_1M_TO_1_5M' } },
      seller.token,
    );
    expect(same.listingUpdatedAt).toBeNull();
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, property.id) });
    expect(row!.changeNoticeDueAt).toBeNull();
  });

  it('keeps every required answer: clearing one, or a type that needs one more, answers required_questions_not_answered', async () => {
    const { seller, property } = await createAppraisalScenario(server, 1);
    const cleared = await server.gql(UPDATE, { id: property.id, c: { numberOfBedrooms: null } }, seller.token);
    expect(cleared.errors![0]!.extensions).toMatchObject({ code: 'required_questions_not_answered', field: 'numberOfBedrooms' });
    const land = await server.gql(UPDATE, { id: property.id, c: { propertyType: 'LAND' } }, seller.token);
    expect(land.errors![0]!.extensions).toMatchObject({ code: 'required_questions_not_answered', field: 'landSizeSqm' });
    // With the answer the new type needs, the answers it does not ask are cleared.
    const { updatePublishedProperty: asLand } = await gqlOk<{ updatePublishedProperty: PropertyShape }>(
      server,
      UPDATE,
      { id: property.id, c: { propertyType: 'LAND', landSizeSqm: 650 } },
      seller.token,
    );
    expect(asLand).toMatchObject({ propertyType: 'LAND', landSizeSqm: 650, numberOfBedrooms: null });
    expect(codeOf(await server.gql(UPDATE, { id: property.id, c: { propertySizeSqm: -5 } }, seller.token))).toBe('validation_failed');
  });

  it('is the owner’s only: other sellers get not_found, agents and visitors are refused, drafts and completed listings are invalid_state', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 1);
    const stranger = await createSeller(server);
    const change = { id: property.id, c: { numberOfBedrooms: 4 } };
    expect(codeOf(await server.gql(UPDATE, change, stranger.token))).toBe('not_found');
    expect(codeOf(await server.gql(UPDATE, { ...change, id: 'not-an-id' }, seller.token))).toBe('not_found');
    expect(codeOf(await server.gql(UPDATE, change, agents[0]!.token))).toBe('forbidden');
    expect(codeOf(await server.gql(UPDATE, change))).toBe('unauthorized');
    const media = await createMedia(server, stranger.userId);
    expect(codeOf(await server.gql(ATTACH, { id: property.id, t: 'PHOTO', m: media.id }, stranger.token))).toBe('not_found');
    const [photo] = await server.deps.db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, property.id));
    expect(codeOf(await server.gql(REMOVE, { id: photo!.id }, stranger.token))).toBe('not_found');
    expect(codeOf(await server.gql(WITHDRAW, { id: property.id, t: 'DECIDED_NOT_TO_SELL' }, stranger.token))).toBe('not_found');
    expect(codeOf(await server.gql(WITHDRAW, { id: property.id, t: 'DECIDED_NOT_TO_SELL' }, agents[0]!.token))).toBe('forbidden');
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, property.id) });
    expect(row).toMatchObject({ state: 'ACTIVE', numberOfBedrooms: 2, listingUpdatedAt: null });

    await server.deps.db.update(properties).set({ state: 'DRAFT' }).where(eq(properties.id, property.id));
    expect(codeOf(await server.gql(UPDATE, change, seller.token))).toBe('invalid_state');
    await server.deps.db
      .update(properties)
      .set({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL' })
      .where(eq(properties.id, property.id));
    expect(codeOf(await server.gql(UPDATE, change, seller.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(REMOVE, { id: photo!.id }, seller.token))).toBe('invalid_state');
  });

  it('adds and removes photos, including one whose file was refused, which agents never see', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 1);
    const added = await createMedia(server, seller.userId);
    const { attachUserMediaToPublishedProperty: withPhoto } = await gqlOk<{ attachUserMediaToPublishedProperty: PropertyShape }>(
      server,
      ATTACH,
      { id: property.id, t: 'PHOTO', m: added.id },
      seller.token,
    );
    expect(withPhoto.photos.map((p) => p.userMedia.id)).toContain(added.id);
    expect(withPhoto.listingUpdatedAt).not.toBeNull();

    // A photo attached before the rule existed, whose file processing refused: the seller sees it and can remove it.
    const refused = await createMedia(server, seller.userId);
    await server.deps.db.update(userMedia).set({ processingError: 'content is not image/jpeg' }).where(eq(userMedia.id, refused.id));
    const [stuck] = await server.deps.db
      .insert(propertyMedia)
      .values({ propertyId: property.id, userMediaId: refused.id, type: 'PHOTO', order: -1 })
      .returning();
    const PHOTOS = `query($id: ID!) { property(id: $id) { photos { id userMedia { id processingFailed } } } }`;
    const sellerView = await gqlOk<{ property: { photos: { id: string }[] } }>(server, PHOTOS, { id: property.id }, seller.token);
    expect(sellerView.property.photos.map((p) => p.id)).toContain(stuck!.id);
    const agentView = await gqlOk<{ propertyAppraisalRequest: { property: { photos: { id: string }[] } } }>(
      server,
      `query($id: ID!) { propertyAppraisalRequest(id: $id) { property { photos { id } } } }`,
      { id: agents[0]!.request.id },
      agents[0]!.token,
    );
    expect(agentView.propertyAppraisalRequest.property.photos.map((p) => p.id)).not.toContain(stuck!.id);

    const { removePropertyMediaFromPublishedProperty: without } = await gqlOk<{ removePropertyMediaFromPublishedProperty: PropertyShape }>(
      server,
      REMOVE,
      { id: stuck!.id },
      seller.token,
    );
    expect(without.photos.map((p) => p.id)).not.toContain(stuck!.id);
    // The refused file cannot be attached again.
    expect(codeOf(await server.gql(ATTACH, { id: property.id, t: 'PHOTO', m: refused.id }, seller.token))).toBe(
      'user_media_content_not_supported',
    );
  });
});

describe('withdrawing a published listing', () => {
  it('completes it, turns pending requests NOT_REQUIRED and tells the agents asked; the owner only, once', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 3);
    // The first agent already sent an appraisal; the third let the request expire.
    const appraisalId = await draftCompleteAppraisal(server, agents[0]!.token, agents[0]!.request.id);
    await submitAppraisal(server, agents[0]!.token, appraisalId);
    await server.deps.db
      .update(propertyAppraisalRequests)
      .set({ state: 'EXPIRED' })
      .where(eq(propertyAppraisalRequests.id, agents[2]!.request.id));
    await gqlOk(server, UPDATE, { id: property.id, c: { numberOfBedrooms: 3 } }, seller.token);

    const { withdrawProperty: withdrawn } = await gqlOk<{ withdrawProperty: { state: string; completeType: string } }>(
      server,
      WITHDRAW,
      { id: property.id, t: 'DECIDED_NOT_TO_SELL' },
      seller.token,
    );
    expect(withdrawn).toMatchObject({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL' });
    const requests = await server.deps.db
      .select({ id: propertyAppraisalRequests.id, state: propertyAppraisalRequests.state })
      .from(propertyAppraisalRequests)
      .where(
        inArray(
          propertyAppraisalRequests.id,
          agents.map((a) => a.request.id),
        ),
      );
    const stateOf = (id: string) => requests.find((r) => r.id === id)!.state;
    expect(agents.map((a) => stateOf(a.request.id))).toEqual(['COMPLETE', 'NOT_REQUIRED', 'EXPIRED']);

    const [toAppraiser] = await emailsTo(agents[0]!.userId, 'listing-withdrawn');
    const [toPending] = await emailsTo(agents[1]!.userId, 'listing-withdrawn');
    expect(toAppraiser!.text).toContain('Thank you for your appraisal');
    expect(toPending!.text).toContain('no longer required');
    expect(await emailsTo(agents[2]!.userId, 'listing-withdrawn')).toHaveLength(0);
    // The pending change notice died with the listing.
    server.deps.clock.advance(LISTING_CHANGE_NOTICE_DELAY_MS + 1000);
    await notifyAgentsOfListingChanges(server.deps);
    expect(await emailsTo(agents[1]!.userId, 'listing-updated')).toHaveLength(0);

    expect(codeOf(await server.gql(WITHDRAW, { id: property.id, t: 'DECIDED_NOT_TO_SELL' }, seller.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(WITHDRAW, { id: property.id, t: 'SOLD_UNCONDITIONALLY' }, seller.token))).toBe('validation_failed');
  });

  it('drops agents held while the listing awaits verification', async () => {
    const seller = await createSeller(server);
    const held = await createAgent(server);
    const property = await createActiveProperty(server, seller.userId);
    await server.deps.db
      .update(properties)
      .set({ heldAgentUserIds: [held.userId], areYouThePropertyOwner: 'NO', verificationStatus: 'PENDING' })
      .where(eq(properties.id, property.id));
    await gqlOk(server, WITHDRAW, { id: property.id, t: 'DECIDED_NOT_TO_USE_LISTWISE' }, seller.token);
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, property.id) });
    expect(row).toMatchObject({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_USE_LISTWISE', heldAgentUserIds: [] });
  });
});

const RELIST = `mutation($id: ID!) { relistProperty(propertyId: $id) { id state completeType agentsAskedCount pendingAppraisalRequestCount } }`;
const COUNTS = `query($id: ID!) { property(id: $id) { id state agentsAskedCount pendingAppraisalRequestCount appraisalCount } }`;

describe('listing a withdrawn listing again (issue 23)', () => {
  it('makes it ACTIVE and asks again the agents the withdrawal released who still serve the suburb; the appraiser keeps the appraisal', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 3);
    for (const agent of agents) await subscribeAgent(server, agent.userId, property.suburbId!);
    const appraisalId = await draftCompleteAppraisal(server, agents[0]!.token, agents[0]!.request.id);
    await submitAppraisal(server, agents[0]!.token, appraisalId);
    await gqlOk(server, WITHDRAW, { id: property.id, t: 'DECIDED_NOT_TO_SELL' }, seller.token);
    const { property: off } = await gqlOk<{ property: { agentsAskedCount: number; pendingAppraisalRequestCount: number } }>(
      server,
      COUNTS,
      { id: property.id },
      seller.token,
    );
    expect(off).toMatchObject({ agentsAskedCount: 3, pendingAppraisalRequestCount: 0 });
    // The third agent stopped serving the suburb meanwhile: the listing goes back without them.
    const { suburbSubscriptions } = await import('../../db/schema/subscriptions.ts');
    await server.deps.db
      .update(suburbSubscriptions)
      .set({ cancelledAt: server.deps.clock.now() })
      .where(eq(suburbSubscriptions.agentUserId, agents[2]!.userId));
    server.deps.clock.advance(60 * 60 * 1000);

    const { relistProperty: relisted } = await gqlOk<{
      relistProperty: { state: string; completeType: string | null; agentsAskedCount: number; pendingAppraisalRequestCount: number };
    }>(server, RELIST, { id: property.id }, seller.token);
    expect(relisted).toMatchObject({ state: 'ACTIVE', completeType: null, agentsAskedCount: 3, pendingAppraisalRequestCount: 1 });
    const requests = await server.deps.db
      .select()
      .from(propertyAppraisalRequests)
      .where(eq(propertyAppraisalRequests.propertyId, property.id));
    const requestOf = (i: number) => requests.find((r) => r.agentUserId === agents[i]!.userId)!;
    expect([0, 1, 2].map((i) => requestOf(i).state)).toEqual(['COMPLETE', 'PENDING', 'NOT_REQUIRED']);
    // Asked again now (the clock moved an hour since the first request), with a fresh 48 hours.
    expect(requestOf(1).requestedAt.getTime()).toBeGreaterThan(agents[1]!.request.requestedAt.getTime() + 59 * 60 * 1000);
    expect(requestOf(1).expiresAt.getTime() - requestOf(1).requestedAt.getTime()).toBe(48 * 60 * 60 * 1000);
    expect(requestOf(1).seenByAgentAt).toBeNull();
    expect(await emailsTo(agents[1]!.userId, 'new-appraisal-request')).toHaveLength(1);
    expect(await emailsTo(agents[0]!.userId, 'new-appraisal-request')).toHaveLength(0);
    expect(await emailsTo(agents[2]!.userId, 'new-appraisal-request')).toHaveLength(0);

    // Active again: a second relist, or a relist of someone else's listing, is refused.
    expect(codeOf(await server.gql(RELIST, { id: property.id }, seller.token))).toBe('invalid_state');
    const other = await createSeller(server);
    expect(codeOf(await server.gql(RELIST, { id: property.id }, other.token))).toBe('not_found');
  });

  it('refuses a sold listing, and holds the agents again for a listing awaiting verification', async () => {
    const seller = await createSeller(server);
    const sold = await createActiveProperty(server, seller.userId);
    await server.deps.db
      .update(properties)
      .set({ state: 'COMPLETE', completeType: 'SOLD_UNCONDITIONALLY' })
      .where(eq(properties.id, sold.id));
    expect(codeOf(await server.gql(RELIST, { id: sold.id }, seller.token))).toBe('invalid_state');

    // The seller is verified as a person for nothing: it is this listing (by a non-owner) that still waits.
    const pending = await createSeller(server);
    const agent = await createAgent(server);
    const property = await createActiveProperty(server, pending.userId);
    await subscribeAgent(server, agent.userId, property.suburbId!);
    await createRequest(server, property.id, agent.userId, { state: 'NOT_REQUIRED' });
    await server.deps.db
      .update(properties)
      .set({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_USE_LISTWISE', areYouThePropertyOwner: 'NO', verificationStatus: 'PENDING' })
      .where(eq(properties.id, property.id));
    await gqlOk(server, RELIST, { id: property.id }, pending.token);
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, property.id) });
    expect(row).toMatchObject({ state: 'ACTIVE', heldAgentUserIds: [agent.userId] });
    expect(await emailsTo(agent.userId, 'new-appraisal-request')).toHaveLength(0);
  });

  it('counts a listing sent to no agent as asking nobody, so the seller is not told an appraisal is on its way', async () => {
    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId);
    const { property: none } = await gqlOk<{ property: { agentsAskedCount: number; pendingAppraisalRequestCount: number } }>(
      server,
      COUNTS,
      { id: property.id },
      seller.token,
    );
    expect(none).toMatchObject({ agentsAskedCount: 0, pendingAppraisalRequestCount: 0 });
  });
});

describe('the agents asked, on the property page', () => {
  it('lists each agent with where the request stands, to the seller only', async () => {
    const { seller, property, agents } = await createAppraisalScenario(server, 5);
    const [sent, viewed, drafting, received, expired] = agents as [(typeof agents)[0], ...typeof agents];
    await gqlOk(
      server,
      `mutation($id: ID!) { propertyAppraisalRequestSeenByAgent(id: $id) { id } }`,
      { id: viewed!.request.id },
      viewed!.token,
    );
    await draftCompleteAppraisal(server, drafting!.token, drafting!.request.id);
    const appraisalId = await draftCompleteAppraisal(server, received!.token, received!.request.id);
    await submitAppraisal(server, received!.token, appraisalId);
    await server.deps.db
      .update(propertyAppraisalRequests)
      .set({ state: 'EXPIRED' })
      .where(eq(propertyAppraisalRequests.id, expired!.request.id));
    const held = await createAgent(server, { name: 'Held Agent' });
    await server.deps.db
      .update(properties)
      .set({ heldAgentUserIds: [held.userId] })
      .where(eq(properties.id, property.id));

    type Asked = {
      id: string | null;
      progress: string;
      propertyAppraisalId: string | null;
      expiresAt: string | null;
      agent: { id: string };
    };
    const { property: view } = await gqlOk<{ property: { agentsAsked: Asked[] } }>(server, ASKED, { id: property.id }, seller.token);
    const progressOf = (agentId: string) => view.agentsAsked.find((a) => a.agent.id === agentId);
    expect(progressOf(sent!.userId)).toMatchObject({ id: sent!.request.id, progress: 'SENT', propertyAppraisalId: null });
    expect(progressOf(viewed!.userId)!.progress).toBe('VIEWED');
    expect(progressOf(drafting!.userId)!.progress).toBe('DRAFTING');
    expect(progressOf(received!.userId)).toMatchObject({ progress: 'APPRAISAL_RECEIVED', propertyAppraisalId: appraisalId });
    expect(progressOf(expired!.userId)!.progress).toBe('EXPIRED');
    expect(progressOf(held.userId)).toMatchObject({ id: null, progress: 'AWAITING_VERIFICATION', expiresAt: null });

    await server.deps.db.update(properties).set({ heldAgentUserIds: [] }).where(eq(properties.id, property.id));
    await gqlOk(server, WITHDRAW, { id: property.id, t: 'DECIDED_NOT_TO_SELL' }, seller.token);
    const after = await gqlOk<{ property: { agentsAsked: Asked[] } }>(server, ASKED, { id: property.id }, seller.token);
    expect(after.property.agentsAsked.map((a) => a.progress).sort()).toEqual(
      ['APPRAISAL_RECEIVED', 'EXPIRED', 'NOT_REQUIRED', 'NOT_REQUIRED', 'NOT_REQUIRED'].sort(),
    );

    // An agent reading the property through a request never learns who else was asked.
    const other = await createSeller(server);
    const otherProperty = await createActiveProperty(server, other.userId);
    const request = await createRequest(server, otherProperty.id, sent!.userId);
    const agentView = await gqlOk<{ propertyAppraisalRequest: { property: { agentsAsked: Asked[] } } }>(
      server,
      `query($id: ID!) { propertyAppraisalRequest(id: $id) { property { agentsAsked { id } } } }`,
      { id: request.id },
      sent!.token,
    );
    expect(agentView.propertyAppraisalRequest.property.agentsAsked).toEqual([]);
    expect(codeOf(await server.gql(ASKED, { id: property.id }, other.token))).toBe('not_found');
  });
});
