import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';

/** Claims whose cashback is still on its way: the bank details are needed to pay it. */
const OPEN_CLAIM_STATUSES = ['PENDING_CONFIRMATION', 'AWAITING_LEAD_FEE', 'PAYABLE', 'IN_PAYOUT', 'DISPUTED'] as const;

/**
 * The sales module's part of closing an account. Refused while a sale is not settled (`sale_awaiting_confirmation`):
 * the agent's confirmation, the lead fee and the cashback payment all still need the account.
 */
export async function assertNoUnsettledSale(tx: Tx, user: UserRow): Promise<void> {
  if (user.userType === 'SELLER') {
    const [open] = await tx
      .select({ id: cashbackClaims.id })
      .from(cashbackClaims)
      .where(and(eq(cashbackClaims.sellerUserId, user.id), inArray(cashbackClaims.status, [...OPEN_CLAIM_STATUSES])))
      .limit(1);
    const [unconfirmed] = await tx
      .select({ id: propertySales.id })
      .from(propertySales)
      .where(and(eq(propertySales.sellerUserId, user.id), isNull(propertySales.confirmedAt), isNull(propertySales.disputeSettledAt)))
      .limit(1);
    if (open || unconfirmed) throw new AppError('sale_awaiting_confirmation');
  }
  if (user.userType === 'AGENT') {
    // A sale waiting for this agent's confirmation, or a lead fee still to collect from their card.
    const [open] = await tx
      .select({ id: propertySales.id })
      .from(propertySales)
      .where(
        and(
          eq(propertySales.sellingAgentUserId, user.id),
          or(
            and(isNull(propertySales.confirmedAt), isNull(propertySales.disputeSettledAt)),
            inArray(propertySales.leadFeeStatus, ['PENDING', 'FAILED']),
          ),
        ),
      )
      .limit(1);
    if (open) throw new AppError('sale_awaiting_confirmation');
  }
}

/** Bank details: the ciphertexts go; a paid claim keeps its masked BSB and account as the record of the payment. */
export async function eraseBankDetailsOfSeller(tx: Tx, sellerUserId: string): Promise<void> {
  await tx
    .update(cashbackClaims)
    .set({ bsbEncrypted: '', accountNumberEncrypted: '', accountNameEncrypted: null })
    .where(eq(cashbackClaims.sellerUserId, sellerUserId));
}
