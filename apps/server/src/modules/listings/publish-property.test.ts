import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerProfiles, users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { createAdmin, createSeller, login, PASSWORD, uniqueEmail } from '../../test/factories.ts';
import { codeOf, linkFrom, startTestServer, type TestServer } from '../../test/harness.ts';
import { findSuburbId, insertAgent, insertUploadedMedia } from './listing-fixtures.ts';
import { releaseHeldAppraisalRequests } from './publish-property.service.ts';

let server: TestServer;
let bondi: number;
let manly: number;
let darwin: number;
beforeAll(async () => {
  server = await startTestServer();
  bondi = await findSuburbId(server.deps.db, 'Bondi', 'NSW');
  manly = await findSuburbId(server.deps.db, 'Manly', 'NSW');
  darwin = await findSuburbId(server.deps.db, 'Coconut Grove', 'NT');
});
afterAll(() => server?.stop());

const START = `mutation($suburbId: ID!, $streetName: String!, $streetNumber: String) {
  startNewDraftProperty(suburbId: $suburbId, streetName: $streetName, streetNumber: $streetNumber) { id } }`;
const TYPE = `mutation($id: ID!, $t: PropertyType!) { updatePropertyType(propertyId: $id, propertyType: $t) { id } }`;
const DETAILS = `mutation($id: ID!, $d: PropertyDetailsInput!) { updatePropertyDetails(propertyId: $id, propertyDetails: $d) { id } }`;
const SALE = `mutation($id: ID!, $s: PropertySaleInformationInput) { updatePropertySaleInformation(propertyId: $id, propertySaleInformation: $s) { id } }`;
const AGENTS = `query($id: ID!) { agentsForProperty(propertyId: $id) { id name agencyName agencyBio bio badge numberOfEngagements profilePicture { id } agencyLogo { id } } }`;
const PUBLISH = `mutation($id: ID!, $agents: [ID!]!, $more: Boolean) {
  publishProperty(propertyId: $id, selectedAgents: $agents, askListwiseForMoreAgents: $more) { id state submittedAt isAwaitingVerification appraisalCount } }`;
const PROPERTY = `query($id: ID!) { property(id: $id) { id state submittedAt isAwaitingVerification } }`;

const SALE_INFO = {
  estimatedSaleValueRange: 'FROM_750K_TO_1M',
  idealTimeframeOfSale: 'ZERO_TO_ONE_MONTH',
  preferredMethodOfSale: 'AUCTION',
  areYouThePropertyOwner: 'YES',
};

async function ok<T>(promise: Promise<{ data: T | null; errors?: unknown[] }>): Promise<T> {
  const result = await promise;
  expect(result.errors).toBeUndefined();
  return result.data!;
}

/** A draft with every answer a HOUSE needs. */
async function publishableDraft(token: string, suburbId = bondi, owner: 'YES' | 'NO' = 'YES') {
  const { startNewDraftProperty: draft } = await ok(
    server.gql<{ startNewDraftProperty: { id: string } }>(
      START,
      { suburbId: String(suburbId), streetName: 'Beach Road', streetNumber: '7' },
      token,
    ),
  );
  await ok(server.gql(TYPE, { id: draft.id, t: 'HOUSE' }, token));
  await ok(server.gql(DETAILS, { id: draft.id, d: { numberOfBedrooms: 3, numberOfBathrooms: 2 } }, token));
  await ok(server.gql(SALE, { id: draft.id, s: { ...SALE_INFO, areYouThePropertyOwner: owner } }, token));
  return draft.id;
}

const requestsOf = (propertyId: string) =>
  server.deps.db.select().from(propertyAppraisalRequests).where(eq(propertyAppraisalRequests.propertyId, propertyId));

/** Releases a listing's held requests as verifying it does: in a transaction, the listing locked. */
const releaseHeld = (propertyId: string) =>
  server.deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(properties).where(eq(properties.id, propertyId)).for('update');
    return (await releaseHeldAppraisalRequests(server.deps, tx, row!)).requests;
  });

