import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  PUBLIC_FIGURES_WINDOW_MONTHS,
  MIN_APPRAISALS_FOR_RESPONSE_TIME,
  comparePublicAgents,
  type PublicAgentFigures,
} from '@listwise/domain/public-pages';
import type { Tx } from '../../db/client.ts';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findTrackRecords } from '../appraisals/track-record.ts';
import { liveSubscription } from '../../db/live-subscription.ts';
import type { SuburbRow } from '../../db/schema/suburbs.ts';
import { theRow } from '../../lib/rows.ts';
import {
  completeProfile,
  findPublicAgentIds,
  isPublicAgent,
  mayBeAskedBySellers,
  servesWithLiveSubscription,
  verifiedLicence,
} from '../agents/public-agent.ts';

export { findPublicAgentIds, isPublicAgent };

/**
 * Who the public pages show and with what figures. An agent is public only while all of these hold:
 * they turned their profile on, an operator verified their licence (not expired, not suspended), their profile is complete (as the agent picker
 * requires) and at least one suburb subscription is live. A suburb page shows the public agents with a live
 * subscription for that suburb. Every figure is read through an index (docs/decisions/0014-public-pages.md):
 * nothing here reads a suburb's or an agent's requests one by one.
 */

export type AgentProfileRow = typeof agentProfiles.$inferSelect;

export interface PublicAgent {
  profile: AgentProfileRow;
  licenceState: string;
  licenceNumber: string;
  licenceVerifiedAt: Date | null;
  figures: PublicAgentFigures;
}

/** A time column within the public figures' window: the last PUBLIC_FIGURES_WINDOW_MONTHS months up to `now`. */
export function inPublicFiguresWindow(column: AnyColumn, now: Date): SQL {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - PUBLIC_FIGURES_WINDOW_MONTHS);
  return sql`${column} > ${since} and ${column} <= ${now}`;
}

/**
 * The public figures of several agents in two queries: appraisals sent in the last 12 months with the median time
 * from request to appraisal (on `property_appraisals_agent_sent_idx`, joining each appraisal's own request by key),
 * and the track record kept on confirmed sales (appraisals/track-record.ts).
 */
