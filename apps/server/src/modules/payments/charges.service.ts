import { and, asc, eq, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { z } from 'zod';
import { ChargeKind } from '@listwise/domain/payments';
import { gstPartOfInclusiveCents } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { charges, paymentCustomers, paymentMethods } from '../../db/schema/payments.ts';
import type { Deps } from '../../deps.ts';
import type { ChargeOutcome } from '../../ports/payments/payment-gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';
import type { UserRow } from '../../graphql/context.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { closePaymentsOfClosedAccounts } from './card-detaching.ts';
import { issueTaxInvoice } from './tax-invoices.service.ts';
import { theRow } from '../../lib/rows.ts';
import { handlerOf } from './charge-purposes.ts';
import type { ChargeRow, ChargePurpose } from '../../db/schema/payments.ts';

/**
 * The one way Listwise takes money (docs/decisions/0015-resumable-charges.md), in three steps:
 * 1. the intent: `recordChargeIntent`, in the caller's transaction, next to whatever that transaction decides
 *    (places held, a sale confirmed). The ledger row is PENDING, keyed by a deterministic idempotency key and
 *    carrying its `purpose`, what it buys. Committed before any money moves.
 * 2. the provider call: `settleCharge`, outside any transaction and row lock, with that key (the provider never
 *    charges one key twice).
 * 3. the outcome: `recordChargeOutcome`, in a transaction of its own that locks the ledger row: the purpose's
 *    handler makes what was bought active (and its tax invoice is issued there, once), or answers that the money
 *    must go back (a refund is then owed and attempted at once), or, for a decline, undoes what the intent held.
 * A crash anywhere leaves a PENDING row; the reconciler (`reconcileCharges`, a job every minute) asks the
 * provider what became of its key and records that outcome through the same handler. A refund that fails is
 * retried on a schedule, then listed for an operator ('Money needing attention').
 */

export const PAYMENT_QUEUES = { reconcile: 'payments.reconcile' } as const;

/** A charge left without an outcome this long was interrupted; the reconciler asks the provider about it. */
export const STALE_CHARGE_MS = 5 * 60 * 1000;
/** Refund attempts in all before an operator is asked; the waits between them. */
export const MAX_REFUND_ATTEMPTS = 5;
const REFUND_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** How long one attempt at a refund keeps others (another server's reconciler) off it. */
const REFUND_LEASE_MS = 2 * 60_000;

export interface ChargeIntent {
  userId: string;
  /** GST-inclusive, in cents. */
  amountCents: number;
  kind: ChargeKind;
  description: string;
  /** Derived from committed state (a sale and its attempt, a subscription and its period…), never random. */
  idempotencyKey: string;
  /** What the charge pays for (a subscription id, a sale id…), for admins and reconciliation. */
  referenceId?: string | null;
  purpose: ChargePurpose;
}

const intentSchema = z.object({
  userId: z.uuid(),
  amountCents: z.number().int().positive(),
  kind: z.enum([ChargeKind.SUBSCRIPTION, ChargeKind.RENEWAL, ChargeKind.LEAD_FEE]),
  description: z.string().min(1).max(500),
  idempotencyKey: z.string().min(1).max(255),
  referenceId: z.string().max(1000).nullish(),
});

export const findChargeByKey = async (db: Tx, idempotencyKey: string) =>
  (await db.query.charges.findFirst({ where: eq(charges.idempotencyKey, idempotencyKey) })) ?? null;

/**
 * Step 1, in the caller's transaction: the PENDING ledger row with the user's default card. Answers the row and
 * whether it is new; an earlier row with the same key is answered as it is (the caller resumes or replays it).
 * Throws `user_missing_stripe_customer` without a saved card (nothing recorded).
 */
export async function recordChargeIntent(deps: Deps, tx: Tx, intent: ChargeIntent): Promise<{ charge: ChargeRow; isNew: boolean }> {
  const input = parseInput(intentSchema, intent);
  const earlier = await findChargeByKey(tx, input.idempotencyKey);
  if (earlier) return { charge: earlier, isNew: false };
  const provider = deps.payments.provider;
  const [method] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, input.userId), eq(paymentMethods.provider, provider), eq(paymentMethods.isDefault, true)))
    .limit(1);
  const customer = await tx.query.paymentCustomers.findFirst({
    where: and(eq(paymentCustomers.userId, input.userId), eq(paymentCustomers.provider, provider)),
  });
  if (!method || !customer) throw new AppError('user_missing_stripe_customer');
  const [inserted] = await tx
    .insert(charges)
    .values({
      userId: input.userId,
      kind: input.kind,
      description: input.description,
      amountCents: input.amountCents,
      gstCents: gstPartOfInclusiveCents(input.amountCents),
      currency: 'aud',
      status: 'PENDING',
      idempotencyKey: input.idempotencyKey,
      referenceId: input.referenceId ?? null,
      purpose: intent.purpose,
      provider,
      providerCustomerId: customer.providerCustomerId,
      providerPaymentMethodId: method.providerPaymentMethodId,
      createdAt: deps.clock.now(),
    })
    // Any unique rule: the same key written concurrently, or a second open suburb purchase of the agent.
    .onConflictDoNothing()
    .returning();
  if (inserted) return { charge: inserted, isNew: true };
  const raced = await findChargeByKey(tx, input.idempotencyKey);
  if (!raced) throw new AppError('invalid_state');
  return { charge: raced, isNew: false };
}

