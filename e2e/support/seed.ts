import fs from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { gql, linkIn, uniqueEmail, waitForEmail } from './api.ts';
import { writeJpegFixture } from './fixtures.ts';

/**
 * Set-up through the public API for journeys that test a later screen: verified agents with complete profiles
 * and subscriptions, verified sellers, and draft properties with every answer publishing needs. Each helper
 * goes through the same calls a browser would, so the data is exactly what the product makes.
 */

export interface SuburbRef {
  name: string;
  state: string;
  postcode?: string;
}

/** Opens the verification link of the newest 'verify' e-mail to `email` through the API. */
export async function verifyEmailFromMailbox(request: APIRequestContext, email: string, token?: string) {
  const link = linkIn(await waitForEmail(request, email, /verify/i), /^\/verify-email\//);
  await gql(request, `mutation($t: String!) { verifyEmail(emailVerificationToken: $t) { message } }`, { t: link.split('/').pop() }, token);
}

export async function findSuburbId(request: APIRequestContext, suburb: SuburbRef): Promise<string> {
  const { getSuburbFromSearch } = await gql<{ getSuburbFromSearch: { id: string } | null }>(
    request,
    `query($s: [SuburbSearchInput!]!, $state: String, $postcode: String) { getSuburbFromSearch(suburbs: $s, state: $state, postcode: $postcode) { id } }`,
    { s: [{ name: suburb.name, state: suburb.state }], state: suburb.state, postcode: suburb.postcode ?? null },
  );
  if (!getSuburbFromSearch) throw new Error(`no suburb ${suburb.name} ${suburb.state}`);
  return getSuburbFromSearch.id;
}

/** Uploads a real JPEG (made by ffmpeg) and waits until the server has processed it. */
export async function uploadImage(request: APIRequestContext, token: string, file = writeJpegFixture({ width: 400, height: 400 })) {
  const { createUserMedia } = await gql<{ createUserMedia: { uploadUrl: string; userMedia: { id: string } } }>(
    request,
    `mutation { createUserMedia(fileExtension: "jpg", mimeType: "image/jpeg") { uploadUrl userMedia { id } } }`,
    {},
    token,
  );
  const put = await request.put(createUserMedia.uploadUrl, { data: fs.readFileSync(file), headers: { 'content-type': 'image/jpeg' } });
  expect(put.status()).toBe(200);
  const id = createUserMedia.userMedia.id;
  await gql(request, `mutation($id: ID!) { completeUserMediaUpload(id: $id) { id } }`, { id }, token);
  await expect
    .poll(
      async () =>
        (
          await gql<{ userMedia: { mainFileReady: boolean } }>(
            request,
            `query($id: ID!) { userMedia(id: $id) { mainFileReady } }`,
            { id },
            token,
          )
        ).userMedia.mainFileReady,
      { timeout: 20_000 },
    )
    .toBe(true);
  return id;
}

/** A verified agent with a complete profile and a free subscription to the suburb; `withCard` saves a card that charges. */
export async function createAgent(
  request: APIRequestContext,
  options: { name: string; suburbId: string; password: string; withCard?: boolean; agencyName?: string },
) {
  const email = uniqueEmail('e2e.agent');
  const { createAgentUser } = await gql<{ createAgentUser: { token: string; user: { id: string } } }>(
    request,
    `mutation($e: String!, $p: String!) { createAgentUser(email: $e, password: $p) { token user { id } } }`,
    { e: email, p: options.password },
  );
  const token = createAgentUser.token;
  await verifyEmailFromMailbox(request, email, token);
  await gql(
    request,
    `mutation($n: String!) { updateAgentProfileBasicDetails(name: $n, mobileNumber: "0412 345 678") { id } }`,
    { n: options.name },
    token,
  );
  if (options.withCard) {
    await gql(request, `mutation { stripeConfirmPaymentMethod(stripePaymentMethodId: "pm_card_visa") { id } }`, {}, token);
  }
  await gql(request, `mutation($ids: [ID!]!) { subscribeToSuburbs(suburbIds: $ids) { id } }`, { ids: [options.suburbId] }, token);
  const picture = await uploadImage(request, token);
  const logo = await uploadImage(request, token, writeJpegFixture({ width: 300, height: 120 }));
  await gql(
    request,
    `mutation($p: ID!, $l: ID!, $n: String!) {
      updateAgentProfileDetails(profilePictureUserMediaId: $p, bio: "Twenty years selling the eastern beaches. I answer every call.", agencyLogoUserMediaId: $l, agencyName: $n, agencyBio: "A family agency by the sea since 1998.") { id }
    }`,
    { p: picture, l: logo, n: options.agencyName ?? `${options.name.split(' ')[0]} & Co Realty` },
    token,
  );
  return { email, token, name: options.name, userId: createAgentUser.user.id };
}

/**
 * A seller who went through the account steps (ghost user, details, password) and verified the e-mail; `email`
 * puts them on another domain than the agents' (example.com), which review holds look at. `acceptsTerms: false`
 * leaves the address step's consent box unticked, so no version of the terms is recorded (as for accounts made
 * before versions were recorded): the next sign-in asks for the current one, and until then the API serves nothing
 * else, so `beforePassword` sets up what such an account holds while it is still a ghost.
 */
export async function createSeller(
  request: APIRequestContext,
  options: {
    name: string;
    password: string;
    email?: string;
    acceptsTerms?: boolean;
    beforePassword?: (ghostToken: string) => Promise<unknown>;
  },
) {
  const email = options.email ?? uniqueEmail('e2e.seller');
  const { createGhostUser } = await gql<{ createGhostUser: { token: string } }>(request, `mutation { createGhostUser { token } }`);
  const token = createGhostUser.token;
  await gql(
    request,
    `mutation($n: String, $e: String, $a: Boolean) { updateUserDetails(name: $n, email: $e, isPrivacyPolicyAccepted: $a) { id } }`,
    { n: options.name, e: email, a: options.acceptsTerms === false ? null : true },
    token,
  );
  // Still a ghost here: what the account does before it is finished (a listing started on the address step).
  await options.beforePassword?.(token);
  await gql(
    request,
    `mutation($p: String!) { updateUserPassword(password: $p, mobileNumber: "0412 987 654") { id } }`,
    { p: options.password },
    token,
  );
  await verifyEmailFromMailbox(request, email, token);
  return { email, token };
}

/** A draft house in the suburb with every answer publishing needs; `owner: 'NO'` makes the seller wait for verification. */
export async function createDraftProperty(
  request: APIRequestContext,
  token: string,
  options: { suburbId: string; streetName: string; owner?: 'YES' | 'NO' },
) {
  const owner = options.owner ?? 'YES';
  const { startNewDraftProperty } = await gql<{ startNewDraftProperty: { id: string } }>(
    request,
    `mutation($s: ID!, $n: String!) { startNewDraftProperty(suburbId: $s, streetName: $n, streetNumber: "7") { id } }`,
    { s: options.suburbId, n: options.streetName },
    token,
  );
  const propertyId = startNewDraftProperty.id;
  await gql(request, `mutation($id: ID!) { updatePropertyType(propertyId: $id, propertyType: HOUSE) { id } }`, { id: propertyId }, token);
  await gql(
    request,
    `mutation($id: ID!) { updatePropertyDetails(propertyId: $id, propertyDetails: {
      numberOfBedrooms: 3, numberOfBathrooms: 2, numberOfToilets: 2, numberOfCarSpaces: 1, numberOfLivingSpaces: 2,
      propertySizeSqm: 180, landSizeSqm: 320, propertyAge: 40, additionalFeatures: [POOL, STUDY], capitalImprovements: YES
    }) { id } }`,
    { id: propertyId },
    token,
  );
  await gql(
    request,
    `mutation($id: ID!, $s: PropertySaleInformationInput) { updatePropertySaleInformation(propertyId: $id, additionalInformation: "North-facing garden, quiet street.", propertySaleInformation: $s) { id } }`,
    {
      id: propertyId,
      s: {
        estimatedSaleValueRange: 'FROM_2M_TO_2_5M',
        idealTimeframeOfSale: 'ONE_TO_THREE_MONTHS',
        preferredMethodOfSale: 'AUCTION',
        areYouThePropertyOwner: owner,
        ...(owner === 'NO' && { noPropertyOwnerReason: 'Selling on behalf of my mother' }),
      },
    },
    token,
  );
  return propertyId;
}

/** publishProperty, answering the error code instead of throwing (verification_pending is an expected answer). */
export async function publishProperty(request: APIRequestContext, token: string, propertyId: string, agentIds: string[]) {
  const response = await request.post('/graphql', {
    data: {
      query: `mutation($id: ID!, $a: [ID!]!) { publishProperty(propertyId: $id, selectedAgents: $a) { id } }`,
      variables: { id: propertyId, a: agentIds },
    },
    headers: { authorization: `Bearer ${token}` },
  });
  const published = (await response.json()) as { errors?: { message: string }[] };
  return published.errors?.[0]?.message ?? null;
}

/** The agent accepts the payment condition and sends a complete appraisal of the property. */
export async function appraise(request: APIRequestContext, agentToken: string, propertyId: string) {
  const { myPendingAppraisalRequests } = await gql<{
    myPendingAppraisalRequests: { edges: { node: { id: string; property: { id: string } } }[] };
  }>(request, `{ myPendingAppraisalRequests(first: 10) { edges { node { id property { id } } } } }`, {}, agentToken);
  const requestId = myPendingAppraisalRequests.edges.find((e) => e.node.property.id === propertyId)!.node.id;
  await gql(request, `mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: requestId }, agentToken);
  const { startNewDraftPropertyAppraisal: draft } = await gql<{ startNewDraftPropertyAppraisal: { id: string } }>(
    request,
    `mutation($id: ID!) { startNewDraftPropertyAppraisal(propertyAppraisalRequestId: $id) { id } }`,
    { id: requestId },
    agentToken,
  );
  const steps = [
    `updateDraftPropertyAppraisalSellingRange(propertyAppraisalId: $id, sellingRangeMin: 1200000, sellingRangeMax: 1320000) { id }`,
    `updateDraftPropertyAppraisalCommission(propertyAppraisalId: $id, commissionType: PERCENTAGE, percentageRate: 2.2) { id }`,
    `updateDraftPropertyAppraisalMarketingFee(propertyAppraisalId: $id, costDollars: 4500, marketingInclusions: ["Photography"]) { id }`,
    `updateDraftPropertyAppraisalAdditionalNotes(propertyAppraisalId: $id, additionalNotes: "Strong demand in the street.") { id }`,
    `submitPropertyAppraisal(propertyAppraisalId: $id) { id }`,
  ];
  for (const step of steps) await gql(request, `mutation($id: ID!) { ${step} }`, { id: draft.id }, agentToken);
}
