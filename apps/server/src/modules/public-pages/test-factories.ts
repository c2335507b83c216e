import { eq } from 'drizzle-orm';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import { propertySales } from '../../db/schema/sales.ts';
import type { TestServer } from '../../test/harness.ts';
import { createActiveProperty, createAgent, createSeller } from '../appraisals/test-factories.ts';
import { subscribeAgent } from '../sales/test-factories.ts';
import { theRow } from '../../lib/rows.ts';

/** Set-up for the public pages' tests: agents made public by the rules (turned on, verified, subscribed). */

export async function verifyLicence(server: TestServer, agentUserId: string, verifiedAt = server.deps.clock.now()) {
  await server.deps.db
    .insert(agentLicences)
    .values({ agentUserId, number: '20123456', state: 'NSW', status: 'VERIFIED', submittedAt: verifiedAt, verifiedAt })
    .onConflictDoUpdate({ target: agentLicences.agentUserId, set: { status: 'VERIFIED', verifiedAt } });
}

export const SET_VISIBLE = `mutation($visible: Boolean!) { setAgentPublicProfileVisible(visible: $visible) { id publicProfileVisible publicProfileUrl } }`;

/** An agent every visitor may see in the suburb: profile on, licence verified, a live subscription. */
export async function createPublicAgent(server: TestServer, suburbId: number, options: { name?: string } = {}) {
  const agent = await createAgent(server, { name: options.name ?? 'Public Agent' });
  await verifyLicence(server, agent.userId);
  const subscription = await subscribeAgent(server, agent.userId, suburbId);
  await server.deps.db.update(agentProfiles).set({ publicProfileVisible: true }).where(eq(agentProfiles.userId, agent.userId));
  const profile = await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.userId) });
  return { ...agent, subscription, publicId: profile!.publicId, name: profile!.name! };
}

/** A SUBMITTED appraisal by the agent, sent `minutesAfterRequest` after its request, the request made `requestedAt`. */
export async function appraisalSent(
  server: TestServer,
  agentUserId: string,
  options: { requestedAt: Date; minutesAfterRequest: number; suburbId?: number },
) {
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId, { suburbId: options.suburbId, photos: 0 });
  const sentAt = new Date(options.requestedAt.getTime() + options.minutesAfterRequest * 60_000);
  const request = await server.deps.db
    .insert(propertyAppraisalRequests)
    .values({
      propertyId: property.id,
      agentUserId,
      state: 'COMPLETE',
      requestedAt: options.requestedAt,
      expiresAt: new Date(options.requestedAt.getTime() + 48 * 3_600_000),
      paymentConditionAcceptedAt: options.requestedAt,
      completedAt: sentAt,
    })
    .returning()
    .then(theRow);
  await server.deps.db.insert(propertyAppraisals).values({
    appraisalRequestId: request.id,
    propertyId: property.id,
    agentUserId,
    state: 'SUBMITTED',
    sellingRangeMin: 1_000_000,
    sellingRangeMax: 1_100_000,
    sentAt,
  });
  return { seller, property };
}

/** A confirmed sale recorded against the agent's appraisal, as confirmPropertySale fixes the track record. */
export async function confirmedSale(
  server: TestServer,
  agentUserId: string,
  options: { withinRange: boolean; deviationBasisPoints: number; suburbId?: number; salePriceCents?: number },
) {
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId, { photos: 0, suburbId: options.suburbId });
  const now = server.deps.clock.now();
  await server.deps.db.insert(propertySales).values({
    propertyId: property.id,
    sellerUserId: seller.userId,
    sellingAgentUserId: agentUserId,
    reportedAt: now,
    confirmedAt: now,
    salePriceCents: options.salePriceCents ?? 1_234_500_00,
    contractDate: now.toISOString().slice(0, 10),
    appraisedRangeMinCents: 1_200_000_00,
    appraisedRangeMaxCents: 1_300_000_00,
    withinAppraisedRange: options.withinRange,
    deviationBasisPoints: options.deviationBasisPoints,
  });
  return { seller, property };
}