/**
 * Steps 2 and 3: asks the provider for the money (no transaction is open, no row is locked), then records the
 * outcome. A charge whose outcome is already recorded is answered as it is. When the provider cannot be reached
 * the error is thrown and the row stays PENDING for the reconciler: the key makes any later attempt safe.
 */
export async function settleCharge(deps: Deps, charge: ChargeRow): Promise<ChargeRow> {
  if (charge.fulfilledAt) return charge;
  const outcome = await deps.payments.chargeOffSession({
    customerId: charge.providerCustomerId,
    paymentMethodId: charge.providerPaymentMethodId,
    amountCents: charge.amountCents,
    currency: 'aud',
    description: charge.description,
    idempotencyKey: charge.idempotencyKey,
    metadata: {
      chargeId: charge.id,
      kind: charge.kind,
      userId: charge.userId,
      idempotencyKey: charge.idempotencyKey,
      ...(charge.referenceId && { referenceId: charge.referenceId.slice(0, 500) }),
    },
  });
  return recordChargeOutcome(deps, charge.id, outcome);
}

/**
 * Step 3: what the provider answered (null: it never saw the key) becomes the ledger's and the purpose's state,
 * in one transaction holding the ledger row, so two recorders (the request and the reconciler) never both act.
 * A refund owed is attempted right after the commit.
 */
