import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { propertySales } from '../../db/schema/sales.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { findDefaultPaymentMethod, confirmPaymentMethod } from '../payments/payments.service.ts';
import { confirmPropertySale } from './sale-confirmation.service.ts';
import { propertySoldThroughListwise } from './sales.service.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Demo data of the sales module (PRODUCT.md 'Demo data'): besides the listing others seed, the demo seller has
 * a second property, in Surry Hills, that sold through a demo agent: reported with a cashback claim and
 * confirmed by the agent, so the console shows a confirmed sale, its $1,100 lead fee in the ledger and a
 * PAYABLE cashback to mark paid. Built through the real sales services (e-mails included). Finds the seller
 * and agent by e-mail and skips quietly when they are missing. Idempotent: does nothing once the seller has a sale.
 */
const DAY = 24 * 60 * 60 * 1000;
export const DEMO_SALE_BANK_DETAILS = { accountName: 'Demo Seller', bsb: '062000', accountNumber: '12345678' } as const;

/** Seeds the demo sale; returns its id, or null when there was nothing to do. */
export async function seedDemoSale(deps: Deps, options: { sellerEmail: string; agentEmail: string }): Promise<string | null> {
  const { db } = deps;
  const seller = await db.query.users.findFirst({ where: and(eq(users.email, options.sellerEmail), eq(users.userType, 'SELLER')) });
  const agent = await db.query.users.findFirst({ where: and(eq(users.email, options.agentEmail), eq(users.userType, 'AGENT')) });
  if (!seller || !agent) return null;
  if (await db.query.propertySales.findFirst({ where: eq(propertySales.sellerUserId, seller.id) })) return null;
  const suburb = await db.query.suburbs.findFirst({ where: and(eq(suburbs.searchName, 'surry hills'), eq(suburbs.state, 'NSW')) });
  if (!suburb) return null;

  const now = deps.clock.now();
  const listedAt = new Date(now.getTime() - 30 * DAY);
  const appraisedAt = new Date(listedAt.getTime() + DAY);
  const property = await db.transaction(async (tx) => {
    const row = await tx
      .insert(properties)
      .values({
        sellerUserId: seller.id,
        state: 'ACTIVE',
        streetNumber: '210',
        streetName: 'Crown Street',
        suburbId: suburb.id,
        latitude: suburb.latitude,
        longitude: suburb.longitude,
        propertyType: 'TOWNHOUSE',
        numberOfBedrooms: 3,
        numberOfBathrooms: 2,
        numberOfToilets: 2,
        numberOfCarSpaces: 1,
        numberOfLivingSpaces: 1,
        estimatedSaleValueRange: 'FROM_1M_TO_1_5M',
        idealTimeframeOfSale: 'ZERO_TO_ONE_MONTH',
        preferredMethodOfSale: 'AUCTION',
        areYouThePropertyOwner: 'YES',
        additionalInformation: 'Renovated terrace close to the Crown Street cafés.',
        submittedAt: listedAt,
        createdAt: listedAt,
        updatedAt: listedAt,
      })
      .returning()
      .then(theRow);
    const request = await tx
      .insert(propertyAppraisalRequests)
      .values({
        propertyId: row.id,
        agentUserId: agent.id,
        state: 'COMPLETE',
        requestedAt: listedAt,
        expiresAt: new Date(listedAt.getTime() + 2 * DAY),
        seenByAgentAt: listedAt,
        paymentConditionAcceptedAt: listedAt,
        completedAt: appraisedAt,
      })
      .returning()
      .then(theRow);
    await tx.insert(propertyAppraisals).values({
      appraisalRequestId: request.id,
      propertyId: row.id,
      agentUserId: agent.id,
      state: 'SUBMITTED',
      sellingRangeMin: 1_250_000,
      sellingRangeMax: 1_350_000,
      commissionType: 'PERCENTAGE',
      percentageRate: '2.00',
      marketingFeeCostCents: 4_800_00,
      marketingInclusions: ['Professional photography', 'Floor plan', 'Online listing on the major portals'],
      additionalNotes: 'Terraces on this stretch of Crown Street sell quickly at auction. I recommend a three-week campaign.',
      sentAt: appraisedAt,
      createdAt: appraisedAt,
      updatedAt: appraisedAt,
    });
    return row;
  });

  const { sale } = await propertySoldThroughListwise(deps, seller, {
    propertyId: property.id,
    sellingAgentId: agent.id,
    ...DEMO_SALE_BANK_DETAILS,
  });
  // The built-in test gateway charges its test card; with a real provider the fee stays declined until the agent adds a card.
  if (deps.payments.provider === 'TEST' && !(await findDefaultPaymentMethod(db, agent.id, 'TEST'))) {
    await confirmPaymentMethod(deps, agent, 'pm_card_visa');
  }
  const contractDate = new Date(now.getTime() - 3 * DAY).toISOString().slice(0, 10);
  try {
    await confirmPropertySale(deps, agent, { id: sale.id, salePrice: 1_310_000, contractDate });
  } catch (error) {
    // A declined fee is recorded on the sale (the console shows it with a Retry); the demo goes on.
    if (!(error instanceof AppError)) throw error;
    deps.logger.warn({ code: error.code }, 'demo sale: the lead fee was not charged');
  }
  return sale.id;
}
