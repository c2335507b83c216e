import { LEAD_FEE_NAME, LEAD_FEE_TITLE, leadFeeOfTotal, type LeadFeeAmount } from '@listwise/domain/agent-fees';
import { and, asc, eq, lt } from 'drizzle-orm';
import { operatorReasonSchema } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { properties } from '../../db/schema/properties.ts';
import { propertySales } from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import type { UserRow } from '../../graphql/context.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { describePropertyAddress } from '../notifications/property-address.ts';
import { LeadFeeDeclinedEmail } from '../notifications/templates/sale-emails.tsx';
import { recordChargeIntent, settleCharge } from '../payments/charges.service.ts';
import type { ChargePurposeHandler } from '../payments/charge-purposes.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';
import { hasDefaultPaymentMethod } from '../payments/payments.service.ts';
import { getLeadFee } from '../settings/settings.service.ts';
import { theRow } from '../../lib/rows.ts';
import type { PropertySaleRow } from '../../db/schema/sales.ts';
import { makeCashbackPayable } from './cashback.service.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';

/** The lead fee (PRODUCT.md 'Money'): its intent and charge, the retries (agent, operator, the retry job) and the waiver. */

/** The idempotency key of a lead-fee attempt: the first is `lead-fee:<saleId>`, retries add the attempt number. */
export const leadFeeIdempotencyKey = (saleId: string, attempt: number) =>
  attempt <= 1 ? `lead-fee:${saleId}` : `lead-fee:${saleId}:attempt-${attempt}`;

export const SALES_QUEUES = { retryLeadFees: 'sales.retry-lead-fees' } as const;

/** Automatic retries stop after this many attempts in all; operators can still retry. */
export const MAX_AUTOMATIC_LEAD_FEE_ATTEMPTS = 4;
const AUTOMATIC_RETRY_INTERVAL_MS = 24 * 60 * 60 * 1000;

// ——— The lead fee ———

const thisAttempt = (saleId: string, attempt: number) =>
  and(eq(propertySales.id, saleId), eq(propertySales.leadFeeAttempts, attempt), eq(propertySales.leadFeeStatus, 'PENDING'));

/**
 * The intent of the lead-fee attempt the sale row records (PENDING, its attempt number set under the row lock by
 * whoever started it), in that same transaction: the ledger row with the attempt's key and the fee fixed at
 * confirmation. Without a saved card the attempt fails at once (the agent is e-mailed) and null is answered.
 */
export async function recordLeadFeeIntent(deps: Deps, tx: Tx, sale: PropertySaleRow): Promise<ChargeRow | null> {
  const attempt = sale.leadFeeAttempts;
  if (!(await hasDefaultPaymentMethod(tx, sale.sellingAgentUserId, deps))) {
    const [failed] = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'FAILED', leadFeeFailureCode: 'user_missing_stripe_customer' })
      .where(thisAttempt(sale.id, attempt))
      .returning();
    if (failed) await emailAgentLeadFeeDeclined(deps, tx, failed);
    return null;
  }
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  const address = property ? await describePropertyAddress(tx, property, { withStreet: true }) : 'a property';
  const { charge } = await recordChargeIntent(deps, tx, {
    userId: sale.sellingAgentUserId,
    amountCents: fixedLeadFeeCents(sale),
    kind: 'LEAD_FEE',
    description: `${LEAD_FEE_TITLE} for the sale of ${address}`,
    idempotencyKey: leadFeeIdempotencyKey(sale.id, attempt),
    referenceId: sale.id,
    purpose: { type: 'lead-fee', saleId: sale.id, attempt },
  });
  return charge;
}

/**
 * After the intent's commit: the provider call and the outcome (charges.service; the 'lead-fee' purpose below
 * marks the sale). `payment_declined` and `user_missing_stripe_customer` are thrown once the attempt is FAILED;
 * the provider unreachable leaves it PENDING for the reconciler, whose retry with the same key cannot charge twice.
 */
export async function collectLeadFee(deps: Deps, saleId: string, charge: ChargeRow | null): Promise<PropertySaleRow> {
  if (!charge) throw new AppError('user_missing_stripe_customer');
  const final = await settleCharge(deps, charge);
  if (final.status === 'FAILED') throw new AppError('payment_declined');
  return reloadSale(deps.db, saleId);
}

