import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  cashbackClaims,
  propertySales,
  type CashbackClaimStatus,
  type CashbackClaimRow,
  type PropertySaleRow,
} from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import {
  afterCursor,
  keyedConnection,
  keyOf,
  newestFirst,
  pageSize,
  timeCursor,
  type Connection,
  type PageArgs,
} from '../../lib/pagination.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { emailSellerCashbackPaid, markCashbackClaimPaid as markClaimPaid } from '../sales/cashback.service.ts';
import { unansweredSaleCondition } from '../sales/sale-disputes.service.ts';

/**
 * The console's sales: lists of sales and cashback claims, and marking a claim paid (audit-logged). The operator's
 * commands on lead fees and disputes are the sales module's, which audit-logs them.
 */

// ——— Sales, lead fees and cashback ———

export type SaleFilter = 'ALL' | 'AWAITING_CONFIRMATION' | 'UNANSWERED' | 'CONFIRMED' | 'LEAD_FEE_FAILED' | 'CASHBACK_PAYABLE' | 'DISPUTED';

const saleFilterCondition = (filter: SaleFilter, now: Date): SQL | undefined => {
  switch (filter) {
    case 'AWAITING_CONFIRMATION':
      return and(isNull(propertySales.confirmedAt), isNull(propertySales.disputedAt), isNull(propertySales.disputeSettledAt));
    case 'UNANSWERED':
      return unansweredSaleCondition(now);
    case 'DISPUTED':
      return sql`${propertySales.disputedAt} is not null`;
    case 'CONFIRMED':
      return sql`${propertySales.confirmedAt} is not null`;
    case 'LEAD_FEE_FAILED':
      return eq(propertySales.leadFeeStatus, 'FAILED');
    case 'CASHBACK_PAYABLE':
      return sql`exists (select 1 from ${cashbackClaims} where ${cashbackClaims.propertySaleId} = ${propertySales.id} and ${cashbackClaims.status} = 'PAYABLE')`;
    case 'ALL':
      return undefined;
  }
};

/** Sales as sellers reported them, newest report first. */
export async function listPropertySales(
  db: Tx,
  args: PageArgs & { filter?: SaleFilter | null; now: Date },
): Promise<Connection<PropertySaleRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: propertySales, key: keyOf(propertySales.reportedAt) })
    .from(propertySales)
    .where(and(saleFilterCondition(args.filter ?? 'ALL', args.now), afterCursor(propertySales.reportedAt, propertySales.id, cursor)))
    .orderBy(...newestFirst(propertySales.reportedAt, propertySales.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** Cashback claims, newest first, optionally of one status. */
export async function listCashbackClaims(
  db: Tx,
  args: PageArgs & { status?: CashbackClaimStatus | null },
): Promise<Connection<CashbackClaimRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: cashbackClaims, key: keyOf(cashbackClaims.claimedAt) })
    .from(cashbackClaims)
    .where(
      and(
        args.status ? eq(cashbackClaims.status, args.status) : undefined,
        afterCursor(cashbackClaims.claimedAt, cashbackClaims.id, cursor),
      ),
    )
    .orderBy(...newestFirst(cashbackClaims.claimedAt, cashbackClaims.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/**
 * markCashbackClaimPaid: the operator transferred the cashback. Only a PAYABLE claim (`invalid_state` otherwise: a
 * claim IN_PAYOUT is paid with its batch).
 * Records the paid date and e-mails the seller.
 */
export async function markCashbackClaimPaid(deps: Deps, admin: UserRow, cashbackClaimId: string): Promise<CashbackClaimRow> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const paid = await markClaimPaid(tx, cashbackClaimId, admin.id, now);
    await recordAdminAction(tx, admin, now, {
      action: 'MARK_CASHBACK_PAID',
      targetType: 'CASHBACK_CLAIM',
      targetId: paid.id,
      details: { propertySaleId: paid.propertySaleId, amountCents: paid.amountCents },
    });
    await emailSellerCashbackPaid(deps, tx, paid);
    return paid;
  });
}
