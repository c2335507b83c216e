import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import type { TestServer } from '../../test/harness.ts';
import { createActiveProperty, createAgent, createRequest, createSeller } from '../appraisals/test-factories.ts';
import { confirmPaymentMethod } from '../payments/payments.service.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Set-up shortcuts for the sales and console tests: appraised properties inserted directly (the listing
 * wizard and appraisal drafting have their own tests); cards saved through the payments service with the test
 * gateway's payment-method ids, so lead fees are really charged (or declined) by the built-in gateway.
 */
export const GOOD_CARD = 'pm_card_visa';
/** When createAppraisedProperty's listing was published (10:00 in Sydney). */
export const LISTED_AT = new Date('2026-09-01T00:00:00Z');
export const DECLINING_CARD = 'pm_card_chargeDeclined';

/** Saves a default card through the payments service: `pm_card_visa` charges succeed, `pm_card_chargeDeclined` decline. */
export async function saveTestCard(server: TestServer, userId: string, paymentMethodId: string = GOOD_CARD) {
  const user = await server.deps.db.query.users.findFirst({ where: eq(users.id, userId) });
  return confirmPaymentMethod(server.deps, user!, paymentMethodId);
}

/** A verified agent with a complete profile and, unless told otherwise, a card that charges. */
export async function createSellingAgent(server: TestServer, options: { name?: string; card?: string | null } = {}) {
  const agent = await createAgent(server, { name: options.name ?? 'Olivia Agent' });
  if (options.card !== null) await saveTestCard(server, agent.userId, options.card ?? GOOD_CARD);
  return agent;
}

/** The agent's request made COMPLETE with a SUBMITTED appraisal, as submitting through the API leaves them. */
export async function submitAppraisalFor(server: TestServer, propertyId: string, agentUserId: string) {
  const now = server.deps.clock.now();
  const request = await createRequest(server, propertyId, agentUserId, { state: 'COMPLETE', accepted: true });
  await server.deps.db.update(propertyAppraisalRequests).set({ completedAt: now }).where(eq(propertyAppraisalRequests.id, request.id));
  const [appraisal] = await server.deps.db
    .insert(propertyAppraisals)
    .values({
      appraisalRequestId: request.id,
      propertyId,
      agentUserId,
      state: 'SUBMITTED',
      sellingRangeMin: 1_200_000,
      sellingRangeMax: 1_320_000,
      commissionType: 'PERCENTAGE',
      percentageRate: '2.20',
      marketingFeeCostCents: 450_000,
      marketingInclusions: ['Photography'],
      additionalNotes: 'Strong demand for ocean views.',
      sentAt: now,
    })
    .returning();
  return { request, appraisal: appraisal! };
}

/**
 * A seller's active property appraised by `appraisers` agents (each with a card that charges), plus one more
 * agent whose request is still pending.
 */
export async function createAppraisedProperty(server: TestServer, options: { appraisers?: number; card?: string } = {}) {
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId);
  // Listed on a fixed day in the past, so the contract dates the tests confirm fall between it and today.
  await server.deps.db.update(properties).set({ submittedAt: LISTED_AT }).where(eq(properties.id, property.id));
  const appraisers = [];
  for (let i = 0; i < (options.appraisers ?? 2); i++) {
    const agent = await createSellingAgent(server, { name: `Agent ${i + 1}`, card: options.card });
    await submitAppraisalFor(server, property.id, agent.userId);
    appraisers.push(agent);
  }
  const waitingAgent = await createSellingAgent(server, { name: 'Waiting Agent' });
  const pendingRequest = await createRequest(server, property.id, waitingAgent.userId);
  return { seller, property, appraisers, waitingAgent, pendingRequest };
}

/** A live subscription of the agent in the suburb (the agent then serves it). */
export async function subscribeAgent(
  server: TestServer,
  agentUserId: string,
  suburbId: number,
  options: { isManuallyManaged?: boolean } = {},
) {
  const now = server.deps.clock.now();
  const row = await server.deps.db
    .insert(suburbSubscriptions)
    .values({
      agentUserId,
      suburbId,
      isFreeTrial: true,
      startsAt: now,
      expiresAt: new Date(now.getTime() + 365 * 86_400_000),
      isManuallyManaged: options.isManuallyManaged ?? false,
      createdAt: now,
    })
    .returning()
    .then(theRow);
  return row;
}

// ——— GraphQL calls ———

export const SOLD = `mutation($propertyId: ID!, $sellingAgentId: ID!, $accountName: String!, $accountNumber: String!, $bsb: String!) {
  propertySoldThroughListwise(
    propertyId: $propertyId, sellingAgentId: $sellingAgentId, accountName: $accountName, accountNumber: $accountNumber, bsb: $bsb
  ) {
    id state completeType
  }
}`;

export const NOT_SOLD = `mutation($propertyId: ID!, $completeType: CompleteType!) {
  propertyCompletedWithoutListwise(propertyId: $propertyId, completeType: $completeType) { id state completeType }
}`;

export const PROPERTY_SALE = `query($id: ID!) {
  propertySale(id: $id) {
    id sellerName reportedAt confirmedAt salePrice contractDate leadFeeStatus
    property { id streetNumber streetName suburb { name state postcode } }
  }
}`;

export const CONFIRM = `mutation($id: ID!, $salePrice: Float!, $contractDate: String!) {
  confirmPropertySale(id: $id, salePrice: $salePrice, contractDate: $contractDate) {
    id confirmedAt salePrice contractDate leadFeeStatus
  }
}`;

export const BANK = { accountName: 'Jordan Seller', bsb: '734912', accountNumber: '987654321' } as const;
