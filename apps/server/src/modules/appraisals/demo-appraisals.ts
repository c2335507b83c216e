import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { appointmentRequests, comparableSales, propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { propertySales } from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';

/**
 * Demo data of the appraisal loop (PRODUCT.md 'Demo data'): the demo seller's listed property holds submitted
 * appraisals from two demo agents and an appointment request to the first. Runs after the listings and agent
 * seeds, finds their rows by e-mail, and skips quietly when they are not there. Idempotent: only adds what is
 * missing.
 */
const HOUR = 60 * 60 * 1000;

interface DemoAppraisal {
  sellingRangeMin: number;
  sellingRangeMax: number;
  commission: { type: 'PERCENTAGE'; rate: string } | { type: 'FLAT_FEE'; cents: number };
  marketingFeeCents: number;
  marketingInclusions: string[];
  additionalNotes: string;
  comparableSales: { address: string; salePriceCents: number; saleDate: string | null; url: string | null }[];
}

const DEMO_APPRAISALS: DemoAppraisal[] = [
  {
    sellingRangeMin: 1_350_000,
    sellingRangeMax: 1_480_000,
    commission: { type: 'PERCENTAGE', rate: '2.20' },
    marketingFeeCents: 5_500_00,
    marketingInclusions: ['Professional photography', 'Floor plan', 'Online listing on the major portals', 'Signboard'],
    additionalNotes:
      'Buyers in the area are paying a premium for renovated homes close to transport. I would recommend a four-week auction campaign with two open homes a week.',
    comparableSales: [
      { address: '8 Wellington Street', salePriceCents: 1_420_000_00, saleDate: '2026-09-12', url: 'www.realestate.com.au/sold' },
      { address: '31 Francis Street', salePriceCents: 1_385_000_00, saleDate: '2026-07-25', url: null },
    ],
  },
  {
    sellingRangeMin: 1_300_000,
    sellingRangeMax: 1_430_000,
    commission: { type: 'FLAT_FEE', cents: 24_000_00 },
    marketingFeeCents: 3_900_00,
    marketingInclusions: ['Photography and drone footage', 'Social media campaign'],
    additionalNotes: 'A private treaty sale would suit this property. We have several qualified buyers looking in the street right now.',
    comparableSales: [{ address: '12 Hall Street', salePriceCents: 1_350_000_00, saleDate: null, url: 'https://www.domain.com.au/sold' }],
  },
];

/** Seeds the demo appraisals; returns how many it added (0 when already there or the listing seed is missing). */
export async function seedDemoAppraisals(deps: Deps, options: { sellerEmail: string; agentEmails: readonly string[] }): Promise<number> {
  const { db } = deps;
  const seller = await db.query.users.findFirst({ where: eq(users.email, options.sellerEmail) });
  if (!seller) return 0;
  // The listing seed's property: the seller's oldest listed one that has not been sold (the sales seed adds one).
  const [property] = await db
    .select()
    .from(properties)
    .where(
      and(
        eq(properties.sellerUserId, seller.id),
        eq(properties.state, 'ACTIVE'),
        notExists(db.select({ id: propertySales.id }).from(propertySales).where(eq(propertySales.propertyId, properties.id))),
      ),
    )
    .orderBy(asc(properties.createdAt))
    .limit(1);
  if (!property) return 0;
  const agents = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, [...options.agentEmails]), eq(users.userType, 'AGENT')));
  const ordered = options.agentEmails.map((email) => agents.find((a) => a.email === email)).filter((a) => !!a);
  if (ordered.length < DEMO_APPRAISALS.length) return 0;

  const now = deps.clock.now();
  let added = 0;
  for (const [index, content] of DEMO_APPRAISALS.entries()) {
    const agent = ordered[index]!;
    added += await db.transaction(async (tx) => {
      let request = await tx.query.propertyAppraisalRequests.findFirst({
        where: and(eq(propertyAppraisalRequests.propertyId, property.id), eq(propertyAppraisalRequests.agentUserId, agent.id)),
      });
      const requestedAt = request?.requestedAt ?? new Date(now.getTime() - (20 - index * 4) * HOUR);
      if (!request) {
        [request] = await tx
          .insert(propertyAppraisalRequests)
          .values({ propertyId: property.id, agentUserId: agent.id, requestedAt, expiresAt: new Date(requestedAt.getTime() + 48 * HOUR) })
          .returning();
      }
      const existing = await tx.query.propertyAppraisals.findFirst({ where: eq(propertyAppraisals.appraisalRequestId, request!.id) });
      if (existing?.state === 'SUBMITTED' || (!existing && request!.state !== 'PENDING')) return 0;
      const sentAt = new Date(Math.min(now.getTime(), requestedAt.getTime() + (6 + index * 3) * HOUR));
      const values = {
        state: 'SUBMITTED' as const,
        sellingRangeMin: content.sellingRangeMin,
        sellingRangeMax: content.sellingRangeMax,
        commissionType: content.commission.type,
        percentageRate: content.commission.type === 'PERCENTAGE' ? content.commission.rate : null,
        flatFeeCostCents: content.commission.type === 'FLAT_FEE' ? content.commission.cents : null,
        marketingFeeCostCents: content.marketingFeeCents,
        marketingInclusions: content.marketingInclusions,
        additionalNotes: content.additionalNotes,
        sentAt,
        updatedAt: sentAt,
      };
      const [appraisal] = existing
        ? await tx.update(propertyAppraisals).set(values).where(eq(propertyAppraisals.id, existing.id)).returning()
        : await tx
            .insert(propertyAppraisals)
            .values({ ...values, appraisalRequestId: request!.id, propertyId: property.id, agentUserId: agent.id, createdAt: requestedAt })
            .returning();
      await tx.delete(comparableSales).where(eq(comparableSales.propertyAppraisalId, appraisal!.id));
      await tx
        .insert(comparableSales)
        .values(content.comparableSales.map((sale, order) => ({ ...sale, order, propertyAppraisalId: appraisal!.id })));
      await tx
        .update(propertyAppraisalRequests)
        .set({
          state: 'COMPLETE',
          completedAt: sentAt,
          seenByAgentAt: request!.seenByAgentAt ?? sentAt,
          paymentConditionAcceptedAt: request!.paymentConditionAcceptedAt ?? sentAt,
        })
        .where(eq(propertyAppraisalRequests.id, request!.id));

      // The seller has asked the first agent for an appointment, the day after tomorrow at 10:30am.
      if (index === 0) {
        const date = new Date(now.getTime() + 2 * 24 * HOUR);
        if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
        await tx
          .insert(appointmentRequests)
          .values({
            propertyAppraisalId: appraisal!.id,
            propertyId: property.id,
            agentUserId: agent.id,
            sellerUserId: seller.id,
            requestedAppointmentDate: date.toISOString().slice(0, 10),
            requestedAppointmentTime: '10:30:00',
            requestedBySellerAt: new Date(Math.min(now.getTime(), sentAt.getTime() + 2 * HOUR)),
          })
          .onConflictDoNothing();
      }
      return 1;
    });
  }
  return added;
}