export async function recordChargeOutcome(deps: Deps, chargeId: string, outcome: ChargeOutcome | null): Promise<ChargeRow> {
  const { row, refundOwed } = await deps.db.transaction(async (tx) => {
    const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
    if (!charge) throw new Error(`No charge ${chargeId}`);
    const now = deps.clock.now();
    if (charge.fulfilledAt) {
      // Given up as never charged, and yet the provider took the money after all (a call slower than the
      // reconciler's patience): nothing was bought with it, so it goes back.
      if (outcome?.status === 'SUCCEEDED' && charge.status === 'FAILED' && !charge.providerChargeId) {
        const late = await tx
          .update(charges)
          .set({
            status: 'SUCCEEDED',
            providerChargeId: outcome.providerChargeId,
            settledAt: now,
            refundReason: 'The payment went through after Listwise had given it up.',
            refundNextAttemptAt: now,
          })
          .where(eq(charges.id, charge.id))
          .returning()
          .then(theRow);
        return { row: late, refundOwed: true };
      }
      return { row: charge, refundOwed: false };
    }
    const handler = handlerOf(charge);
    if (outcome?.status === 'SUCCEEDED') {
      const paid = await tx
        .update(charges)
        .set({ status: 'SUCCEEDED', providerChargeId: outcome.providerChargeId, settledAt: now, fulfilledAt: now })
        .where(eq(charges.id, charge.id))
        .returning()
        .then(theRow);
      const result = await handler.onPaid(deps, tx, paid);
      if (result?.refund) {
        const owed = await tx
          .update(charges)
          .set({ refundReason: result.refund.slice(0, 500), refundNextAttemptAt: now })
          .where(eq(charges.id, charge.id))
          .returning()
          .then(theRow);
        return { row: owed, refundOwed: true };
      }
      // Issued with the outcome it documents: exactly one per charge that bought something.
      if (handler.invoiced !== false) await issueTaxInvoice(deps, tx, paid);
      return { row: paid, refundOwed: false };
    }
    const failed = await tx
      .update(charges)
      .set({
        status: 'FAILED',
        providerChargeId: outcome?.providerChargeId ?? null,
        failureCode: outcome?.failureCode ?? 'not_charged',
        failureReason: (outcome?.failureReason ?? 'The payment never reached the payment provider.').slice(0, 500),
        settledAt: now,
        fulfilledAt: now,
      })
      .where(eq(charges.id, charge.id))
      .returning()
      .then(theRow);
    if (outcome) deps.logger.info({ chargeId: charge.id, failureCode: outcome.failureCode }, 'charge declined');
    await handler.onFailed(deps, tx, failed);
    return { row: failed, refundOwed: false };
  });
  return refundOwed ? attemptRefund(deps, row.id) : row;
}

/**
 * Gives the money of a charge back when a refund is owed and due. The attempt is claimed first (one server at a
 * time); a failure is counted and scheduled again, and after MAX_REFUND_ATTEMPTS it waits for an operator.
 */
export async function attemptRefund(deps: Deps, chargeId: string): Promise<ChargeRow> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(charges)
    .set({ refundNextAttemptAt: new Date(now.getTime() + REFUND_LEASE_MS) })
    .where(
      and(
        eq(charges.id, chargeId),
        isNotNull(charges.refundReason),
        isNull(charges.refundedAt),
        isNotNull(charges.providerChargeId),
        lte(charges.refundNextAttemptAt, now),
      ),
    )
    .returning();
  if (!claimed) return (await deps.db.query.charges.findFirst({ where: eq(charges.id, chargeId) }))!;
  try {
    await deps.payments.refund(claimed.providerChargeId!, `refund:${claimed.idempotencyKey}`);
  } catch (error) {
    const attempts = claimed.refundAttempts + 1;
    const wait = attempts < MAX_REFUND_ATTEMPTS ? REFUND_RETRY_DELAYS_MS[Math.min(attempts, REFUND_RETRY_DELAYS_MS.length) - 1]! : null;
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.error(
      { err: error, chargeId, attempts },
      wait ? 'refund failed; will retry' : 'refund failed; an operator must refund this charge',
    );
    const failed = await deps.db
      .update(charges)
      .set({
        refundAttempts: attempts,
        refundError: message.slice(0, 500),
        refundNextAttemptAt: wait === null ? null : new Date(deps.clock.now().getTime() + wait),
      })
      .where(eq(charges.id, chargeId))
      .returning()
      .then(theRow);
    return failed;
  }
  const refunded = await deps.db
    .update(charges)
    .set({
      status: 'REFUNDED',
      refundedAt: deps.clock.now(),
      refundAttempts: claimed.refundAttempts + 1,
      refundError: null,
      refundNextAttemptAt: null,
    })
    .where(eq(charges.id, chargeId))
    .returning()
    .then(theRow);
  return refunded;
}

/**
 * The reconciler (job `payments.reconcile`, every minute): every charge left without an outcome for
 * STALE_CHARGE_MS is looked up at the provider by its key and finished either way (bought, refunded, or failed
 * as never charged); every refund owed and due is attempted. Bounded per run; safe on several servers at once.
 */
