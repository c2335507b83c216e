import { and, eq, sql } from 'drizzle-orm';
import { dollarsToCents } from '@listwise/domain/pricing';
import { confirmPropertySaleSchema, contractDateProblem } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { getLeadFee } from '../settings/settings.service.ts';
import { trackRecordOfSale } from '../appraisals/track-record.ts';
import { theRow } from '../../lib/rows.ts';
import type { CashbackClaimStatus, PropertySaleRow } from '../../db/schema/sales.ts';
import { collectLeadFee, recordLeadFeeIntent, reloadSale, retryLeadFee } from './lead-fees.service.ts';
import { contractDateBounds } from './sale-dates.ts';

/** The agent's confirmation of a sale the seller reported: price and contract date, then the lead fee. */

// ——— The agent's confirmation ———

/** The sale if it names this agent as the selling agent, else `not_found`. */
export async function getAgentPropertySale(
  db: Tx,
  agentUserId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PropertySaleRow> {
  if (!isUuid(id)) throw notFound();
  const query = db
    .select()
    .from(propertySales)
    .where(and(eq(propertySales.id, id), eq(propertySales.sellingAgentUserId, agentUserId)));
  const [sale] = options.lock ? await query.for('update') : await query;
  if (!sale) throw notFound();
  return sale;
}

/**
 * Records a sale as confirmed, in the caller's transaction: the price and the contract date (checked against the
 * listing's dates), the track record, the lead fee of the day (fixed now, whatever the settings say later) as
 * PENDING, one more engagement for the selling agent's badge, and the seller's cashback moved from `claimFrom` to
 * AWAITING_LEAD_FEE (payable once the fee is collected or waived). The agent's confirmation and an operator's
 * 'the sale stands' both end here; `extra` is what the caller records with it (the settlement).
 */
export async function recordSaleConfirmed(
  tx: Tx,
  sale: PropertySaleRow,
  values: { salePrice: number; contractDate: string },
  options: { now: Date; claimFrom: CashbackClaimStatus; extra?: Partial<typeof propertySales.$inferInsert> },
): Promise<PropertySaleRow> {
  const { now } = options;
  const problem = contractDateProblem(values.contractDate, await contractDateBounds(tx, sale, now));
  if (problem) throw new AppError(problem, 'contractDate');
  const salePriceCents = dollarsToCents(values.salePrice);
  const confirmed = await tx
    .update(propertySales)
    .set({
      ...options.extra,
      confirmedAt: now,
      salePriceCents,
      ...(await trackRecordOfSale(tx, sale, salePriceCents)),
      contractDate: values.contractDate,
      leadFeeStatus: 'PENDING',
      leadFeeAttempts: 1,
      leadFeeLastAttemptAt: now,
      leadFeeCents: (await getLeadFee(tx)).includingGstCents,
    })
    .where(eq(propertySales.id, sale.id))
    .returning()
    .then(theRow);
  await tx
    .update(agentProfiles)
    .set({ numberOfEngagements: sql`${agentProfiles.numberOfEngagements} + 1` })
    .where(eq(agentProfiles.userId, sale.sellingAgentUserId));
  await tx
    .update(cashbackClaims)
    .set({ status: 'AWAITING_LEAD_FEE' })
    .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, options.claimFrom)));
  return confirmed;
}

/**
 * A declined card leaves the sale confirmed, so confirming again never counts twice: it only retries the declined
 * fee, which lets an agent who has fixed their card settle it.
 */
export async function confirmPropertySale(
  deps: Deps,
  agent: UserRow,
  input: { id: string; salePrice: number; contractDate: string },
): Promise<PropertySaleRow> {
  const values = parseInput(confirmPropertySaleSchema, { salePrice: input.salePrice, contractDate: input.contractDate });
  const outcome = await deps.db.transaction(async (tx) => {
    const sale = await getAgentPropertySale(tx, agent.id, input.id, { lock: true });
    // A disputed sale waits for an operator; one they settled as standing is confirmed, and its fee can be paid; one
    // they settled as void is over.
    if ((sale.disputedAt && !sale.confirmedAt) || sale.disputeSettlement === 'SALE_VOID') throw new AppError('invalid_state');
    if (sale.confirmedAt) return { sale, isFirst: false };
    const confirmed = await recordSaleConfirmed(tx, sale, values, { now: deps.clock.now(), claimFrom: 'PENDING_CONFIRMATION' });
    return { sale: confirmed, isFirst: true, charge: await recordLeadFeeIntent(deps, tx, confirmed) };
  });
  // The seller is invited to review the selling agent right away (modules/reviews; the job's schedule catches a failed send).
  if (outcome.isFirst) await deps.jobs.send(QUEUES.reviewInvitations, {}).catch(() => undefined);
  if (outcome.isFirst) return collectLeadFee(deps, outcome.sale.id, outcome.charge ?? null);
  if (outcome.sale.leadFeeStatus !== 'FAILED') return outcome.sale;
  try {
    return await retryLeadFee(deps, outcome.sale.id);
  } catch (error) {
    // Another retry started first: its outcome is the answer.
    if (error instanceof AppError && error.code === 'invalid_state') return reloadSale(deps.db, outcome.sale.id);
    throw error;
  }
}