describe('agentsForProperty', () => {
  it('offers only agents with a live subscription for the suburb and a complete profile, most experienced first', async () => {
    const db = server.deps.db;
    const now = server.deps.clock.now();
    const novice = await insertAgent(db, { suburbIds: [manly], name: 'Nora Novice', numberOfEngagements: 0 });
    const expert = await insertAgent(db, { suburbIds: [manly, bondi], name: 'Eddie Expert', numberOfEngagements: 31 });
    await insertAgent(db, { suburbIds: [manly], complete: false });
    await insertAgent(db, { suburbIds: [manly], subscription: { expiresAt: new Date(now.getTime() - 1000) } });
    await insertAgent(db, { suburbIds: [manly], subscription: { cancelledAt: now } });
    await insertAgent(db, { suburbIds: [bondi] });

    const seller = await createSeller(server);
    const propertyId = await publishableDraft(seller.token, manly);
    const { agentsForProperty } = await ok(
      server.gql<{ agentsForProperty: Record<string, unknown>[] }>(AGENTS, { id: propertyId }, seller.token),
    );
    expect(agentsForProperty.map((a) => a.id)).toEqual([expert.userId, novice.userId]);
    expect(agentsForProperty[0]).toMatchObject({
      name: 'Eddie Expert',
      agencyName: 'Harbour Realty',
      agencyBio: 'A family agency.',
      badge: 'GOLD',
      numberOfEngagements: 31,
      profilePicture: { id: expert.profile.profilePictureMediaId },
      agencyLogo: { id: expert.profile.agencyLogoMediaId },
    });
    expect(agentsForProperty[1]!.badge).toBeNull();
  });
});

