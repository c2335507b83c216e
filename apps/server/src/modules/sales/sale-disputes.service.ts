import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
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
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { SaleDisputedEmail, SaleSettledForAgentEmail, SaleStandsEmail, SaleVoidEmail } from '../notifications/templates/money-emails.tsx';
import { theRow } from '../../lib/rows.ts';
import type { PropertySaleRow } from '../../db/schema/sales.ts';
import { collectLeadFeeKeepingDecline, recordLeadFeeIntent, recordLeadFeeWaived } from './lead-fees.service.ts';
import { getAgentPropertySale, recordSaleConfirmed } from './sale-confirmation.service.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';

/** 'This is not my sale': the agent's dispute, and the operator's settlement of it. */

/** No engagement is counted: a sale the agent disowns must not raise their badge. */
export async function disputePropertySale(
  deps: Deps,
  agent: UserRow,
  input: { id: string; reason?: string | null },
): Promise<PropertySaleRow> {
  const { reason } = parseInput(disputePropertySaleSchema, { reason: input.reason ?? undefined });
  return deps.db.transaction(async (tx) => {
    const sale = await getAgentPropertySale(tx, agent.id, input.id, { lock: true });
    if (sale.disputedAt) return sale;
    if (sale.confirmedAt || sale.disputeSettledAt) throw new AppError('invalid_state');
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
  const agent = await tx.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, sale.sellingAgentUserId) });
  await tellAboutProperty(deps, tx, { userId: sale.sellerUserId, property: sale.propertyId }, ({ property, address }) => ({
    subject: 'Your agent did not confirm the sale',
    template: 'sale-disputed',
    body: SaleDisputedEmail({
      agentName: agent?.name || 'The agent you named',
      address,
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  }));
}

/** How long the named agent has to answer a reported sale before an operator may settle it for them. */
export const UNANSWERED_SALE_DAYS = 14;
const DAY_MS = 86_400_000;

/** The sales an operator settles: one the agent disputed, or one the agent left unanswered. */
export type SaleToSettle = 'DISPUTED' | 'UNANSWERED';

/**
 * Whether a sale waits on an agent who is not going to answer: neither confirmed nor disputed nor settled, and
 * reported UNANSWERED_SALE_DAYS ago, or naming an agent whose account is closed (who can never answer).
 */
export const isUnansweredSale = (sale: PropertySaleRow, now: Date, agentClosed: boolean): boolean =>
  !sale.confirmedAt &&
  !sale.disputedAt &&
  !sale.disputeSettledAt &&
  (agentClosed || now.getTime() - sale.reportedAt.getTime() >= UNANSWERED_SALE_DAYS * DAY_MS);

/** isUnansweredSale as a condition on property_sales, for the lists of sales an operator may settle now. */
export const unansweredSaleCondition = (now: Date): SQL =>
  and(
    isNull(propertySales.confirmedAt),
    isNull(propertySales.disputedAt),
    isNull(propertySales.disputeSettledAt),
    or(
      lte(propertySales.reportedAt, new Date(now.getTime() - UNANSWERED_SALE_DAYS * DAY_MS)),
      sql`exists (select 1 from ${users} where ${users.id} = ${propertySales.sellingAgentUserId} and ${users.deletedAt} is not null)`,
    ),
  )!;

async function isAgentClosed(tx: Tx, agentUserId: string): Promise<boolean> {
  const [agent] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, agentUserId));
  return !agent || !!agent.deletedAt;
}

async function canSettle(tx: Tx, sale: PropertySaleRow, kind: SaleToSettle, now: Date): Promise<boolean> {
  if (kind === 'DISPUTED') return !!sale.disputedAt && !sale.disputeSettledAt && !sale.confirmedAt;
  return isUnansweredSale(sale, now, await isAgentClosed(tx, sale.sellingAgentUserId));
}

/**
 * An operator settles a sale the agent cannot or will not answer (the operator talked to the seller, and the agent
 * where there is one): the agent disputed it (`settleDisputedPropertySale`) or left it unanswered
 * (`settleUnansweredPropertySale`). Either stands or is void, once (`invalid_state` for a sale not of that kind,
 * or already settled).
 * - SALE_STANDS: recorded as the agent's confirmation would be (price, contract date within the same bounds, one
 *   more engagement); the lead fee is charged and the cashback waits for it (a decline is shown, not answered: the
 *   fee is then retried as any declined fee). An agent whose account is closed is charged nothing: the fee is
 *   waived with the settlement's reason and the cashback is payable at once.
 * - SALE_VOID: nothing is charged or counted, the claim is VOID, the property is no longer sold (the seller may
 *   report the sale again, naming the agent who did sell it, or list it again) and the seller is e-mailed why.
 * An unanswered sale's agent is e-mailed the outcome too. The settlement is audit-logged with its reason, in the
 * settling transaction.
 */