export async function reconcileCharges(deps: Deps, options: { staleAfterMs?: number; limit?: number } = {}) {
  const now = deps.clock.now();
  const limit = options.limit ?? 200;
  const result = { finished: 0, refunded: 0, refundsFailed: 0, errors: 0 };
  const stale = await deps.db
    .select()
    .from(charges)
    .where(and(isNull(charges.fulfilledAt), lt(charges.createdAt, new Date(now.getTime() - (options.staleAfterMs ?? STALE_CHARGE_MS)))))
    .orderBy(asc(charges.createdAt))
    .limit(limit);
  for (const charge of stale) {
    try {
      const outcome = await deps.payments.findCharge(charge.idempotencyKey);
      const row =
        !outcome && (await resumes(deps, charge)) ? await settleCharge(deps, charge) : await recordChargeOutcome(deps, charge.id, outcome);
      result.finished++;
      if (row.status === 'REFUNDED') result.refunded++;
      else if (row.refundReason && !row.refundedAt) result.refundsFailed++;
    } catch (error) {
      result.errors++;
      deps.logger.warn({ err: error, chargeId: charge.id }, 'charge reconciliation failed; will try again');
    }
  }
  const owed = await deps.db
    .select({ id: charges.id })
    .from(charges)
    .where(and(isNotNull(charges.refundReason), isNull(charges.refundedAt), lte(charges.refundNextAttemptAt, deps.clock.now())))
    .orderBy(asc(charges.refundNextAttemptAt))
    .limit(limit);
  for (const { id } of owed) {
    const row = await attemptRefund(deps, id);
    if (row.status === 'REFUNDED') result.refunded++;
    else if (row.refundError) result.refundsFailed++;
  }
  await closePaymentsOfClosedAccounts(deps, limit);
  return result;
}

/**
 * Whether an open charge the provider never saw is charged now with its key (see `resumeWhenAbsent`): never for a
 * closed account, whatever its purpose.
 */
async function resumes(deps: Deps, charge: ChargeRow): Promise<boolean> {
  const handler = handlerOf(charge);
  if (!handler.resumeWhenAbsent) return false;
  const [user] = await deps.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, charge.userId));
  if (!user || user.deletedAt) return false;
  return handler.stillWanted ? handler.stillWanted(deps, deps.db, charge) : true;
}

/**
 * Refunds that failed every attempt: the money is still with Listwise, owed back, and only an operator can
 * return it now ('Money needing attention' in the console). Oldest first.
 */
export const listRefundsNeedingAttention = (db: Tx, limit = 100) =>
  db
    .select()
    .from(charges)
    .where(and(isNotNull(charges.refundReason), isNull(charges.refundedAt), isNull(charges.refundNextAttemptAt)))
    .orderBy(asc(charges.settledAt), asc(charges.id))
    .limit(limit);

/** The user's open charges (no outcome yet). */
export const findOpenChargesOfUser = (db: Tx, userId: string) =>
  db
    .select()
    .from(charges)
    .where(and(eq(charges.userId, userId), isNull(charges.fulfilledAt)));

/**
 * retryChargeRefund (operators): tries a refund that waits for an operator once more, now (after the cause was
 * fixed, or after the operator refunded it from the provider's dashboard, which the provider then confirms).
 * `not_found` for an unknown charge, `invalid_state` for one that owes no refund or is already refunded. Audit-logged
 * in the transaction that schedules the attempt, so the entry stays whatever the provider answers.
 */
export async function retryRefundOfCharge(deps: Deps, operator: UserRow, chargeId: string) {
  if (!z.uuid().safeParse(chargeId).success) throw new AppError('not_found');
  await deps.db.transaction(async (tx) => {
    const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
    if (!charge) throw new AppError('not_found');
    if (!charge.refundReason || charge.refundedAt || !charge.providerChargeId) throw new AppError('invalid_state');
    await tx.update(charges).set({ refundNextAttemptAt: deps.clock.now() }).where(eq(charges.id, chargeId));
    await recordAdminAction(tx, operator, deps.clock.now(), {
      action: 'RETRY_REFUND',
      targetType: 'CHARGE',
      targetId: charge.id,
      details: { attempts: charge.refundAttempts },
    });
  });
  return attemptRefund(deps, chargeId);
}