describe('publishProperty', () => {
  it('publishes to the chosen agents: ACTIVE, one PENDING request each expiring in 48 hours, and an e-mail to each agent', async () => {
    const agents = await Promise.all([1, 2, 3].map(() => insertAgent(server.deps.db, { suburbIds: [darwin] })));
    const seller = await createSeller(server);
    const propertyId = await publishableDraft(seller.token, darwin);
    server.deps.clock.advance(60_000);
    const expectedNow = server.deps.clock.now().getTime();
    const { publishProperty } = await ok(
      server.gql<{ publishProperty: Record<string, unknown> }>(
        PUBLISH,
        { id: propertyId, agents: [agents[0]!.userId, agents[2]!.userId] },
        seller.token,
      ),
    );
    expect(publishProperty).toMatchObject({ id: propertyId, state: 'ACTIVE', isAwaitingVerification: false, appraisalCount: 0 });
    expect(Math.abs(Date.parse(String(publishProperty.submittedAt)) - expectedNow)).toBeLessThan(5_000);

    const requests = await requestsOf(propertyId);
    expect(requests.map((r) => r.agentUserId).sort()).toEqual([agents[0]!.userId, agents[2]!.userId].sort());
    for (const request of requests) {
      expect(request.state).toBe('PENDING');
      expect(request.expiresAt.getTime() - request.requestedAt.getTime()).toBe(48 * 60 * 60 * 1000);
      expect(Math.abs(request.requestedAt.getTime() - expectedNow)).toBeLessThan(5_000);
      const agent = agents.find((a) => a.userId === request.agentUserId)!;
      const [mail] = await server.emailsTo(agent.email);
      expect(mail!.subject).toBe('New appraisal request');
      expect(mail!.text).toContain(`http://127.0.0.1:3999/agent/appraisal-request/${request.id}`);
      expect(mail!.text).toContain('Coconut Grove NT');
      expect(mail!.text).not.toContain('Beach Road');
      // Ready wording to disclose the lead fee to the vendor (issue 22): the fee from its setting, no street.
      expect(mail!.text).toContain('If your property is sold through us, we will pay Listwise a lead fee of $1,000 plus GST ($1,100).');
    }
    expect(await server.emailsTo(agents[1]!.email)).toEqual([]);
    const profile = await server.deps.db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.userId) });
    expect(profile!.nextPage).toBe('/');

    // Published once only: it is no longer a draft.
    expect(codeOf(await server.gql(PUBLISH, { id: propertyId, agents: [agents[1]!.userId] }, seller.token))).toBe('invalid_state');
    const myProperties = await ok(
      server.gql<{ myProperties: { edges: { node: { id: string } }[] } }>(
        `{ myProperties(first: 10) { edges { node { id } } } }`,
        {},
        seller.token,
      ),
    );
    expect(myProperties.myProperties.edges.map((e) => e.node.id)).toEqual([propertyId]);
  });

  it('checks the selection: at most 5 distinct agents, each serving the suburb, and one at least when agents are offered', async () => {
    const serving = await Promise.all([1, 2].map(() => insertAgent(server.deps.db, { suburbIds: [manly] })));
    const elsewhere = await insertAgent(server.deps.db, { suburbIds: [darwin] });
    const seller = await createSeller(server);
    const propertyId = await publishableDraft(seller.token, manly);
    const publish = (agents: string[], more?: boolean) => server.gql(PUBLISH, { id: propertyId, agents, more }, seller.token);

    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect((await publish(six)).errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'selectedAgents' });
    expect(codeOf(await publish([serving[0]!.userId, serving[0]!.userId]))).toBe('validation_failed');
    expect((await publish([serving[0]!.userId, elsewhere.userId])).errors![0]!.extensions).toMatchObject({
      code: 'not_found',
      field: 'selectedAgents',
    });
    expect(codeOf(await publish([crypto.randomUUID()]))).toBe('not_found');
    expect(codeOf(await publish(['not-an-id']))).toBe('not_found');
    expect((await publish([])).errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'selectedAgents' });
    expect(await requestsOf(propertyId)).toEqual([]);

    // Asking Listwise for more agents is a valid answer on its own.
    const { publishProperty } = await ok(
      server.gql<{ publishProperty: { state: string } }>(PUBLISH, { id: propertyId, agents: [], more: true }, seller.token),
    );
    expect(publishProperty.state).toBe('ACTIVE');
    const stored = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, propertyId) });
    expect(stored!.askListwiseForMoreAgents).toBe(true);
  });

  it('answers required_questions_not_answered while an address, type, sale answer or required count is missing', async () => {
    const seller = await createSeller(server);
    const { startNewDraftProperty: draft } = await ok(
      server.gql<{ startNewDraftProperty: { id: string } }>(START, { suburbId: String(darwin), streetName: 'Smith St' }, seller.token),
    );
    const publish = () => server.gql(PUBLISH, { id: draft.id, agents: [] }, seller.token);
    expect(codeOf(await publish())).toBe('required_questions_not_answered');
    await ok(server.gql(TYPE, { id: draft.id, t: 'LAND' }, seller.token));
    await ok(server.gql(SALE, { id: draft.id, s: SALE_INFO }, seller.token));
    // LAND needs its land size.
    expect(codeOf(await publish())).toBe('required_questions_not_answered');
    await ok(server.gql(DETAILS, { id: draft.id, d: { landSizeSqm: 600 } }, seller.token));
    await ok(server.gql(TYPE, { id: draft.id, t: 'APARTMENT_OR_UNIT' }, seller.token));
    // An apartment needs bedrooms and bathrooms.
    expect(codeOf(await publish())).toBe('required_questions_not_answered');
    await ok(server.gql(DETAILS, { id: draft.id, d: { numberOfBedrooms: 1, numberOfBathrooms: 1 } }, seller.token));
    const result = await server.gql<{ publishProperty: { state: string } }>(
      PUBLISH,
      { id: draft.id, agents: [], more: true },
      seller.token,
    );
    expect(result.data!.publishProperty.state).toBe('ACTIVE');
  });

  it('publishes with an empty selection when no agent serves the suburb', async () => {
    const seller = await createSeller(server);
    const broome = await findSuburbId(server.deps.db, 'Broome', 'WA');
    const propertyId = await publishableDraft(seller.token, broome);
    expect((await ok(server.gql<{ agentsForProperty: unknown[] }>(AGENTS, { id: propertyId }, seller.token))).agentsForProperty).toEqual(
      [],
    );
    const { publishProperty } = await ok(
      server.gql<{ publishProperty: { state: string } }>(PUBLISH, { id: propertyId, agents: [] }, seller.token),
    );
    expect(publishProperty.state).toBe('ACTIVE');
  });

  it('needs a verified e-mail and a finished account', async () => {
    const unverified = await createSeller(server);
    await server.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.userId));
    const draftA = await publishableDraft(unverified.token);
    expect(codeOf(await server.gql(PUBLISH, { id: draftA, agents: [], more: true }, unverified.token))).toBe('email_not_verified');

    const ghost = await server.gql<{ createGhostUser: { token: string; user: { id: string } } }>(
      `mutation { createGhostUser { token user { id } } }`,
    );
    const { token, user } = ghost.data!.createGhostUser;
    const draftB = await publishableDraft(token);
    await server.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    expect(codeOf(await server.gql(PUBLISH, { id: draftB, agents: [], more: true }, token))).toBe('profile_incomplete');
    expect((await server.deps.db.query.properties.findFirst({ where: eq(properties.id, draftB) }))!.state).toBe('DRAFT');
  });

  it('lets exactly one of two concurrent publishes through', async () => {
    const agent = await insertAgent(server.deps.db, { suburbIds: [manly] });
    const seller = await createSeller(server);
    const propertyId = await publishableDraft(seller.token, manly);
    const results = await Promise.all([1, 2].map(() => server.gql(PUBLISH, { id: propertyId, agents: [agent.userId] }, seller.token)));
    expect(results.map(codeOf).sort()).toEqual(['invalid_state', null].sort());
    expect(await requestsOf(propertyId)).toHaveLength(1);
  });
});

