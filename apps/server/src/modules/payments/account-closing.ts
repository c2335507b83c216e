import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { taxInvoices } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOpenChargesOfUser } from './charges.service.ts';

/**
 * The payments module's part of closing an account.
 *
 * Closing is refused while a charge has no outcome yet (`charge_in_progress`): the provider may still take the
 * money, and what it buys (a subscription, a renewal) must be recorded, or refunded, against an account that still
 * exists. The reconciler settles every such charge within minutes, so the user is told to try again shortly.
 */
export async function assertNoChargeInProgress(tx: Tx, userId: string): Promise<void> {
  const [open] = await findOpenChargesOfUser(tx, userId).limit(1);
  if (open) throw new AppError('charge_in_progress');
}

/**
 * Inside the closing transaction: a tax invoice must name the buyer (kept) but the e-mail it was sent to is not part
 * of it. Charges stay: they are the ledger. Saved cards go after the commit (`closePaymentsForAccount`, card-detaching.ts), once the
 * provider has detached each.
 */
export async function closePaymentsOfUser(tx: Tx, userId: string): Promise<void> {
  await tx.update(taxInvoices).set({ customerEmail: null }).where(eq(taxInvoices.userId, userId));
}