/** The fee fixed when the sale was confirmed: every sale whose fee is due holds it (property_sales_lead_fee_fixed_check). */
function fixedLeadFeeCents(sale: PropertySaleRow): number {
  if (sale.leadFeeCents === null) throw new Error(`The lead fee of sale ${sale.id} is not due`);
  return sale.leadFeeCents;
}

/** The sale's attempt a lead-fee charge was made for, while it is the sale's open one. */
function attemptOf(charge: ChargeRow) {
  if (charge.purpose.type !== 'lead-fee') throw new Error('not a lead fee');
  return thisAttempt(charge.purpose.saleId, charge.purpose.attempt);
}

/** The outcome of a lead fee: the sale's fee collected (its cashback payable), or declined. */
export const leadFeeChargePurpose: ChargePurposeHandler = {
  // The agent owes the fee of a confirmed sale: an attempt the provider never saw is made with its key.
  resumeWhenAbsent: true,
  async onPaid(deps, tx, charge) {
    const [row] = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'SUCCEEDED', leadFeeChargeId: charge.id, leadFeeFailureCode: null })
      .where(attemptOf(charge))
      .returning();
    // The attempt is no longer the sale's open one (settled otherwise meanwhile): the money goes back.
    if (!row) return { refund: 'The lead fee was settled otherwise before this payment was recorded.' };
    // The fee is collected: the seller's cashback may now be paid.
    await makeCashbackPayable(deps, tx, row);
  },
  async onFailed(deps, tx, charge) {
    const [failed] = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'FAILED', leadFeeChargeId: charge.id, leadFeeFailureCode: 'payment_declined' })
      .where(attemptOf(charge))
      .returning();
    if (failed) await emailAgentLeadFeeDeclined(deps, tx, failed);
  },
};

/**
 * The lead fee of a sale: the one fixed when it was confirmed (what is charged and retried, whatever the setting
 * says later), or before that the setting of the day (what confirming will charge).
 */
export const leadFeeOfSale = async (db: Tx, sale: PropertySaleRow): Promise<LeadFeeAmount> =>
  sale.leadFeeCents != null ? leadFeeOfTotal(sale.leadFeeCents) : getLeadFee(db);

export const reloadSale = async (db: Tx, id: string) => (await db.query.propertySales.findFirst({ where: eq(propertySales.id, id) }))!;

async function emailAgentLeadFeeDeclined(deps: Deps, tx: Tx, sale: PropertySaleRow) {
  const leadFee = leadFeeOfTotal(fixedLeadFeeCents(sale));
  return tellAboutProperty(deps, tx, { userId: sale.sellingAgentUserId, property: sale.propertyId }, ({ address }) => ({
    subject: `Your ${LEAD_FEE_NAME} payment was declined`,
    template: 'lead-fee-declined',
    body: LeadFeeDeclinedEmail({ address, link: `${deps.config.appUrl}/agent/profile-settings`, leadFee }),
  }));
}

/**
 * Starts a new attempt at a declined lead fee (a new idempotency key) and charges it. Only one attempt runs at a
 * time: the row lock moves FAILED → PENDING once, so a concurrent retry finds PENDING (`invalid_state`), as does
 * a retry of a fee that is paid or not yet due. The agent, the retry job and an operator (retryLeadFeeCharge) start
 * attempts; an operator's is audit-logged when it starts, so the entry stays even when the card declines again.
 */
export async function retryLeadFee(deps: Deps, saleId: string, { operator }: { operator?: UserRow } = {}): Promise<PropertySaleRow> {
  if (!isUuid(saleId)) throw notFound();
  const started = await deps.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(propertySales).where(eq(propertySales.id, saleId)).for('update');
    if (!sale) throw notFound();
    if (sale.leadFeeStatus !== 'FAILED') return { sale, isStarted: false };
    const pending = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'PENDING', leadFeeAttempts: sale.leadFeeAttempts + 1, leadFeeLastAttemptAt: deps.clock.now() })
      .where(eq(propertySales.id, sale.id))
      .returning()
      .then(theRow);
    if (operator) {
      await recordAdminAction(tx, operator, deps.clock.now(), {
        action: 'RETRY_LEAD_FEE',
        targetType: 'PROPERTY_SALE',
        targetId: pending.id,
        details: { attempt: pending.leadFeeAttempts, agentUserId: pending.sellingAgentUserId },
      });
    }
    return { sale: pending, isStarted: true, charge: await recordLeadFeeIntent(deps, tx, pending) };
  });
  if (!started.isStarted) throw new AppError('invalid_state');
  return collectLeadFee(deps, started.sale.id, started.charge ?? null);
}