describe('listings awaiting verification (per listing, issue 23 item 14)', () => {
  it('holds the chosen agents of a listing by a non-owner, answers verification_pending, tells the admins, and releases them once verified', async () => {
    const admin = await createAdmin(server);
    const agents = await Promise.all([1, 2].map(() => insertAgent(server.deps.db, { suburbIds: [bondi] })));
    const seller = await createSeller(server);
    const propertyId = await publishableDraft(seller.token, bondi, 'NO');
    const result = await server.gql(PUBLISH, { id: propertyId, agents: agents.map((a) => a.userId) }, seller.token);
    expect(result.errors![0]).toMatchObject({ message: 'verification_pending', extensions: { code: 'verification_pending' } });

    const stored = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, propertyId) });
    expect(stored).toMatchObject({ state: 'ACTIVE', heldAgentUserIds: agents.map((a) => a.userId), verificationStatus: 'PENDING' });
    expect(stored!.submittedAt).not.toBeNull();
    expect(stored!.verificationRequestedAt).toEqual(stored!.submittedAt);
    expect(await requestsOf(propertyId)).toEqual([]);
    for (const agent of agents) expect(await server.emailsTo(agent.email)).toEqual([]);
    const [adminMail] = await server.emailsTo(admin.email);
    expect(adminMail!.subject).toBe('A listing is awaiting verification');
    expect(adminMail!.text).toContain(seller.email);
    const view = await ok(
      server.gql<{ property: { isAwaitingVerification: boolean; verificationStatus: string } }>(
        `query($id: ID!) { property(id: $id) { isAwaitingVerification verificationStatus } }`,
        { id: propertyId },
        seller.token,
      ),
    );
    expect(view.property).toEqual({ isAwaitingVerification: true, verificationStatus: 'PENDING' });

    // The seller's next draft answers 'Yes': the seller may choose agents for it, while the first listing still waits.
    const other = await ok(
      server.gql<{ startNewDraftProperty: { id: string } }>(START, { suburbId: String(bondi), streetName: 'Other St' }, seller.token),
    );
    await ok(server.gql(SALE, { id: other.startNewDraftProperty.id, s: SALE_INFO }, seller.token));
    expect((await server.deps.db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.userId) }))!.status).toBe(
      'APPROVED',
    );
    expect((await server.deps.db.query.properties.findFirst({ where: eq(properties.id, propertyId) }))!.verificationStatus).toBe('PENDING');

    // An operator verifies the listing (the console's verifyListing sets the status and releases, in one transaction).
    await server.deps.db.update(properties).set({ verificationStatus: 'VERIFIED' }).where(eq(properties.id, propertyId));
    const released = await releaseHeld(propertyId);
    expect(released.map((r) => r.agentUserId).sort()).toEqual(agents.map((a) => a.userId).sort());
    expect(released.every((r) => r.state === 'PENDING' && r.expiresAt.getTime() - r.requestedAt.getTime() === 48 * 3600 * 1000)).toBe(true);
    for (const agent of agents) expect((await server.emailsTo(agent.email))[0]!.subject).toBe('New appraisal request');
    expect(await releaseHeld(propertyId)).toEqual([]);
    expect(await requestsOf(propertyId)).toHaveLength(2);
    const after = await ok(server.gql<{ property: { isAwaitingVerification: boolean } }>(PROPERTY, { id: propertyId }, seller.token));
    expect(after.property.isAwaitingVerification).toBe(false);
  });

  it('drops held agents who stopped serving the suburb before the verification', async () => {
    const staying = await insertAgent(server.deps.db, { suburbIds: [manly] });
    const leaving = await insertAgent(server.deps.db, { suburbIds: [manly] });
    const seller = await createSeller(server);
    const propertyId = await publishableDraft(seller.token, manly, 'NO');
    expect(codeOf(await server.gql(PUBLISH, { id: propertyId, agents: [staying.userId, leaving.userId] }, seller.token))).toBe(
      'verification_pending',
    );
    await server.deps.db.execute(`update suburb_subscriptions set cancelled_at = now() where agent_user_id = '${leaving.userId}'` as never);
    const released = await releaseHeld(propertyId);
    expect(released.map((r) => r.agentUserId)).toEqual([staying.userId]);
  });

  it("decides each listing on its own: a rejected listing does not hold the seller's next listing as owner", async () => {
    const admin = await createAdmin(server);
    const agent = await insertAgent(server.deps.db, { suburbIds: [manly] });
    const seller = await createSeller(server);
    const first = await publishableDraft(seller.token, manly, 'NO');
    expect(codeOf(await server.gql(PUBLISH, { id: first, agents: [agent.userId] }, seller.token))).toBe('verification_pending');
    const reject = `mutation($id: ID!) { rejectListing(propertyId: $id, reason: "No proof of authority") { id } }`;
    expect((await server.gql(reject, { id: first }, admin.token)).errors).toBeUndefined();

    // 'Yes' on a new listing: it goes out at once, and the rejected one stays rejected with its agents held.
    const second = await publishableDraft(seller.token, manly, 'YES');
    expect((await server.gql(PUBLISH, { id: second, agents: [agent.userId] }, seller.token)).errors).toBeUndefined();
    expect((await requestsOf(second)).map((r) => r.agentUserId)).toEqual([agent.userId]);
    expect(await requestsOf(first)).toEqual([]);
    const views = await ok(
      server.gql<
        Record<string, { isAwaitingVerification: boolean; verificationStatus: string; verificationRejectionReason: string | null }>
      >(
        `query($a: ID!, $b: ID!) {
          a: property(id: $a) { isAwaitingVerification verificationStatus verificationRejectionReason }
          b: property(id: $b) { isAwaitingVerification verificationStatus verificationRejectionReason } }`,
        { a: first, b: second },
        seller.token,
      ),
    );
    expect(views).toEqual({
      a: { isAwaitingVerification: true, verificationStatus: 'REJECTED', verificationRejectionReason: 'No proof of authority' },
      b: { isAwaitingVerification: false, verificationStatus: 'NOT_REQUIRED', verificationRejectionReason: null },
    });
    // A second non-owner listing waits on its own, without the first one's rejection.
    const third = await publishableDraft(seller.token, manly, 'NO');
    expect(codeOf(await server.gql(PUBLISH, { id: third, agents: [], more: true }, seller.token))).toBe('verification_pending');
    expect((await server.deps.db.query.properties.findFirst({ where: eq(properties.id, third) }))!).toMatchObject({
      verificationStatus: 'PENDING',
      verificationRejectionReason: null,
    });
  });

  it('answers no_agents_and_verification_pending when no agent serves the suburb', async () => {
    const seller = await createSeller(server);
    const broome = await findSuburbId(server.deps.db, 'Broome', 'WA');
    const propertyId = await publishableDraft(seller.token, broome, 'NO');
    expect(codeOf(await server.gql(PUBLISH, { id: propertyId, agents: [] }, seller.token))).toBe('no_agents_and_verification_pending');
    const view = await ok(
      server.gql<{ property: { state: string; isAwaitingVerification: boolean } }>(PROPERTY, { id: propertyId }, seller.token),
    );
    expect(view.property).toMatchObject({ state: 'ACTIVE', isAwaitingVerification: true });
  });
});

