import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { suburbLabel } from '@listwise/domain/address-line';
import { subscribedAgentsMaxSchema } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { countLiveSubscriptions } from '../suburbs/suburbs.service.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isIntegerId, isUuid } from '../../lib/ids.ts';
import {
  afterCursor,
  decodeCursor,
  keyedConnection,
  keyOf,
  newestFirst,
  pageSize,
  timeCursor,
  toConnection,
  type Connection,
  type PageArgs,
} from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { theRow } from '../../lib/rows.ts';
import type { SuburbSubscriptionRow } from '../../db/schema/subscriptions.ts';
import type { SuburbRow } from '../../db/schema/suburbs.ts';
import { likePrefix } from './admin.service.ts';

/** The console's suburbs: their maximum of subscribed agents, and every subscription with the operator's changes to it. */

// ——— Suburbs and subscriptions ———

/**
 * Suburbs by name or postcode prefix, alphabetically; with no search, the suburbs that have had any
 * subscription (the ones an operator manages). Keyset on (search_name, id).
 */
export async function listSuburbs(db: Tx, args: PageArgs & { search?: string | null }): Promise<Connection<SuburbRow>> {
  const first = pageSize(args.first);
  const cursor = decodeCursor(args.after);
  const cursorId = cursor ? Number(cursor.id) : null;
  if (cursor && !isIntegerId(cursorId)) throw new AppError('validation_failed', 'after');
  const search = (args.search ?? '').trim().toLowerCase().slice(0, 100);
  const matches = search
    ? /^\d+$/.test(search)
      ? like(suburbs.postcode, likePrefix(search))
      : like(suburbs.searchName, likePrefix(search))
    : sql`exists (select 1 from ${suburbSubscriptions} where ${suburbSubscriptions.suburbId} = ${suburbs.id})`;
  const rows = await db
    .select()
    .from(suburbs)
    .where(and(matches, cursor ? sql`(${suburbs.searchName}, ${suburbs.id}) > (${cursor.sortKey}, ${cursorId})` : undefined))
    .orderBy(asc(suburbs.searchName), asc(suburbs.id))
    .limit(first + 1);
  return toConnection(rows, first, (row) => ({ sortKey: row.searchName, id: String(row.id) }));
}

async function findSuburb(tx: Tx, suburbId: string | number, lock = false): Promise<SuburbRow> {
  const id = Number(suburbId);
  if (!isIntegerId(id)) throw notFound();
  const query = tx.select().from(suburbs).where(eq(suburbs.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * setSuburbSubscribedAgentsMax: how many agents may hold a live subscription in the suburb. It cannot go below
 * the agents subscribed now (`subscribed_agents_max_below_subscribed_count`, field `subscribedAgentsMax`): an
 * operator cancels subscriptions first, so the console never shows '3 of 2'.
 */
export async function setSuburbSubscribedAgentsMax(deps: Deps, admin: UserRow, input: { suburbId: string; subscribedAgentsMax: number }) {
  const { subscribedAgentsMax } = parseInput(subscribedAgentsMaxSchema, { subscribedAgentsMax: input.subscribedAgentsMax });
  return deps.db.transaction(async (tx) => {
    // The lock orders this against subscriptions being taken in the suburb at the same moment.
    const suburb = await findSuburb(tx, input.suburbId, true);
    const now = deps.clock.now();
    const subscribed = (await countLiveSubscriptions(tx, [suburb.id], now)).get(suburb.id) ?? 0;
    if (subscribedAgentsMax < subscribed) throw new AppError('subscribed_agents_max_below_subscribed_count', 'subscribedAgentsMax');
    const updated = await tx.update(suburbs).set({ subscribedAgentsMax }).where(eq(suburbs.id, suburb.id)).returning().then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: 'SET_SUBSCRIBED_AGENTS_MAX',
      targetType: 'SUBURB',
      targetId: String(suburb.id),
      details: { suburb: suburbLabel(suburb), from: suburb.subscribedAgentsMax, to: subscribedAgentsMax },
    });
    return updated;
  });
}

/** Every subscription of a suburb (live, lapsed and cancelled), newest first. */
export async function listSuburbSubscriptions(db: Tx, suburbId: string, args: PageArgs): Promise<Connection<SuburbSubscriptionRow>> {
  const suburb = await findSuburb(db, suburbId);
  return pageSubscriptions(db, eq(suburbSubscriptions.suburbId, suburb.id), args);
}

async function pageSubscriptions(db: Tx, where: SQL, args: PageArgs): Promise<Connection<SuburbSubscriptionRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const t = suburbSubscriptions;
  const rows = await db
    .select({ row: t, key: keyOf(t.createdAt) })
    .from(t)
    .where(and(where, afterCursor(t.createdAt, t.id, cursor)))
    .orderBy(...newestFirst(t.createdAt, t.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** Whether the subscription counts against the suburb's maximum: not cancelled and not lapsed. */
export { isSubscriptionLive } from '@listwise/domain/subscriptions';

async function lockSubscription(tx: Tx, id: string): Promise<SuburbSubscriptionRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * setSuburbSubscriptionManuallyManaged: a manually managed subscription answers
 * `suburb_subscription_manually_managed` to the agent's own calls; only operators change it.
 */
export async function setSuburbSubscriptionManuallyManaged(
  deps: Deps,
  admin: UserRow,
  input: { suburbSubscriptionId: string; isManuallyManaged: boolean },
): Promise<SuburbSubscriptionRow> {
  const isManuallyManaged = parseInput(z.object({ isManuallyManaged: z.boolean() }), input).isManuallyManaged;
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, input.suburbSubscriptionId);
    const updated = await tx
      .update(suburbSubscriptions)
      .set({ isManuallyManaged })
      .where(eq(suburbSubscriptions.id, row.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, deps.clock.now(), {
      action: 'SET_SUBSCRIPTION_MANUALLY_MANAGED',
      targetType: 'SUBURB_SUBSCRIPTION',
      targetId: row.id,
      details: { agentUserId: row.agentUserId, suburbId: row.suburbId, from: row.isManuallyManaged, to: isManuallyManaged },
    });
    return updated;
  });
}

/**
 * cancelSuburbSubscriptionAsAdmin: support cancels an agent's subscription at the agent's request. It stops
 * counting against the suburb's maximum at once and will not renew. Cancelled already: `invalid_state`.
 */
export async function cancelSuburbSubscriptionAsAdmin(
  deps: Deps,
  admin: UserRow,
  suburbSubscriptionId: string,
): Promise<SuburbSubscriptionRow> {
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, suburbSubscriptionId);
    if (row.cancelledAt) throw new AppError('invalid_state');
    const now = deps.clock.now();
    const updated = await tx
      .update(suburbSubscriptions)
      .set({ cancelledAt: now, autoRenew: false })
      .where(eq(suburbSubscriptions.id, row.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: 'CANCEL_SUBSCRIPTION',
      targetType: 'SUBURB_SUBSCRIPTION',
      targetId: row.id,
      details: { agentUserId: row.agentUserId, suburbId: row.suburbId, expiresAt: row.expiresAt.toISOString() },
    });
    return updated;
  });
}
