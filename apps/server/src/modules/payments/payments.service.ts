import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ChargeKind } from '@listwise/domain/payments';
import { gstPartOfInclusiveCents } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { charges, paymentCustomers, paymentMethods } from '../../db/schema/payments.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';

/**
 * Payments: the user's customer at the provider, saving a card (setup intent → confirmed payment method → the
 * default card, brand and last four only), and `chargeDefaultCard`, the one way money is taken. Every attempt
 * is a row in the `charges` ledger with its GST part; the idempotency key makes a repeated call return the
 * first call's charge instead of charging again (the provider deduplicates on the same key too).
 *
 * The ledger is written through `deps.db`, never through a caller's transaction: a declined attempt stays
 * recorded even when the caller rolls its own work back.
 */

export type ChargeRow = typeof charges.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

const provider = (deps: Pick<Deps, 'payments'>) => deps.payments.provider;

/** The user's default saved card with the configured provider, if any. */
export async function findDefaultPaymentMethod(db: Tx, userId: string, forProvider: PaymentMethodRow['provider']) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, forProvider), eq(paymentMethods.isDefault, true)))
    .limit(1);
  return row ?? null;
}

/** Whether the user has a default card to charge (the payment-condition and subscription checks use it). */
export async function hasDefaultPaymentMethod(db: Tx, userId: string, deps?: Pick<Deps, 'payments'>): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, userId),
        eq(paymentMethods.isDefault, true),
        ...(deps ? [eq(paymentMethods.provider, provider(deps))] : []),
      ),
    )
    .limit(1);
  return !!row;
}

async function findCustomerId(deps: Pick<Deps, 'db' | 'payments'>, userId: string): Promise<string | null> {
  const row = await deps.db.query.paymentCustomers.findFirst({
    where: and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider(deps))),
  });
  return row?.providerCustomerId ?? null;
}

/** The user's customer at the provider, created on first need (the Stripe call is idempotent per user). */
async function ensureCustomerId(deps: Deps, user: UserRow): Promise<string> {
  const existing = await findCustomerId(deps, user.id);
  if (existing) return existing;
  const [agent, seller] = await Promise.all([
    deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, user.id) }),
    deps.db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, user.id) }),
  ]);
  const customerId = await deps.payments.createCustomer({ userId: user.id, email: user.email, name: agent?.name ?? seller?.name ?? null });
  await deps.db
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: provider(deps), providerCustomerId: customerId })
    .onConflictDoNothing();
  // Two first calls racing: whichever row landed is the customer from now on.
  return (await findCustomerId(deps, user.id))!;
}

/** stripeCreateSetupIntent: a setup intent for the card form to confirm; a new one each time the form opens or fails. */
export async function createSetupIntent(deps: Deps, user: UserRow): Promise<{ id: string; clientSecret: string }> {
  const customerId = await ensureCustomerId(deps, user);
  return deps.payments.createSetupIntent(customerId);
}

/**
 * stripeConfirmPaymentMethod: saves the payment method the provider confirmed as the user's default card.
 * A payment method that is unknown or another customer's answers `not_found`.
 */
export async function confirmPaymentMethod(deps: Deps, user: UserRow, stripePaymentMethodId: string): Promise<PaymentMethodRow> {
  const { id } = parseInput(z.object({ id: z.string().trim().min(3).max(255) }), { id: stripePaymentMethodId });
  const customerId = await ensureCustomerId(deps, user);
  const card = await deps.payments.attachPaymentMethod(customerId, id);
  if (!card) throw new AppError('not_found', 'stripePaymentMethodId');
  return deps.db.transaction(async (tx) => {
    // One default-card change per user at a time (a double-clicked Save would otherwise race on the unique default).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.provider, provider(deps)), eq(paymentMethods.isDefault, true)));
    const [saved] = await tx
      .insert(paymentMethods)
      .values({
        userId: user.id,
        provider: provider(deps),
        providerPaymentMethodId: card.id,
        cardBrand: card.brand,
        cardSuffix: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault: true,
        createdAt: deps.clock.now(),
      })
      .onConflictDoUpdate({
        target: [paymentMethods.provider, paymentMethods.providerPaymentMethodId],
        set: { isDefault: true },
        where: eq(paymentMethods.userId, user.id),
      })
      .returning();
    if (!saved) throw new AppError('not_found', 'stripePaymentMethodId');
    return saved;
  });
}

export interface ChargeRequest {
  userId: string;
  /** GST-inclusive, in cents. */
  amountCents: number;
  kind: ChargeKind;
  description: string;
  /** One key per intended charge: the same key never charges twice (the first charge is returned). */
  idempotencyKey: string;
  /** What the charge pays for (a subscription id, a sale id…), for admins and reconciliation. */
  referenceId?: string | null;
}