describe('the whole listing through the API', () => {
  it('takes a visitor from ghost user to a published property with requests', async () => {
    const agent = await insertAgent(server.deps.db, { suburbIds: [bondi] });
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const token = ghost.data!.createGhostUser.token;
    const email = uniqueEmail('visitor');
    await ok(
      server.gql(
        `mutation($n: String, $e: String) { updateUserDetails(name: $n, email: $e, isPrivacyPolicyAccepted: true, nextPage: "/new-property/details") { id } }`,
        { n: 'Vera Visitor', e: email },
        token,
      ),
    );
    const propertyId = await publishableDraft(token);
    await ok(
      server.gql(`mutation($p: String!) { updateUserPassword(password: $p, mobileNumber: "0412 345 678") { id } }`, { p: PASSWORD }, token),
    );
    const me = await ok(
      server.gql<{ me: { profileComplete: boolean; isGhostUser: boolean } }>(`{ me { profileComplete isGhostUser } }`, {}, token),
    );
    expect(me.me).toEqual({ profileComplete: true, isGhostUser: false });
    expect(codeOf(await server.gql(PUBLISH, { id: propertyId, agents: [agent.userId] }, token))).toBe('email_not_verified');

    const [verification] = await server.emailsTo(email);
    const [, verifyToken] = linkFrom(verification!.text, /\/verify-email\/([\w-]+)/);
    await ok(server.gql(`mutation($t: String!) { verifyEmail(emailVerificationToken: $t) { message } }`, { t: verifyToken }, token));
    const agents = await ok(server.gql<{ agentsForProperty: { id: string }[] }>(AGENTS, { id: propertyId }, token));
    expect(agents.agentsForProperty.map((a) => a.id)).toContain(agent.userId);
    await ok(server.gql(PUBLISH, { id: propertyId, agents: [agent.userId] }, token));
    const requests = await requestsOf(propertyId);
    expect(requests).toMatchObject([{ agentUserId: agent.userId, state: 'PENDING' }]);
  });
});

