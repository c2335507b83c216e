import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { MIN_PROPERTIES_FOR_SUBURB_EVIDENCE } from '@listwise/domain/public-pages';
import type { Tx } from '../../db/client.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { propertySales } from '../../db/schema/sales.ts';
import { inPublicFiguresWindow } from './public-agents.service.ts';

/**
 * A suburb's own market evidence from Listwise's records, figures no portal has: how many appraisal requests its
 * sellers made, the median range agents appraised, and how confirmed sales landed against their appraisals. Each
 * figure is over the last PUBLIC_FIGURES_WINDOW_MONTHS months and shows only when it covers at least
 * MIN_PROPERTIES_FOR_SUBURB_EVIDENCE properties, so no figure can be traced back to one seller (null otherwise).
 * Only counts and medians leave here: never an address, a seller or one property's price.
 */
export interface SuburbEvidence {
  requests: { count: number; properties: number } | null;
  /** The medians of the appraised ranges' low and high ends, in dollars. */
  appraisedRange: { medianMinDollars: number; medianMaxDollars: number; properties: number } | null;
  sales: { confirmed: number; withinRange: number; above: number; below: number } | null;
}

const enough = (properties: number) => properties >= MIN_PROPERTIES_FOR_SUBURB_EVIDENCE;

export async function findSuburbEvidence(db: Tx, suburbId: number, now: Date): Promise<SuburbEvidence> {
  const r = propertyAppraisalRequests;
  const a = propertyAppraisals;
  const s = propertySales;
  const [requests, ranges, sales] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int`, properties: sql<number>`count(distinct ${r.propertyId})::int` })
      .from(r)
      .innerJoin(properties, eq(properties.id, r.propertyId))
      .where(and(eq(properties.suburbId, suburbId), inPublicFiguresWindow(r.requestedAt, now))),
    db
      .select({
        properties: sql<number>`count(distinct ${a.propertyId})::int`,
        medianMin: sql<number | null>`percentile_cont(0.5) within group (order by ${a.sellingRangeMin})`,
        medianMax: sql<number | null>`percentile_cont(0.5) within group (order by ${a.sellingRangeMax})`,
      })
      .from(a)
      .innerJoin(properties, eq(properties.id, a.propertyId))
      .where(
        and(
          eq(properties.suburbId, suburbId),
          eq(a.state, 'SUBMITTED'),
          isNotNull(a.sellingRangeMin),
          isNotNull(a.sellingRangeMax),
          inPublicFiguresWindow(a.sentAt, now),
        ),
      ),
    db
      .select({
        confirmed: sql<number>`count(*)::int`,
        withinRange: sql<number>`count(*) filter (where ${s.withinAppraisedRange})::int`,
        above: sql<number>`count(*) filter (where ${s.salePriceCents} > ${s.appraisedRangeMaxCents})::int`,
        below: sql<number>`count(*) filter (where ${s.salePriceCents} < ${s.appraisedRangeMinCents})::int`,
      })
      .from(s)
      .innerJoin(properties, eq(properties.id, s.propertyId))
      .where(and(eq(properties.suburbId, suburbId), isNotNull(s.withinAppraisedRange), inPublicFiguresWindow(s.confirmedAt, now))),
  ]);
  const req = requests[0];
  const range = ranges[0];
  const sold = sales[0];
  return {
    requests: req && enough(req.properties) ? { count: req.count, properties: req.properties } : null,
    appraisedRange:
      range && enough(range.properties) && range.medianMin !== null && range.medianMax !== null
        ? { medianMinDollars: Number(range.medianMin), medianMaxDollars: Number(range.medianMax), properties: range.properties }
        : null,
    // One sale per property: the count of sales is the count of properties.
    sales: sold && enough(sold.confirmed) ? sold : null,
  };
}
