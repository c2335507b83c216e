import crypto from 'node:crypto';
import { agentProfiles, sellerProfiles, users } from '../db/schema/accounts.ts';
import { appointmentRequests, propertyAppraisals } from '../db/schema/appraisals.ts';
import { charges } from '../db/schema/payments.ts';
import { agentLicences } from '../db/schema/licences.ts';
import { properties, propertyMedia } from '../db/schema/properties.ts';
import { agentReviews } from '../db/schema/reviews.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createSession } from '../modules/accounts/sessions.service.ts';
import { createActiveProperty, createMedia, createRequest, findSuburb } from '../modules/appraisals/test-factories.ts';
import { issueTaxInvoice } from '../modules/payments/tax-invoices.service.ts';
import { BANK, SOLD, saveTestCard, submitAppraisalFor, subscribeAgent } from '../modules/sales/test-factories.ts';
import { PASSWORD } from './factories.ts';
import type { TestServer } from './harness.ts';
import { theRow } from '../lib/rows.ts';
import { acceptanceOfCurrentTerms } from '../modules/accounts/terms.ts';

/**
 * The world of the authorisation matrix: seller A's objects and everyone who might reach for them.
 *
 * - seller A: an ACTIVE property asking agents A and B (agent A accepted the lead-fee condition and sent an
 *   appraisal, on which A requested an appointment; agent B has not accepted), a second ACTIVE property where agent A
 *   has a DRAFT appraisal, a property sold through agent A (sale reported, cashback claimed, not yet confirmed), a
 *   DRAFT property with a photo, and an uploaded image not yet attached.
 * - agent A also has a paid lead fee of another sale, with its tax invoice.
 * - seller A's published review of agent A's appraisal; A has not yet reviewed agent A's appraisal of the sold property.
 * - agent A: a live subscription in Bondi, a card that charges, a licence waiting for an operator, an image.
 *   Agent B has a card too (accepting the lead-fee condition needs one).
 * - seller B, agent C (asked for nothing), a ghost seller (the listing flow's temporary user) and an operator.
 *
 * Users are inserted directly and sessions created without a login (argon2 is slow on purpose), so a fresh world
 * for each state-changing call stays cheap.
 */
export const ROLES = ['anonymous', 'ghost', 'sellerA', 'sellerB', 'agentA', 'agentB', 'agentC', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  anonymous: 'anonymous',
  ghost: 'ghost seller',
  sellerA: 'seller A',
  sellerB: 'seller B',
  agentA: 'agent A (chosen, accepted)',
  agentB: 'agent B (chosen, not accepted)',
  agentC: 'agent C (not chosen)',
  operator: 'operator',
};

export interface World {
  userIds: Record<Exclude<Role, 'anonymous'>, string>;
  sellerAEmail: string;
  /** A's ACTIVE property: agent A's request (accepted, appraisal sent, appointment requested), agent B's (pending). */
  propertyId: string;
  /** The photo of A's ACTIVE property. */
  activePhotoId: string;
  requestA: string;
  requestB: string;
  appraisalA: string;
  appointmentRequestId: string;
  /** A's second ACTIVE property, where agent A's appraisal is still a DRAFT. */
  draftAppraisalA: string;
  /** A's property sold through agent A: the sale and the cashback claim, not yet confirmed. */
  soldPropertyId: string;
  saleId: string;
  cashbackClaimId: string;
  /** Agent A's appraisal of the sold property (not yet reviewed), and A's published review of appraisalA. */
  soldAppraisalA: string;
  reviewA: string;
  /** A tax invoice of agent A (a paid lead fee of another sale). */
  taxInvoiceA: string;
  /** A's DRAFT property with one photo, and an image of A's not attached to anything. */
  draftPropertyId: string;
  draftPhotoId: string;
  sellerMediaId: string;
  agentMediaId: string;
  subscriptionA: string;
  suburbId: string;
  /** A suburb nobody in the tests subscribes to before subscribeToSuburbs. */
  otherSuburbId: string;
}