export async function findPublicFigures(db: Tx, agentUserIds: readonly string[], now: Date): Promise<Map<string, PublicAgentFigures>> {
  const figures = new Map<string, PublicAgentFigures>();
  if (!agentUserIds.length) return figures;
  const a = propertyAppraisals;
  const r = propertyAppraisalRequests;
  const sentQuery = db
    .select({
      agentUserId: a.agentUserId,
      count: sql<number>`count(*)::int`,
      medianMinutes: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${a.sentAt} - ${r.requestedAt})) / 60)`,
    })
    .from(a)
    .innerJoin(r, eq(r.id, a.appraisalRequestId))
    .where(and(inArray(a.agentUserId, [...agentUserIds]), eq(a.state, 'SUBMITTED'), inPublicFiguresWindow(a.sentAt, now)))
    .groupBy(a.agentUserId);
  // Two reads of different tables: side by side, not one after the other.
  const [sent, trackRecords] = await Promise.all([sentQuery, findTrackRecords(db, agentUserIds)]);
  agentUserIds.forEach((id, i) => {
    const row = sent.find((s) => s.agentUserId === id);
    const count = row?.count ?? 0;
    figures.set(id, {
      appraisalsSentLast12Months: count,
      medianResponseMinutes: count >= MIN_APPRAISALS_FOR_RESPONSE_TIME && row?.medianMinutes != null ? Number(row.medianMinutes) : null,
      trackRecord: trackRecords[i] ?? null,
    });
  });
  return figures;
}

async function withFigures(
  db: Tx,
  rows: { profile: AgentProfileRow; licenceState: string; licenceNumber: string; licenceVerifiedAt: Date | null }[],
  now: Date,
) {
  const figures = await findPublicFigures(
    db,
    rows.map((r) => r.profile.userId),
    now,
  );
  return rows.map((row) => ({ ...row, figures: figures.get(row.profile.userId)! }));
}

const publicAgentColumns = {
  profile: agentProfiles,
  licenceState: agentLicences.state,
  licenceNumber: agentLicences.number,
  licenceVerifiedAt: agentLicences.verifiedAt,
};

/** The public agents serving a suburb, in the order /how-we-rank describes (never by what they pay). */
export async function findRankedAgentsForSuburb(db: Tx, suburbId: number, now: Date): Promise<PublicAgent[]> {
  const rows = await db
    .select(publicAgentColumns)
    .from(agentProfiles)
    .innerJoin(agentLicences, eq(agentLicences.agentUserId, agentProfiles.userId))
    .where(isPublicAgent(now, suburbId))
    // A suburb holds at most subscribed_agents_max live subscriptions (5 by default); the limit only guards.
    .limit(100);
  const agents = await withFigures(db, rows, now);
  return agents.sort((x, y) =>
    comparePublicAgents(
      { ...x.figures, name: x.profile.name, id: x.profile.userId },
      { ...y.figures, name: y.profile.name, id: y.profile.userId },
    ),
  );
}

/** A public agent by the id ending their slug; null when there is none or the agent is not public now. */
export async function findPublicAgentByPublicId(db: Tx, publicId: string, now: Date): Promise<PublicAgent | null> {
  const [row] = await db
    .select(publicAgentColumns)
    .from(agentProfiles)
    .innerJoin(agentLicences, eq(agentLicences.agentUserId, agentProfiles.userId))
    .where(and(eq(agentProfiles.publicId, publicId), isPublicAgent(now)))
    .limit(1);
  if (!row) return null;
  const agent = await withFigures(db, [row], now).then(theRow);
  return agent;
}

/** The suburbs an agent serves now (live subscriptions), by name. */
export async function findServedSuburbs(db: Tx, agentUserId: string, now: Date): Promise<SuburbRow[]> {
  const s = suburbSubscriptions;
  const rows = await db
    .selectDistinct({ suburb: suburbs })
    .from(s)
    .innerJoin(suburbs, eq(suburbs.id, s.suburbId))
    .where(and(eq(s.agentUserId, agentUserId), liveSubscription(now)))
    .orderBy(asc(suburbs.name), asc(suburbs.postcode));
  return rows.map((r) => r.suburb);
}

export interface SuburbWithAgents {
  suburb: SuburbRow;
  agentCount: number;
  /** When the page last changed in substance: the latest licence check or subscription start of its public agents. */
  lastChangedAt: Date;
}

/**
 * Suburbs that have at least one public agent, with how many, in one state or all of them: the sitemap's suburb pages
 * (a suburb page without a public profile is not indexed). One pass over the live subscriptions of public agents.
 */
export async function findSuburbsWithPublicAgents(db: Tx, now: Date, state?: string): Promise<SuburbWithAgents[]> {
  const s = suburbSubscriptions;
  const rows = await db
    .select({
      suburb: suburbs,
      agentCount: sql<number>`count(distinct ${s.agentUserId})::int`,
      lastChangedAt: sql<Date>`max(greatest(${s.startsAt}, ${agentLicences.verifiedAt}))`.mapWith(agentLicences.verifiedAt),
    })
    .from(s)
    .innerJoin(agentProfiles, eq(agentProfiles.userId, s.agentUserId))
    .innerJoin(agentLicences, eq(agentLicences.agentUserId, s.agentUserId))
    .innerJoin(suburbs, eq(suburbs.id, s.suburbId))
    .where(
      and(
        liveSubscription(now),
        state ? eq(suburbs.state, state) : undefined,
        eq(agentProfiles.publicProfileVisible, true),
        completeProfile,
        verifiedLicence(now),
      ),
    )
    .groupBy(suburbs.id)
    .orderBy(asc(suburbs.state), asc(suburbs.name), asc(suburbs.postcode));
  return rows;
}

/** Every public agent's slug parts, for the sitemap, with when the licence was last checked (the profile's lastmod). */
export async function findAllPublicAgents(db: Tx, now: Date) {
  return db
    .select({ name: agentProfiles.name, publicId: agentProfiles.publicId, licenceVerifiedAt: agentLicences.verifiedAt })
    .from(agentProfiles)
    .innerJoin(agentLicences, eq(agentLicences.agentUserId, agentProfiles.userId))
    .where(isPublicAgent(now))
    .orderBy(asc(agentProfiles.publicId));
}

/** How long a server keeps the list of suburbs that have a public agent (a CDN keeps the pages an hour). */
export const PUBLIC_SUBURBS_MEMO_MS = 60_000;

/**
 * The suburbs that have a public agent, read at most once a minute per server. Every suburb page lists the nearest
 * of them, and finding the set takes the live subscriptions of every public agent (20 to 30 ms at a million rows,
 * most of a page's time); a suburb that gains or loses its only public agent shows in other suburbs' 'nearest'
 * lists within the minute. Kept per database handle, so two test servers never share it. The moment it was read
 * is the server clock's, so moving the clock (as tests and the e2e server do) also renews it.
 */
const publicSuburbsMemo = new WeakMap<object, { readAt: number; suburbs: Promise<SuburbRow[]> }>();
function suburbsWithPublicAgents(db: Tx, now: Date): Promise<SuburbRow[]> {
  const held = publicSuburbsMemo.get(db);
  const age = held ? now.getTime() - held.readAt : Infinity;
  if (held && age >= 0 && age < PUBLIC_SUBURBS_MEMO_MS) return held.suburbs;
  const s = suburbSubscriptions;
  const read = db
    .select({ suburb: suburbs })
    .from(suburbs)
    .where(
      inArray(
        suburbs.id,
        db
          .selectDistinct({ suburbId: s.suburbId })
          .from(s)
          .innerJoin(agentProfiles, eq(agentProfiles.userId, s.agentUserId))
          .where(and(liveSubscription(now), eq(agentProfiles.publicProfileVisible, true), completeProfile, verifiedLicence(now))),
      ),
    )
    .then((rows) => rows.map((r) => r.suburb));
  publicSuburbsMemo.set(db, { readAt: now.getTime(), suburbs: read });
  read.catch(() => publicSuburbsMemo.delete(db));
  return read;
}

/** Equirectangular distance in km: exact enough to order suburbs a few hundred kilometres apart. */
const distanceKm = (from: Pick<SuburbRow, 'latitude' | 'longitude'>, to: Pick<SuburbRow, 'latitude' | 'longitude'>) => {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dx = radians(to.longitude - from.longitude) * Math.cos(radians(from.latitude));
  return 6371 * Math.sqrt(radians(to.latitude - from.latitude) ** 2 + dx ** 2);
};

/**
 * The nearest suburbs (other than this one) with agents: public agents for the public pages (from the minute's
 * list above, ordered here), or any agent the picker would offer for the wizard's count (one query: the suburbs
 * that have such an agent come from the live subscriptions, and only those are ordered by distance). An earlier
 * version probed widening bands of latitude and recomputed the same set for every band.
 */
export async function findNearestSuburbsWithAgents(
  db: Tx,
  suburb: Pick<SuburbRow, 'id' | 'latitude' | 'longitude'>,
  now: Date,
  options: { limit: number; publicOnly: boolean; maxDistanceKm?: number },
): Promise<(SuburbRow & { distanceKm: number })[]> {
  if (options.publicOnly) {
    return (await suburbsWithPublicAgents(db, now))
      .filter((other) => other.id !== suburb.id)
      .map((other) => ({ ...other, distanceKm: distanceKm(suburb, other) }))
      .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id)
      .slice(0, options.limit);
  }
  const s = suburbSubscriptions;
  const suburbsWithAgents = db
    .selectDistinct({ suburbId: s.suburbId })
    .from(s)
    .innerJoin(agentProfiles, eq(agentProfiles.userId, s.agentUserId))
    .where(and(liveSubscription(now), mayBeAskedBySellers(now, sql`${s.suburbId}`)));
  const distance = sql<number>`6371 * sqrt(power(radians(${suburbs.latitude} - ${suburb.latitude}), 2)
    + power(radians(${suburbs.longitude} - ${suburb.longitude}) * cos(radians(${suburb.latitude})), 2))`;
  const rows = await db
    .select({ suburb: suburbs, distanceKm: distance })
    .from(suburbs)
    .where(
      and(
        inArray(suburbs.id, suburbsWithAgents),
        sql`${suburbs.id} <> ${suburb.id}`,
        options.maxDistanceKm === undefined ? undefined : sql`${distance} <= ${options.maxDistanceKm}`,
      ),
    )
    .orderBy(distance, asc(suburbs.id))
    .limit(options.limit);
  return rows.map((r) => ({ ...r.suburb, distanceKm: r.distanceKm }));
}

/** How many agents a seller can ask in a suburb now (`mayBeAskedBySellers`): the wizard's and the public pages' count. */
export async function countAgentsServingSuburb(db: Tx, suburbId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(agentProfiles)
    .where(mayBeAskedBySellers(now, suburbId));
  return row?.count ?? 0;
}

/**
 * The suburbs where a seller can ask an agent now, with how many they can ask (`mayBeAskedBySellers`, the count the
 * wizard shows), in one state or all of them: the state pages. One pass over the live subscriptions.
 */
export async function findSuburbsWithAgentsToAsk(db: Tx, now: Date, state?: string): Promise<{ suburb: SuburbRow; agentCount: number }[]> {
  const s = suburbSubscriptions;
  return db
    .select({ suburb: suburbs, agentCount: sql<number>`count(distinct ${s.agentUserId})::int` })
    .from(s)
    .innerJoin(agentProfiles, eq(agentProfiles.userId, s.agentUserId))
    .innerJoin(suburbs, eq(suburbs.id, s.suburbId))
    .where(and(liveSubscription(now), state ? eq(suburbs.state, state) : undefined, mayBeAskedBySellers(now, sql`${s.suburbId}`)))
    .groupBy(suburbs.id)
    .orderBy(asc(suburbs.state), asc(suburbs.name), asc(suburbs.postcode));
}

/** Why a public profile is not shown although its agent may have turned it on: each condition of `isPublicAgent`. */
export const PUBLIC_PROFILE_HIDDEN_REASONS = ['TURNED_OFF', 'PROFILE_INCOMPLETE', 'LICENCE_NOT_VERIFIED', 'NO_LIVE_SUBSCRIPTION'] as const;
export type PublicProfileHiddenReason = (typeof PUBLIC_PROFILE_HIDDEN_REASONS)[number];

/**
 * What keeps an agent's profile off the public pages now, checked with the same conditions as `isPublicAgent`
 * (one query, each condition a column), so Profile Settings can tell the agent what to do. Empty when it is shown.
 */
export async function findPublicProfileHiddenReasons(db: Tx, agentUserId: string, now: Date): Promise<PublicProfileHiddenReason[]> {
  const [row] = await db
    .select({
      turnedOn: agentProfiles.publicProfileVisible,
      complete: sql<boolean>`${completeProfile}`,
      verified: sql<boolean>`${verifiedLicence(now)}`,
      subscribed: sql<boolean>`${servesWithLiveSubscription(now)}`,
    })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, agentUserId));
  if (!row) return ['PROFILE_INCOMPLETE'];
  const reasons: PublicProfileHiddenReason[] = [];
  if (!row.turnedOn) reasons.push('TURNED_OFF');
  if (!row.complete) reasons.push('PROFILE_INCOMPLETE');
  if (!row.verified) reasons.push('LICENCE_NOT_VERIFIED');
  if (!row.subscribed) reasons.push('NO_LIVE_SUBSCRIPTION');
  return reasons;
}

/** `setAgentPublicProfileVisible`: the agent shows or hides their public profile. */
export async function setAgentPublicProfileVisible(deps: Deps, user: UserRow, visible: boolean): Promise<AgentProfileRow> {
  if (typeof visible !== 'boolean') throw new AppError('validation_failed', 'visible');
  const [profile] = await deps.db
    .update(agentProfiles)
    .set({ publicProfileVisible: visible })
    .where(eq(agentProfiles.userId, user.id))
    .returning();
  if (!profile) throw new AppError('not_found');
  return profile;
}