describe('the property as its agent sees it', () => {
  it('hides street, unit, media and notes until the agent accepts the payment condition', async () => {
    const agent = await insertAgent(server.deps.db, { suburbIds: [manly] });
    const seller = await createSeller(server);
    const propertyId = await publishableDraftWithExtras(seller, manly);
    await ok(server.gql(PUBLISH, { id: propertyId, agents: [agent.userId] }, seller.token));
    const [request] = await requestsOf(propertyId);
    const agentToken = await login(server, agent.email);
    const QUERY = `query($id: ID!) { propertyAppraisalRequest(id: $id) { property {
      detailsHidden streetNumber streetName unitNumber additionalInformation noPropertyOwnerReason photos { id } videos { id } floorplans { id }
      suburb { name } propertyType numberOfBedrooms estimatedSaleValueRange } } }`;
    const hidden = await ok(
      server.gql<{ propertyAppraisalRequest: { property: Record<string, unknown> } }>(QUERY, { id: request!.id }, agentToken),
    );
    expect(hidden.propertyAppraisalRequest.property).toEqual({
      detailsHidden: true,
      streetNumber: null,
      streetName: null,
      unitNumber: null,
      additionalInformation: null,
      noPropertyOwnerReason: null,
      photos: [],
      videos: [],
      floorplans: [],
      suburb: { name: 'Manly' },
      propertyType: 'HOUSE',
      numberOfBedrooms: 3,
      estimatedSaleValueRange: 'FROM_750K_TO_1M',
    });
    await server.deps.db
      .update(propertyAppraisalRequests)
      .set({ paymentConditionAcceptedAt: new Date() })
      .where(eq(propertyAppraisalRequests.id, request!.id));
    const shown = await ok(
      server.gql<{ propertyAppraisalRequest: { property: Record<string, unknown> } }>(QUERY, { id: request!.id }, agentToken),
    );
    expect(shown.propertyAppraisalRequest.property).toMatchObject({
      detailsHidden: false,
      streetNumber: '7',
      streetName: 'Beach Road',
      unitNumber: '2',
      additionalInformation: 'North facing.',
      photos: [{ id: expect.any(String) }],
    });
    // Agents reach properties only through their requests.
    expect(codeOf(await server.gql(PROPERTY, { id: propertyId }, agentToken))).toBe('forbidden');
  });
});

async function publishableDraftWithExtras(seller: { token: string; userId: string }, suburbId: number) {
  const propertyId = await publishableDraft(seller.token, suburbId);
  await ok(server.gql(DETAILS, { id: propertyId, d: { unitNumber: '2' } }, seller.token));
  await ok(
    server.gql(
      `mutation($id: ID!) { updatePropertySaleInformation(propertyId: $id, additionalInformation: "North facing.") { id } }`,
      { id: propertyId },
      seller.token,
    ),
  );
  const image = await insertUploadedMedia(server.deps.db, seller.userId, 'IMAGE');
  await ok(
    server.gql(
      `mutation($id: ID!, $m: ID!) { attachUserMediaToDraftProperty(propertyId: $id, propertyMediaType: PHOTO, userMediaId: $m) { id } }`,
      { id: propertyId, m: image.id },
      seller.token,
    ),
  );
  return propertyId;
}