let passwordHash: Promise<string> | undefined;

async function insertUser(server: TestServer, userType: 'SELLER' | 'AGENT' | 'ADMIN', options: { ghost?: boolean } = {}) {
  const user = await server.deps.db
    .insert(users)
    .values({
      userType,
      isGhostUser: !!options.ghost,
      email: options.ghost ? null : `${userType.toLowerCase()}.${crypto.randomBytes(5).toString('hex')}@example.com`,
      passwordHash: options.ghost ? null : await (passwordHash ??= hashPassword(PASSWORD)),
      mobileNumber: options.ghost ? null : '+61412345678',
      emailVerifiedAt: options.ghost ? null : server.deps.clock.now(),
      ...acceptanceOfCurrentTerms(server.deps.clock.now()),
    })
    .returning()
    .then(theRow);
  if (userType === 'SELLER') {
    await server.deps.db
      .insert(sellerProfiles)
      .values({ userId: user.id, name: options.ghost ? null : 'Sam Seller', isPrivacyPolicyAccepted: !options.ghost });
  }
  if (userType === 'AGENT') {
    const picture = await createMedia(server, user.id);
    const logo = await createMedia(server, user.id);
    await server.deps.db.insert(agentProfiles).values({
      userId: user.id,
      name: 'Olivia Agent',
      bio: 'Selling homes in the eastern suburbs for ten years.',
      agencyName: 'Harbour Realty',
      agencyBio: 'A family agency since 1998.',
      profilePictureMediaId: picture.id,
      agencyLogoMediaId: logo.id,
    });
  }
  return { id: user.id, email: user.email };
}

