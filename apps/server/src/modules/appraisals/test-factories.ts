import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { userMedia } from '../../db/schema/media.ts';
import { paymentMethods } from '../../db/schema/payments.ts';
import { properties, propertyMedia } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createSeller, login, PASSWORD, uniqueEmail } from '../../test/factories.ts';
import type { TestServer } from '../../test/harness.ts';
import { theRow } from '../../lib/rows.ts';
import { acceptanceOfCurrentTerms } from '../accounts/terms.ts';

/**
 * Set-up shortcuts for the appraisal loop's tests: rows inserted directly (the listing wizard, agent sign-up
 * and card saving have their own tests), so these tests exercise only the appraisal and appointment calls.
 */
const HOUR = 60 * 60 * 1000;

// argon2 is slow on purpose; one hash serves every agent these tests create.
let passwordHash: Promise<string> | undefined;
const demoPasswordHash = () => (passwordHash ??= hashPassword(PASSWORD));

export async function findSuburb(server: TestServer, name = 'bondi', state = 'NSW') {
  const suburb = await server.deps.db.query.suburbs.findFirst({ where: and(eq(suburbs.searchName, name), eq(suburbs.state, state)) });
  if (!suburb) throw new Error(`suburb ${name} ${state} missing from the dataset`);
  return suburb;
}

export async function createMedia(server: TestServer, ownerUserId: string, type: 'IMAGE' | 'VIDEO' = 'IMAGE') {
  const key = crypto.randomBytes(8).toString('hex');
  const ext = type === 'IMAGE' ? 'jpg' : 'mp4';
  const row = await server.deps.db
    .insert(userMedia)
    .values({
      ownerUserId,
      type,
      mimeType: type === 'IMAGE' ? 'image/jpeg' : 'video/mp4',
      fileExtension: ext,
      storageKey: `${ownerUserId}/${key}.${ext}`,
      thumbnailKey: `${ownerUserId}/${key}.thumb.jpg`,
      uploadedAt: server.deps.clock.now(),
      mainFileReady: true,
      thumbnailReady: true,
    })
    .returning()
    .then(theRow);
  return row;
}

/** A verified agent with a complete profile (picture, logo, agency), signed in. */
export async function createAgent(server: TestServer, options: { name?: string; withCard?: boolean; verified?: boolean } = {}) {
  const email = uniqueEmail('agent');
  const user = await server.deps.db
    .insert(users)
    .values({
      email,
      userType: 'AGENT',
      passwordHash: await demoPasswordHash(),
      mobileNumber: '+61412555666',
      emailVerifiedAt: options.verified === false ? null : new Date(),
      ...acceptanceOfCurrentTerms(new Date()),
    })
    .returning()
    .then(theRow);
  const picture = await createMedia(server, user.id);
  const logo = await createMedia(server, user.id);
  await server.deps.db.insert(agentProfiles).values({
    userId: user.id,
    name: options.name ?? 'Olivia Agent',
    bio: 'Selling homes in the eastern suburbs for ten years.',
    agencyName: 'Harbour Realty',
    agencyBio: 'A family agency since 1998.',
    profilePictureMediaId: picture.id,
    agencyLogoMediaId: logo.id,
    numberOfEngagements: 12,
  });
  if (options.withCard) await saveCard(server, user.id);
  return { userId: user.id, email, token: await login(server, email, PASSWORD) };
}

/** A default card as the payments module stores one after a successful card setup. */
export async function saveCard(server: TestServer, userId: string) {
  await server.deps.db.insert(paymentMethods).values({
    userId,
    provider: 'TEST',
    providerPaymentMethodId: `pm_test_${crypto.randomBytes(8).toString('hex')}`,
    cardBrand: 'visa',
    cardSuffix: '4242',
    expMonth: 12,
    expYear: 2030,
    isDefault: true,
  });
}

export { createSeller };

/** An ACTIVE (published) property of the seller, with photos, in Bondi NSW unless told otherwise. */
export async function createActiveProperty(server: TestServer, sellerUserId: string, options: { photos?: number; suburbId?: number } = {}) {
  const suburbId = options.suburbId ?? (await findSuburb(server)).id;
  const now = server.deps.clock.now();
  const property = await server.deps.db
    .insert(properties)
    .values({
      sellerUserId,
      state: 'ACTIVE',
      unitNumber: '2',
      streetNumber: '14',
      streetName: 'Campbell Parade',
      suburbId,
      propertyType: 'APARTMENT_OR_UNIT',
      numberOfBedrooms: 2,
      numberOfBathrooms: 1,
      numberOfCarSpaces: 1,
      estimatedSaleValueRange: 'FROM_1M_TO_1_5M',
      idealTimeframeOfSale: 'ONE_TO_THREE_MONTHS',
      preferredMethodOfSale: 'AUCTION',
      areYouThePropertyOwner: 'YES',
      additionalInformation: 'Ocean views from the balcony. Gate code 4321.',
      submittedAt: now,
    })
    .returning()
    .then(theRow);
  for (let order = 0; order < (options.photos ?? 1); order++) {
    const media = await createMedia(server, sellerUserId);
    await server.deps.db.insert(propertyMedia).values({ propertyId: property.id, userMediaId: media.id, type: 'PHOTO', order });
  }
  return property;
}

