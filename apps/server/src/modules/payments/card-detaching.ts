import { eq, isNotNull } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { paymentCustomers, paymentMethods } from '../../db/schema/payments.ts';
import type { Deps } from '../../deps.ts';

/**
 * The payments part of closing an account that calls out: every saved card is detached at the provider (it can
 * never be charged again) and forgotten here, with the account's customer reference. Runs after the account's
 * closing committed (no provider call inside a transaction), card by card: a card is forgotten only once the
 * provider has detached it, so a failure (the provider unreachable) leaves it for the reconciler's next run, which
 * finishes every closed account still holding cards. The ledger and tax invoices stay: the law has us keep them.
 */
export async function closePaymentsForAccount(deps: Deps, userId: string): Promise<void> {
  const saved = await deps.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
  for (const card of saved) {
    // A card of another provider (the test gateway's, in a deployment since moved to Stripe) is not this one's to detach.
    if (card.provider === deps.payments.provider) await deps.payments.detachPaymentMethod(card.providerPaymentMethodId);
    await deps.db.delete(paymentMethods).where(eq(paymentMethods.id, card.id));
  }
  await deps.db.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
}

/** Closed accounts whose cards are still saved (a closing interrupted before its cards were detached). */
export async function closePaymentsOfClosedAccounts(deps: Deps, limit: number) {
  const left = await deps.db
    .selectDistinct({ userId: paymentMethods.userId })
    .from(paymentMethods)
    .innerJoin(users, eq(users.id, paymentMethods.userId))
    .where(isNotNull(users.deletedAt))
    .limit(limit);
  for (const { userId } of left) {
    await closePaymentsForAccount(deps, userId).catch((error: unknown) =>
      deps.logger.warn({ err: error, userId }, 'closing an account: its cards were not detached; will try again'),
    );
  }
}