const chargeRequestSchema = z.object({
  userId: z.uuid(),
  amountCents: z.number().int().positive(),
  kind: z.enum([ChargeKind.SUBSCRIPTION, ChargeKind.RENEWAL, ChargeKind.LEAD_FEE]),
  description: z.string().min(1).max(500),
  idempotencyKey: z.string().min(1).max(255),
  referenceId: z.string().max(1000).nullish(),
});

const findChargeByKey = async (deps: Pick<Deps, 'db'>, idempotencyKey: string) =>
  (await deps.db.query.charges.findFirst({ where: eq(charges.idempotencyKey, idempotencyKey) })) ?? null;

/** What an earlier attempt with the same key means for this call. */
function replay(existing: ChargeRow): ChargeRow | 'resume' {
  if (existing.status === 'FAILED') throw new AppError('payment_declined');
  if (existing.status === 'PENDING') return 'resume';
  return existing;
}

/**
 * Charges the user's default card and records the attempt in the ledger (amount and GST part). Returns the
 * SUCCEEDED charge. Throws `payment_declined` when the provider declines (the FAILED row stays) and
 * `user_missing_stripe_customer` when the user has no saved card (nothing recorded). Calling again with the
 * same idempotency key returns the same charge, or `payment_declined` again for a declined one: a retry after a
 * decline needs a new key. A PENDING row (a crash mid-call) is resumed safely: the provider deduplicates on the key.
 */
export async function chargeDefaultCard(deps: Deps, request: ChargeRequest): Promise<ChargeRow> {
  const input = parseInput(chargeRequestSchema, request);
  const earlier = await findChargeByKey(deps, input.idempotencyKey);
  let charge: ChargeRow | null = null;
  if (earlier) {
    const decision = replay(earlier);
    if (decision !== 'resume') return decision;
    charge = earlier;
  }
  if (!charge) {
    const [method, customerId] = await Promise.all([
      findDefaultPaymentMethod(deps.db, input.userId, provider(deps)),
      findCustomerId(deps, input.userId),
    ]);
    if (!method || !customerId) throw new AppError('user_missing_stripe_customer');
    const [inserted] = await deps.db
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
        provider: provider(deps),
        providerCustomerId: customerId,
        providerPaymentMethodId: method.providerPaymentMethodId,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing({ target: charges.idempotencyKey })
      .returning();
    if (inserted) {
      charge = inserted;
    } else {
      // A concurrent call with the same key got there first.
      const decision = replay((await findChargeByKey(deps, input.idempotencyKey))!);
      if (decision !== 'resume') return decision;
      charge = (await findChargeByKey(deps, input.idempotencyKey))!;
    }
  }

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
      ...(charge.referenceId && { referenceId: charge.referenceId.slice(0, 500) }),
    },
  });
  const [settled] = await deps.db
    .update(charges)
    .set(
      outcome.status === 'SUCCEEDED'
        ? { status: 'SUCCEEDED', providerChargeId: outcome.providerChargeId, settledAt: deps.clock.now() }
        : {
            status: 'FAILED',
            providerChargeId: outcome.providerChargeId,
            failureCode: outcome.failureCode,
            failureReason: outcome.failureReason.slice(0, 500),
            settledAt: deps.clock.now(),
          },
    )
    .where(and(eq(charges.id, charge.id), eq(charges.status, 'PENDING')))
    .returning();
  const final = settled ?? (await findChargeByKey(deps, charge.idempotencyKey))!;
  if (final.status === 'FAILED') {
    deps.logger.info({ chargeId: final.id, failureCode: final.failureCode }, 'charge declined');
    throw new AppError('payment_declined');
  }
  return final;
}

/**
 * Gives a succeeded charge's money back (when the work it paid for could not be saved). Marks the row REFUNDED.
 * Never throws: a failed refund is logged for an operator to finish.
 */
export async function refundCharge(deps: Deps, charge: ChargeRow): Promise<void> {
  try {
    if (charge.status !== 'SUCCEEDED' || !charge.providerChargeId) return;
    await deps.payments.refund(charge.providerChargeId, `refund:${charge.idempotencyKey}`);
    await deps.db.update(charges).set({ status: 'REFUNDED', refundedAt: deps.clock.now() }).where(eq(charges.id, charge.id));
  } catch (error) {
    deps.logger.error({ err: error, chargeId: charge.id }, 'refund failed; an operator must refund this charge');
  }
}

/** The user's most recent ledger rows, newest first (admin screens and tests). */
export const listChargesOfUser = (db: Tx, userId: string, limit = 50) =>
  db.select().from(charges).where(eq(charges.userId, userId)).orderBy(desc(charges.createdAt)).limit(limit);
