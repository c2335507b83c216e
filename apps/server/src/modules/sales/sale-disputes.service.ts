import { and, eq } from 'drizzle-orm';
import { disputePropertySaleSchema, settleDisputedSaleSchema } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { describePropertyAddress } from '../listings/property-address.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { SaleDisputedEmail, SaleVoidEmail } from '../notifications/templates/money-emails.tsx';
import { theRow } from '../../lib/rows.ts';
import type { PropertySaleRow } from '../../db/schema/sales.ts';
import { collectLeadFeeKeepingDecline, recordLeadFeeIntent } from './lead-fees.service.ts';
import { getAgentPropertySale, recordSaleConfirmed } from './sale-confirmation.service.ts';

/** 'This is not my sale': the agent's dispute, and the operator's settlement of it. */

/**
 * disputePropertySale: the named agent says the sale was not theirs. Nothing is charged and no engagement is
 * counted; the claim is DISPUTED for an operator to look into, and the seller is told. A sale already confirmed
 * cannot be disputed (`invalid_state`); disputing twice changes nothing.
 */
export async function disputePropertySale(
  deps: Deps,
  agent: UserRow,
  input: { id: string; reason?: string | null },
): Promise<PropertySaleRow> {
  const { reason } = parseInput(disputePropertySaleSchema, { reason: input.reason ?? undefined });
  return deps.db.transaction(async (tx) => {
    const sale = await getAgentPropertySale(tx, agent.id, input.id, true);
    if (sale.disputedAt) return sale;
    if (sale.confirmedAt) throw new AppError('invalid_state');
    const now = deps.clock.now();
    const disputed = await tx
      .update(propertySales)
      .set({ disputedAt: now, disputeReason: reason })
      .where(eq(propertySales.id, sale.id))
      .returning()
      .then(theRow);
    await tx
      .update(cashbackClaims)
      .set({ status: 'DISPUTED' })
      .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, 'PENDING_CONFIRMATION')));
    await emailSellerSaleDisputed(deps, tx, disputed);
    return disputed;
  });
}

async function emailSellerSaleDisputed(deps: Deps, tx: Tx, sale: PropertySaleRow) {
  const seller = await tx.query.users.findFirst({ where: eq(users.id, sale.sellerUserId) });
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  const agent = await tx.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, sale.sellingAgentUserId) });
  if (!seller?.email || !property) return;
  await queueEmail(deps, tx, {
    to: seller.email,
    subject: 'Your agent did not confirm the sale',
    template: 'sale-disputed',
    body: SaleDisputedEmail({
      agentName: agent?.name || 'The agent you named',
      address: await describePropertyAddress(tx, property, { withStreet: true }),
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  });
}

/**
 * settleDisputedPropertySale (an operator, who talked to the seller and the agent): a disputed sale either stands
 * or is void, once (`invalid_state` for a sale not disputed or already settled).
 * - SALE_STANDS: recorded as the agent's confirmation would be (price, contract date within the same bounds, one
 *   more engagement); the lead fee is charged and the cashback waits for it (a decline is shown, not answered: the
 *   fee is then retried as any declined fee).
 * - SALE_VOID: nothing is charged or counted, the claim is VOID and the seller is e-mailed the reason.
 * `onSettled` runs in the settling transaction (the console's audit entry).
 */
export async function settleDisputedSale(
  deps: Deps,
  input: { propertySaleId: string; outcome: string; reason: string; salePrice?: number | null; contractDate?: string | null },
  onSettled: (tx: Tx, before: PropertySaleRow, after: PropertySaleRow) => Promise<void>,
): Promise<PropertySaleRow> {
  if (!isUuid(input.propertySaleId)) throw notFound();
  const values = parseInput(settleDisputedSaleSchema, {
    outcome: input.outcome,
    reason: input.reason,
    salePrice: input.salePrice ?? undefined,
    contractDate: input.contractDate ?? undefined,
  });
  const settled = await deps.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(propertySales).where(eq(propertySales.id, input.propertySaleId)).for('update');
    if (!sale) throw notFound();
    if (!sale.disputedAt || sale.disputeSettledAt || sale.confirmedAt) throw new AppError('invalid_state');
    const now = deps.clock.now();
    const settlement = { disputeSettledAt: now, disputeSettlement: values.outcome, disputeSettlementReason: values.reason };
    if (values.outcome === 'SALE_VOID') {
      const voided = await tx.update(propertySales).set(settlement).where(eq(propertySales.id, sale.id)).returning().then(theRow);
      await tx
        .update(cashbackClaims)
        .set({ status: 'VOID' })
        .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, 'DISPUTED')));
      await onSettled(tx, sale, voided);
      await emailSellerSaleVoid(deps, tx, voided, values.reason);
      return { sale: voided, charge: false, intent: null };
    }
    const standing = await recordSaleConfirmed(
      tx,
      sale,
      { salePrice: values.salePrice!, contractDate: values.contractDate! },
      { now, claimFrom: 'DISPUTED', extra: settlement },
    );
    await onSettled(tx, sale, standing);
    return { sale: standing, charge: true, intent: await recordLeadFeeIntent(deps, tx, standing) };
  });
  return settled.charge ? collectLeadFeeKeepingDecline(deps, settled.sale.id, settled.intent ?? null) : settled.sale;
}

async function emailSellerSaleVoid(deps: Deps, tx: Tx, sale: PropertySaleRow, reason: string) {
  const seller = await tx.query.users.findFirst({ where: eq(users.id, sale.sellerUserId) });
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  if (!seller?.email || !property) return;
  await queueEmail(deps, tx, {
    to: seller.email,
    subject: 'Your cashback claim was closed',
    template: 'sale-void',
    body: SaleVoidEmail({
      address: await describePropertyAddress(tx, property, { withStreet: true }),
      reason,
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  });
}
