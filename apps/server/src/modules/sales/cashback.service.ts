import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatCents, formatDateInZone } from '@listwise/domain/format';
import type { Tx } from '../../db/client.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { CashbackPaidEmail } from '../notifications/templates/money-emails.tsx';
import { CashbackPayableEmail } from '../notifications/templates/sale-emails.tsx';
import { theRow } from '../../lib/rows.ts';
import type { PropertySaleRow, CashbackClaimRow } from '../../db/schema/sales.ts';
import { timeZoneOfProperty } from './sale-dates.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';

/** The seller's cashback claim: payable once the lead fee is collected, then paid by an operator. */

/**
 * Cashback follows the fee: the claim waiting for the lead fee becomes PAYABLE, and the seller is told,
 * once the fee is recorded as collected, or an operator waived it. Call in the transaction that records that;
 * a claim in any other state is left alone, so calling it twice changes nothing.
 */
export async function makeCashbackPayable(deps: Deps, tx: Tx, sale: PropertySaleRow): Promise<CashbackClaimRow | null> {
  const [claim] = await tx
    .update(cashbackClaims)
    .set({ status: 'PAYABLE', payableAt: deps.clock.now() })
    .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, 'AWAITING_LEAD_FEE')))
    .returning();
  if (claim) await emailSellerCashbackPayable(deps, tx, sale, claim);
  return claim ?? null;
}

function emailSellerCashbackPayable(deps: Deps, tx: Tx, sale: PropertySaleRow, claim: CashbackClaimRow) {
  return tellAboutProperty(deps, tx, { userId: sale.sellerUserId, property: sale.propertyId }, ({ property, address }) => ({
    subject: 'Your cashback is confirmed',
    template: 'cashback-payable',
    body: CashbackPayableEmail({
      amount: formatCents(claim.amountCents),
      address,
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  }));
}

// ——— The cashback ———

/** Tells the seller their cashback was paid: the amount, the day (where the property is) and the masked account. */
export async function emailSellerCashbackPaid(deps: Deps, tx: Tx, claim: CashbackClaimRow) {
  const sale = await tx.query.propertySales.findFirst({ where: eq(propertySales.id, claim.propertySaleId) });
  const paidAt = claim.paidAt;
  if (!sale || !paidAt) return;
  await tellAboutProperty(deps, tx, { userId: claim.sellerUserId, property: sale.propertyId }, async ({ property, address }) => ({
    subject: 'Your cashback has been paid',
    template: 'cashback-paid',
    body: CashbackPaidEmail({
      amount: formatCents(claim.amountCents),
      address,
      paidOn: formatDateInZone(paidAt, await timeZoneOfProperty(tx, property.id)),
      maskedAccount: `${claim.bsbMasked} ${claim.accountNumberMasked}`,
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  }));
}

export type PropertyClaim = { propertyId: string; claim: CashbackClaimRow; sale: PropertySaleRow };

/**
 * The cashback claims of properties, with their sales (the caller checked the properties are the seller's), oldest
 * report first: a property whose sale was void and reported again has the claim that stands last.
 */
export const findClaimsOfProperties = (db: Tx, propertyIds: readonly string[]): Promise<PropertyClaim[]> =>
  propertyIds.length
    ? db
        .select({ propertyId: propertySales.propertyId, claim: cashbackClaims, sale: propertySales })
        .from(cashbackClaims)
        .innerJoin(propertySales, eq(propertySales.id, cashbackClaims.propertySaleId))
        .where(inArray(propertySales.propertyId, [...propertyIds]))
        .orderBy(asc(propertySales.reportedAt), asc(propertySales.id))
    : Promise.resolve([]);

/**
 * Marks a payable cashback paid (an operator transferred it by hand). Anything else is `invalid_state`: a claim
 * IN_PAYOUT is in a payout batch's file, and is paid when the batch is marked paid (or returned to PAYABLE first),
 * so paying it here too would pay the seller twice.
 */
export async function markCashbackClaimPaid(tx: Tx, claimId: string, adminUserId: string, now: Date): Promise<CashbackClaimRow> {
  if (!isUuid(claimId)) throw notFound();
  const [claim] = await tx.select().from(cashbackClaims).where(eq(cashbackClaims.id, claimId)).for('update');
  if (!claim) throw notFound();
  if (claim.status !== 'PAYABLE') throw new AppError('invalid_state');
  const paid = await tx
    .update(cashbackClaims)
    .set({ status: 'PAID', paidAt: now, paidByUserId: adminUserId })
    .where(eq(cashbackClaims.id, claim.id))
    .returning()
    .then(theRow);
  return paid;
}

/** Claims of several sales at once (loaders). */
export const findClaimsOfSales = (db: Tx, saleIds: readonly string[]) =>
  saleIds.length
    ? db
        .select()
        .from(cashbackClaims)
        .where(inArray(cashbackClaims.propertySaleId, [...saleIds]))
    : Promise.resolve([]);
