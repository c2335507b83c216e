import { and, asc, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { nearbySuburbs, suburbs } from '../../db/schema/suburbs.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { isIntegerId } from '../../lib/ids.ts';
import { liveSubscription } from '../../db/live-subscription.ts';
import type { SuburbRow } from '../../db/schema/suburbs.ts';

/** Suburb look-ups: by id, by a places result (name and state candidates), and prefix search for pickers. */

/** Ids no integer column can hold (a client's 2147483648) match no suburb rather than fail in Postgres. */
export const findSuburbsByIds = (db: Tx, ids: number[]) => {
  const valid = ids.filter(isIntegerId);
  return valid.length ? db.select().from(suburbs).where(inArray(suburbs.id, valid)) : Promise.resolve([] as SuburbRow[]);
};

/** Escapes LIKE wildcards so user input matches literally. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Prefix search by name (case-insensitive) or, for digits, by postcode; ordered for a picker. */
export async function searchSuburbs(db: Tx, query: string, limit: number): Promise<SuburbRow[]> {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const where = /^\d+$/.test(q) ? like(suburbs.postcode, likePrefix(q)) : like(suburbs.searchName, likePrefix(q));
  return db
    .select()
    .from(suburbs)
    .where(where)
    .orderBy(asc(suburbs.searchName), asc(suburbs.postcode))
    .limit(Math.min(Math.max(limit, 1), 50));
}

/**
 * The suburb matching a places result: any of the (name, state) candidates, narrowed by state when given.
 * An exact postcode match wins; otherwise the earliest candidate in the list (places results list the most
 * specific locality first), then the lowest postcode, so the same input always gives the same suburb.
 */
export async function getSuburbFromSearch(
  db: Tx,
  input: { suburbs: { name: string; state?: string | null }[]; state?: string | null; postcode?: string | null },
): Promise<SuburbRow | null> {
  const names = input.suburbs
    .map((s) => ({ name: s.name.trim().toLowerCase(), state: s.state ?? input.state ?? null }))
    .filter((s) => s.name);
  if (!names.length) return null;
  const matchesName = or(
    ...names.map((s) => (s.state ? and(eq(suburbs.searchName, s.name), eq(suburbs.state, s.state)) : eq(suburbs.searchName, s.name))),
  );
  const conditions = [matchesName];
  if (input.state) conditions.push(eq(suburbs.state, input.state));
  const rows = await db
    .select()
    .from(suburbs)
    .where(and(...conditions))
    .orderBy(asc(suburbs.postcode), asc(suburbs.id))
    .limit(100);
  const postcode = input.postcode?.trim();
  const samePostcode = postcode ? rows.filter((r) => r.postcode === postcode) : [];
  const pool = samePostcode.length ? samePostcode : rows;
  const rank = (row: SuburbRow) => names.findIndex((n) => n.name === row.searchName && (!n.state || n.state === row.state));
  return pool.reduce<SuburbRow | null>((best, row) => (best === null || rank(row) < rank(best) ? row : best), null);
}

export async function findNearbySuburbs(db: Tx, suburbIds: readonly number[]) {
  if (!suburbIds.length) return [];
  return db
    .select({ suburbId: nearbySuburbs.suburbId, suburb: suburbs })
    .from(nearbySuburbs)
    .innerJoin(suburbs, eq(suburbs.id, nearbySuburbs.nearbySuburbId))
    .where(inArray(nearbySuburbs.suburbId, [...suburbIds]))
    .orderBy(asc(nearbySuburbs.distanceKm));
}

/** Live subscriptions per suburb: not cancelled and not lapsed. */
export async function countLiveSubscriptions(db: Tx, suburbIds: readonly number[], now: Date) {
  if (!suburbIds.length) return new Map<number, number>();
  const rows = await db
    .select({ suburbId: suburbSubscriptions.suburbId, count: sql<number>`count(*)::int` })
    .from(suburbSubscriptions)
    .where(and(inArray(suburbSubscriptions.suburbId, [...suburbIds]), liveSubscription(now)))
    .groupBy(suburbSubscriptions.suburbId);
  return new Map(rows.map((r) => [r.suburbId, r.count]));
}

/** Suburb demand looks back this many days. */
export const DEMAND_WINDOW_DAYS = 90;
/** Fewer published listings than this are not counted out loud, so no single seller can be singled out. */
export const DEMAND_MIN_LISTINGS = 3;

/**
 * Listings published in each suburb in the last 90 days: one query for a page of suburbs, on the
 * partial index of published properties. Counts under DEMAND_MIN_LISTINGS come back as null.
 * An index-only count of the window's range (list-plans.test.ts checks the plan) rather than a maintained
 * counter: it reads one index entry per listing of the suburb's last 90 days (a dozen at a million requests), no
 * table row, and a counter of a sliding window would need a row per suburb and day kept right by publishing,
 * withdrawing and deleting alike.
 */
export async function countRecentListings(db: Tx, suburbIds: readonly number[], now: Date): Promise<Map<number, number | null>> {
  if (!suburbIds.length) return new Map();
  const since = new Date(now.getTime() - DEMAND_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({ suburbId: properties.suburbId, count: sql<number>`count(*)::int` })
    .from(properties)
    .where(and(inArray(properties.suburbId, [...suburbIds]), gt(properties.submittedAt, since)))
    .groupBy(properties.suburbId);
  const counts = new Map<number, number | null>(rows.map((r) => [r.suburbId!, r.count >= DEMAND_MIN_LISTINGS ? r.count : null]));
  return counts;
}

/**
 * Sellers waiting for an agent in each suburb: sellers with a live listing there that no agent
 * has been asked about, because none served the suburb when they listed or they chose none (the seller's 'Looking
 * for agents'). Listings held for the seller's verification have agents chosen, so they do not count. What tells an
 * agent a suburb has sellers to serve today, beside its recent listings. A count with no address in it, so it is
 * given as it is. One query for a page of suburbs, index-only (list-plans.test.ts checks the plan).
 */
export async function countSellersWaitingForAgent(db: Tx, suburbIds: readonly number[]): Promise<Map<number, number>> {
  if (!suburbIds.length) return new Map();
  const rows = await db
    .select({ suburbId: properties.suburbId, count: sql<number>`count(distinct ${properties.sellerUserId})::int` })
    .from(properties)
    .where(
      and(
        inArray(properties.suburbId, [...suburbIds]),
        // The partial index's own predicate, so the planner reads it.
        sql`${properties.state} = 'ACTIVE' and ${properties.heldAgentUserIds} = '{}'::uuid[]`,
        sql`not exists (select 1 from ${propertyAppraisalRequests} where ${propertyAppraisalRequests.propertyId} = ${properties.id})`,
      ),
    )
    .groupBy(properties.suburbId);
  return new Map(rows.map((r) => [r.suburbId!, r.count]));
}
