import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ChargeKind } from '@listwise/domain/payments';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { charges, paymentCustomers, paymentMethods } from '../../db/schema/payments.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { recordChargeIntent, settleCharge } from './charges.service.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';

/**
 * Payments: the user's customer at the provider, saving a card (setup intent → confirmed payment method → the
 * default card, brand and last four only). Money itself is taken by charges.service (intent, provider call,
 * outcome); `chargeDefaultCard` runs those steps in a row for a charge that buys nothing.
 */

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

/** Whether the user has a default card to charge with the configured provider (the payment-condition and subscription checks use it). */
export async function hasDefaultPaymentMethod(db: Tx, userId: string, deps: Pick<Deps, 'payments'>): Promise<boolean> {
  return !!(await findDefaultPaymentMethod(db, userId, provider(deps)));
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

export async function createSetupIntent(deps: Deps, user: UserRow): Promise<{ id: string; clientSecret: string }> {
  const customerId = await ensureCustomerId(deps, user);
  return deps.payments.createSetupIntent(customerId);
}

/** A payment method id comes from the browser, so the provider is asked whose it is before it is saved. */
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

/**
 * A charge that buys nothing the ledger must activate (tests, tools): the three steps of charges.service in a row.
 * Returns the SUCCEEDED charge; throws `payment_declined` when the provider declines (the FAILED row stays) and
 * `user_missing_stripe_customer` without a saved card (nothing recorded). The same key again answers the first
 * charge, or `payment_declined` again: a retry after a decline needs a new key.
 */
export async function chargeDefaultCard(deps: Deps, request: ChargeRequest): Promise<ChargeRow> {
  const { charge } = await deps.db.transaction((tx) => recordChargeIntent(deps, tx, { ...request, purpose: { type: 'none' } }));
  const final = await settleCharge(deps, charge);
  if (final.status === 'FAILED') throw new AppError('payment_declined');
  return final;
}

/** The user's most recent ledger rows, newest first (admin screens and tests). */
export const listChargesOfUser = (db: Tx, userId: string, limit = 50) =>
  db.select().from(charges).where(eq(charges.userId, userId)).orderBy(desc(charges.createdAt)).limit(limit);