async function settlePropertySale(deps: Deps, operator: UserRow, kind: SaleToSettle, input: SettlementInput): Promise<PropertySaleRow> {
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
    const now = deps.clock.now();
    if (!(await canSettle(tx, sale, kind, now))) throw new AppError('invalid_state');
    const claimFrom = kind === 'DISPUTED' ? 'DISPUTED' : 'PENDING_CONFIRMATION';
    const settlement = { disputeSettledAt: now, disputeSettlement: values.outcome, disputeSettlementReason: values.reason };
    if (values.outcome === 'SALE_VOID') {
      const voided = await tx.update(propertySales).set(settlement).where(eq(propertySales.id, sale.id)).returning().then(theRow);
      await tx
        .update(cashbackClaims)
        .set({ status: 'VOID' })
        .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, claimFrom)));
      await reopenPropertyOfVoidSale(tx, voided, now);
      await recordSettlement(deps, tx, operator, kind, sale, voided);
      await emailSellerSaleVoid(deps, tx, voided, values.reason);
      if (kind === 'UNANSWERED') await emailAgentSaleSettled(deps, tx, voided, values.reason);
      return { sale: voided, intent: null, charge: false };
    }
    const standing = await recordSaleConfirmed(
      tx,
      sale,
      { salePrice: values.salePrice!, contractDate: values.contractDate! },
      { now, claimFrom, extra: settlement },
    );
    if (kind === 'UNANSWERED') {
      await emailSellerSaleStands(deps, tx, standing, values.reason);
      await emailAgentSaleSettled(deps, tx, standing, values.reason);
    }
    if (await isAgentClosed(tx, sale.sellingAgentUserId)) {
      // A closed account has no card to charge and no one to invoice: the fee is not collected.
      const waived = await recordLeadFeeWaived(deps, tx, standing, { reason: values.reason, now });
      await recordSettlement(deps, tx, operator, kind, sale, waived);
      return { sale: waived, intent: null, charge: false };
    }
    await recordSettlement(deps, tx, operator, kind, sale, standing);
    return { sale: standing, charge: true, intent: await recordLeadFeeIntent(deps, tx, standing) };
  });
  return settled.charge ? collectLeadFeeKeepingDecline(deps, settled.sale.id, settled.intent ?? null) : settled.sale;
}

type SettlementInput = {
  propertySaleId: string;
  outcome: string;
  reason: string;
  salePrice?: number | null;
  contractDate?: string | null;
};

/** settleDisputedPropertySale: the operator's settlement of a sale the agent disputed (settlePropertySale). */
export const settleDisputedPropertySale = (deps: Deps, operator: UserRow, input: SettlementInput): Promise<PropertySaleRow> =>
  settlePropertySale(deps, operator, 'DISPUTED', input);

/**
 * settleUnansweredPropertySale: the operator's settlement of a sale the agent left unanswered for
 * UNANSWERED_SALE_DAYS days, or can no longer answer (their account is closed) (settlePropertySale).
 */
export const settleUnansweredPropertySale = (deps: Deps, operator: UserRow, input: SettlementInput): Promise<PropertySaleRow> =>
  settlePropertySale(deps, operator, 'UNANSWERED', input);

/** The settlement's audit entry: the outcome and its reason, with what the operator settled (the dispute, or the silence). */
function recordSettlement(deps: Deps, tx: Tx, operator: UserRow, kind: SaleToSettle, before: PropertySaleRow, after: PropertySaleRow) {
  const { disputeSettlement: outcome, disputeSettlementReason: reason, salePriceCents, contractDate } = after;
  return recordAdminAction(
    tx,
    operator,
    deps.clock.now(),
    kind === 'DISPUTED'
      ? {
          action: 'SETTLE_DISPUTED_SALE',
          targetType: 'PROPERTY_SALE',
          targetId: after.id,
          details: { outcome, reason, disputeReason: before.disputeReason, salePriceCents, contractDate },
        }
      : {
          action: 'SETTLE_UNANSWERED_SALE',
          targetType: 'PROPERTY_SALE',
          targetId: after.id,
          details: {
            outcome,
            reason,
            reportedAt: before.reportedAt.toISOString(),
            agentUserId: before.sellingAgentUserId,
            salePriceCents,
            contractDate,
          },
        },
  );
}

/**
 * A void sale does not make the property sold: the property is left complete as a listing that did not sell through
 * a Listwise agent, from where the seller can report the sale again (naming the agent who sold it) or list it again.
 */
async function reopenPropertyOfVoidSale(tx: Tx, sale: PropertySaleRow, now: Date) {
  await tx
    .update(properties)
    .set({ completeType: 'DECIDED_NOT_TO_USE_LISTWISE', updatedAt: now })
    .where(and(eq(properties.id, sale.propertyId), eq(properties.completeType, 'SOLD_UNCONDITIONALLY')));
}

function emailSellerSaleVoid(deps: Deps, tx: Tx, sale: PropertySaleRow, reason: string) {
  return tellAboutProperty(deps, tx, { userId: sale.sellerUserId, property: sale.propertyId }, ({ property, address }) => ({
    subject: 'Your cashback claim was closed',
    template: 'sale-void',
    body: SaleVoidEmail({ address, reason, link: `${deps.config.appUrl}/property/${property.id}` }),
  }));
}

function emailSellerSaleStands(deps: Deps, tx: Tx, sale: PropertySaleRow, reason: string) {
  return tellAboutProperty(deps, tx, { userId: sale.sellerUserId, property: sale.propertyId }, ({ property, address }) => ({
    subject: 'We confirmed your sale',
    template: 'sale-stands',
    body: SaleStandsEmail({ address, reason, link: `${deps.config.appUrl}/property/${property.id}` }),
  }));
}

function emailAgentSaleSettled(deps: Deps, tx: Tx, sale: PropertySaleRow, reason: string) {
  return tellAboutProperty(deps, tx, { userId: sale.sellingAgentUserId, property: sale.propertyId }, ({ address }) => ({
    subject: 'A sale naming you was settled',
    template: 'sale-settled-for-agent',
    body: SaleSettledForAgentEmail({
      address,
      stands: sale.disputeSettlement === 'SALE_STANDS',
      reason,
      link: `${deps.config.appUrl}/agent/property-sale/${sale.id}/confirm`,
    }),
  }));
}