/** A PENDING request to the agent, sent now, expiring in 48 hours (as publishProperty creates them). */
export async function createRequest(
  server: TestServer,
  propertyId: string,
  agentUserId: string,
  options: { requestedAt?: Date; accepted?: boolean; state?: 'PENDING' | 'EXPIRED' | 'COMPLETE' | 'NOT_REQUIRED' } = {},
) {
  const requestedAt = options.requestedAt ?? server.deps.clock.now();
  const request = await server.deps.db
    .insert(propertyAppraisalRequests)
    .values({
      propertyId,
      agentUserId,
      state: options.state ?? 'PENDING',
      requestedAt,
      expiresAt: new Date(requestedAt.getTime() + 48 * HOUR),
      paymentConditionAcceptedAt: options.accepted ? requestedAt : null,
    })
    .returning()
    .then(theRow);
  return request;
}

/** A seller with an active property asking `agentCount` agents (each with a saved card) for an appraisal. */
export async function createAppraisalScenario(server: TestServer, agentCount = 1) {
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId);
  const agents = [];
  for (let i = 0; i < agentCount; i++) {
    const agent = await createAgent(server, { name: `Agent ${i + 1}`, withCard: true });
    const request = await createRequest(server, property.id, agent.userId);
    agents.push({ ...agent, request });
  }
  return { seller, property, agents };
}

// ——— GraphQL helpers ———

export const APPRAISAL_FIELDS = `
  id state sellingRangeMin sellingRangeMax additionalNotes sentAt appointmentRequestedBySeller agentMobileNumber
  comparableSales { id order address salePriceDollars saleDate url }
  marketingFee { id costDollars marketingInclusions }
  commission { id commissionType percentageRate flatFeeCostDollars }
  appraisalVideo { id type }
  agent { id name agencyName }
`;

export async function gqlOk<T>(server: TestServer, query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const result = await server.gql<T>(query, variables, token);
  if (result.errors) throw new Error(`${query.trim().slice(0, 80)}… failed: ${JSON.stringify(result.errors)}`);
  return result.data!;
}

/** Accepts the condition and fills every step of a draft through the API; returns the draft's id. */
export async function draftCompleteAppraisal(server: TestServer, token: string, requestId: string) {
  await gqlOk(server, `mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: requestId }, token);
  const { startNewDraftPropertyAppraisal: draft } = await gqlOk<{ startNewDraftPropertyAppraisal: { id: string } }>(
    server,
    `mutation($id: ID!) { startNewDraftPropertyAppraisal(propertyAppraisalRequestId: $id) { id } }`,
    { id: requestId },
    token,
  );
  const id = draft.id;
  await gqlOk(
    server,
    `mutation($id: ID!) { updateDraftPropertyAppraisalSellingRange(propertyAppraisalId: $id, sellingRangeMin: 1200000, sellingRangeMax: 1320000) { id } }`,
    { id },
    token,
  );
  await gqlOk(
    server,
    `mutation($id: ID!) { updateDraftPropertyAppraisalCommission(propertyAppraisalId: $id, commissionType: PERCENTAGE, percentageRate: 2.2) { id } }`,
    { id },
    token,
  );
  await gqlOk(
    server,
    `mutation($id: ID!) { updateDraftPropertyAppraisalMarketingFee(propertyAppraisalId: $id, costDollars: 4500, marketingInclusions: ["Photography", "Floor plan"]) { id } }`,
    { id },
    token,
  );
  await gqlOk(
    server,
    `mutation($id: ID!) { updateDraftPropertyAppraisalAdditionalNotes(propertyAppraisalId: $id, additionalNotes: "Strong demand for ocean views.") { id } }`,
    { id },
    token,
  );
  return id;
}

export async function submitAppraisal(server: TestServer, token: string, propertyAppraisalId: string) {
  return gqlOk(
    server,
    `mutation($id: ID!) { submitPropertyAppraisal(propertyAppraisalId: $id) { id state sentAt } }`,
    { id: propertyAppraisalId },
    token,
  );
}