export async function buildWorld(server: TestServer): Promise<World> {
  const { db } = server.deps;
  const now = server.deps.clock.now();
  const sellerAUser = await insertUser(server, 'SELLER');
  const userIds = {
    ghost: (await insertUser(server, 'SELLER', { ghost: true })).id,
    sellerA: sellerAUser.id,
    sellerB: (await insertUser(server, 'SELLER')).id,
    agentA: (await insertUser(server, 'AGENT')).id,
    agentB: (await insertUser(server, 'AGENT')).id,
    agentC: (await insertUser(server, 'AGENT')).id,
    operator: (await insertUser(server, 'ADMIN')).id,
  };
  await saveTestCard(server, userIds.agentA);
  await saveTestCard(server, userIds.agentB);
  const suburb = await findSuburb(server);
  const subscription = await subscribeAgent(server, userIds.agentA, suburb.id);
  await db
    .insert(agentLicences)
    .values({ agentUserId: userIds.agentA, number: '1234567', state: 'NSW', submittedAt: now, expiresOn: '2030-06-30' });

  const property = await createActiveProperty(server, userIds.sellerA);
  const activePhoto = await db.query.propertyMedia.findFirst({ where: (m, { eq }) => eq(m.propertyId, property.id) });
  const { request: requestA, appraisal: appraisalA } = await submitAppraisalFor(server, property.id, userIds.agentA);
  const requestB = await createRequest(server, property.id, userIds.agentB);
  const appointment = await db
    .insert(appointmentRequests)
    .values({
      propertyAppraisalId: appraisalA.id,
      propertyId: property.id,
      agentUserId: userIds.agentA,
      sellerUserId: userIds.sellerA,
      requestedAppointmentDate: '2030-03-04',
      requestedAppointmentTime: '10:00:00',
      requestedBySellerAt: now,
    })
    .returning()
    .then(theRow);

  const second = await createActiveProperty(server, userIds.sellerA);
  const secondRequest = await createRequest(server, second.id, userIds.agentA, { accepted: true });
  await createRequest(server, second.id, userIds.agentB);
  const draftAppraisal = await db
    .insert(propertyAppraisals)
    .values({ appraisalRequestId: secondRequest.id, propertyId: second.id, agentUserId: userIds.agentA, state: 'DRAFT' })
    .returning()
    .then(theRow);

  const sold = await createActiveProperty(server, userIds.sellerA);
  const { appraisal: soldAppraisal } = await submitAppraisalFor(server, sold.id, userIds.agentA);
  const sellerA = await createSession(db, userIds.sellerA, now);
  const soldResult = await server.gql(SOLD, { propertyId: sold.id, sellingAgentId: userIds.agentA, ...BANK }, sellerA);
  if (soldResult.errors) throw new Error(`world: selling A's property failed: ${JSON.stringify(soldResult.errors)}`);
  const sale = await db.query.propertySales.findFirst({ where: (s, { eq }) => eq(s.propertyId, sold.id) });
  const claim = await db.query.cashbackClaims.findFirst({ where: (c, { eq }) => eq(c.propertySaleId, sale!.id) });

  const review = await db
    .insert(agentReviews)
    .values({
      propertyAppraisalId: appraisalA.id,
      propertyId: property.id,
      agentUserId: userIds.agentA,
      sellerUserId: userIds.sellerA,
      rating: 4,
      text: 'Clear appraisal, good comparable sales and quick answers.',
      reviewerFirstName: 'Sam',
      suburbName: 'Bondi',
      status: 'PUBLISHED',
      createdAt: now,
    })
    .returning()
    .then(theRow);

  const leadFee = await db
    .insert(charges)
    .values({
      userId: userIds.agentA,
      kind: 'LEAD_FEE',
      description: 'Lead fee for the sale of 9 Other Street, Bondi NSW 2026',
      amountCents: 110_000,
      gstCents: 10_000,
      status: 'SUCCEEDED',
      idempotencyKey: `world-lead-fee:${crypto.randomUUID()}`,
      provider: 'TEST',
      providerCustomerId: 'cus_world',
      providerPaymentMethodId: 'pm_world',
      settledAt: now,
      purpose: { type: 'none' },
    })
    .returning()
    .then(theRow);
  const invoice = await db.transaction((tx) => issueTaxInvoice(server.deps, tx, leadFee));

  const draft = await db
    .insert(properties)
    .values({ sellerUserId: userIds.sellerA, state: 'DRAFT', streetNumber: '3', streetName: 'Hall Street', suburbId: suburb.id })
    .returning()
    .then(theRow);
  const photo = await createMedia(server, userIds.sellerA);
  const draftPhoto = await db
    .insert(propertyMedia)
    .values({ propertyId: draft.id, userMediaId: photo.id, type: 'PHOTO', order: 0 })
    .returning()
    .then(theRow);
  const sellerMedia = await createMedia(server, userIds.sellerA);
  const agentMedia = await createMedia(server, userIds.agentA);

  return {
    userIds,
    sellerAEmail: sellerAUser.email!,
    propertyId: property.id,
    activePhotoId: activePhoto!.id,
    requestA: requestA.id,
    requestB: requestB.id,
    appraisalA: appraisalA.id,
    appointmentRequestId: appointment.id,
    draftAppraisalA: draftAppraisal.id,
    soldPropertyId: sold.id,
    saleId: sale!.id,
    cashbackClaimId: claim!.id,
    soldAppraisalA: soldAppraisal.id,
    reviewA: review.id,
    taxInvoiceA: invoice!.id,
    draftPropertyId: draft.id,
    draftPhotoId: draftPhoto.id,
    sellerMediaId: sellerMedia.id,
    agentMediaId: agentMedia.id,
    subscriptionA: subscription.id,
    suburbId: String(suburb.id),
    otherSuburbId: String((await findSuburb(server, 'coogee')).id),
  };
}

/** A fresh session of the role's user in the world (logout and password changes revoke sessions). */
export const sessionFor = (server: TestServer, world: World, role: Role) =>
  role === 'anonymous' ? Promise.resolve(null) : createSession(server.deps.db, world.userIds[role], server.deps.clock.now());
