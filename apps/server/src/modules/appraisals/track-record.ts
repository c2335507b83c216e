import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { MIN_SALES_FOR_TRACK_RECORD, medianDeviationPercent, saleAgainstRange } from '@listwise/domain/appraisal-cost';
import { dollarsToCents } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { propertySales } from '../../db/schema/sales.ts';

/**
 * An agent's track record: how close their appraisals came to the prices their sales through Listwise
 * reached. Fixed when the agent confirms the sale with a price — a seller's claim alone records nothing — from the
 * range of the appraisal the agent sent for that property.
 */

export interface TrackRecord {
  confirmedSales: number;
  salesWithinRange: number;
  medianDeviationPercent: number;
}

/** The columns a confirmation writes: the appraised range and where the price fell in it (all null without one). */
export async function trackRecordOfSale(tx: Tx, sale: { propertyId: string; sellingAgentUserId: string }, salePriceCents: number) {
  const [appraisal] = await tx
    .select({ min: propertyAppraisals.sellingRangeMin, max: propertyAppraisals.sellingRangeMax })
    .from(propertyAppraisals)
    .where(
      and(
        eq(propertyAppraisals.propertyId, sale.propertyId),
        eq(propertyAppraisals.agentUserId, sale.sellingAgentUserId),
        eq(propertyAppraisals.state, 'SUBMITTED'),
      ),
    )
    .limit(1);
  if (!appraisal || appraisal.min === null || appraisal.max === null) {
    return { appraisedRangeMinCents: null, appraisedRangeMaxCents: null, withinAppraisedRange: null, deviationBasisPoints: null };
  }
  const range = { minCents: dollarsToCents(appraisal.min), maxCents: dollarsToCents(appraisal.max) };
  const { withinRange, deviationBasisPoints } = saleAgainstRange(salePriceCents, range);
  return {
    appraisedRangeMinCents: range.minCents,
    appraisedRangeMaxCents: range.maxCents,
    withinAppraisedRange: withinRange,
    deviationBasisPoints,
  };
}

/** Track records of several agents in one query (a DataLoader batch); null below MIN_SALES_FOR_TRACK_RECORD. */
export async function findTrackRecords(db: Tx, agentUserIds: readonly string[]): Promise<(TrackRecord | null)[]> {
  if (agentUserIds.length === 0) return [];
  const rows = await db
    .select({
      agentUserId: propertySales.sellingAgentUserId,
      withinRange: propertySales.withinAppraisedRange,
      deviation: propertySales.deviationBasisPoints,
    })
    .from(propertySales)
    .where(and(inArray(propertySales.sellingAgentUserId, [...agentUserIds]), isNotNull(propertySales.withinAppraisedRange)));
  const byAgent = new Map<string, typeof rows>();
  for (const row of rows) byAgent.set(row.agentUserId, [...(byAgent.get(row.agentUserId) ?? []), row]);
  return agentUserIds.map((id) => {
    const sales = byAgent.get(id) ?? [];
    if (sales.length < MIN_SALES_FOR_TRACK_RECORD) return null;
    return {
      confirmedSales: sales.length,
      salesWithinRange: sales.filter((s) => s.withinRange).length,
      medianDeviationPercent: medianDeviationPercent(sales.map((s) => s.deviation ?? 0)),
    };
  });
}