/** The outcome of the attempt a caller started, when a decline is an outcome to show rather than an error to answer. */
export async function collectLeadFeeKeepingDecline(deps: Deps, saleId: string, charge: ChargeRow | null): Promise<PropertySaleRow> {
  try {
    return await collectLeadFee(deps, saleId, charge);
  } catch (error) {
    if (!(error instanceof AppError)) {
      // The provider could not be reached: the attempt stays PENDING and the reconciler resumes it with the same key.
      deps.logger.warn({ err: error, saleId }, 'lead fee attempt interrupted; the reconciler will resume it');
    }
    return reloadSale(deps.db, saleId);
  }
}

/**
 * waiveLeadFee (an operator, with a reason, audit-logged): the lead fee of a confirmed sale is not collected, by
 * decision (a goodwill gesture, an agent who left): a fee that was declined becomes WAIVED, no job or agent retries
 * it, and the seller's cashback becomes payable. A fee paid, being charged or not yet due cannot be waived
 * (`invalid_state`).
 */
export async function waiveLeadFee(
  deps: Deps,
  operator: UserRow,
  input: { propertySaleId: string; reason: string },
): Promise<PropertySaleRow> {
  if (!isUuid(input.propertySaleId)) throw notFound();
  const { reason } = parseInput(operatorReasonSchema, { reason: input.reason });
  return deps.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(propertySales).where(eq(propertySales.id, input.propertySaleId)).for('update');
    if (!sale) throw notFound();
    if (sale.leadFeeStatus !== 'FAILED') throw new AppError('invalid_state');
    const waived = await recordLeadFeeWaived(deps, tx, sale, { reason, now: deps.clock.now() });
    await recordAdminAction(tx, operator, deps.clock.now(), {
      action: 'WAIVE_LEAD_FEE',
      targetType: 'PROPERTY_SALE',
      targetId: waived.id,
      details: { reason, attempts: waived.leadFeeAttempts, agentUserId: waived.sellingAgentUserId, chargeId: waived.leadFeeChargeId },
    });
    return waived;
  });
}

/**
 * Records the lead fee of a sale as WAIVED (not collected, by decision, with the reason) and makes its cashback
 * payable, in the caller's transaction under the sale's row lock (the caller writes its own audit entry).
 */
export async function recordLeadFeeWaived(
  deps: Deps,
  tx: Tx,
  sale: PropertySaleRow,
  waiver: { reason: string; now: Date },
): Promise<PropertySaleRow> {
  const waived = await tx
    .update(propertySales)
    .set({ leadFeeStatus: 'WAIVED', leadFeeWaivedAt: waiver.now, leadFeeWaiverReason: waiver.reason })
    .where(eq(propertySales.id, sale.id))
    .returning()
    .then(theRow);
  await makeCashbackPayable(deps, tx, waived);
  return waived;
}

/**
 * Job (every 10 minutes, app/workers.ts): declined lead fees are tried again once a day each, up to
 * MAX_AUTOMATIC_LEAD_FEE_ATTEMPTS attempts in all. An attempt interrupted mid-charge is the reconciler's: its ledger
 * row is recorded with it, and the reconciler finishes it with its own key. Returns how many attempts were made.
 */
export async function retryDueLeadFees(deps: Deps): Promise<number> {
  const now = deps.clock.now().getTime();
  const due = await deps.db
    .select({ id: propertySales.id })
    .from(propertySales)
    .where(
      and(
        eq(propertySales.leadFeeStatus, 'FAILED'),
        lt(propertySales.leadFeeAttempts, MAX_AUTOMATIC_LEAD_FEE_ATTEMPTS),
        lt(propertySales.leadFeeLastAttemptAt, new Date(now - AUTOMATIC_RETRY_INTERVAL_MS)),
      ),
    )
    .orderBy(asc(propertySales.leadFeeLastAttemptAt))
    .limit(200);
  let attempts = 0;
  for (const sale of due) {
    attempts++;
    try {
      await retryLeadFee(deps, sale.id);
    } catch (error) {
      if (!(error instanceof AppError)) deps.logger.warn({ err: error, saleId: sale.id }, 'lead fee retry failed; will try again');
    }
  }
  return attempts;
}
