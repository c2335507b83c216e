import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { suburbLabel } from '@listwise/domain/address-line';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from '@listwise/domain/constants';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS } from '@listwise/domain/payments';
import type { Tx } from '../../db/client.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isIntegerId, isUuid } from '../../lib/ids.ts';
import { charges } from '../../db/schema/payments.ts';
import { findOpenChargesOfUser, recordChargeIntent, registerChargePurpose, settleCharge } from '../payments/charges.service.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';
import { getSetting } from '../settings/settings.service.ts';
import { type SuburbRow } from '../../db/schema/suburbs.ts';
import { theRow } from '../../lib/rows.ts';
import type { SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { countPlacesTaken, inAgentTransaction, lockAgent, suburbsHeldBy } from './subscription-capacity.ts';

/**
 * Suburb subscriptions: claiming suburbs (free trials first, then $495 a year each on the default card), the
 * per-suburb agent maximum under concurrency, cancelling (auto-renewal off) and renewing, and the renewal job.
 *
 * Capacity: every path that adds a live subscription locks the suburb rows (`lockSuburbsForSubscription`, in id
 * order, so two callers never deadlock) and counts the places taken: live subscriptions plus places held by open
 * charges (a purchase or reactivation whose payment is under way). Money is taken the one way of
 * payments/charges.service: the intent (holding the places) commits under the locks, the card is charged with no
 * transaction open, and the outcome's transaction makes the subscriptions live or refunds the charge. An agent
 * has at most one suburb purchase open at a time: a unique index on the ledger, so it holds on every server.
 */

export const SUBSCRIPTION_QUEUES = { renew: 'subscriptions.renew' } as const;

/** How long before its end date the job renews a subscription, so the agent's place is never free in between. */
export const RENEWAL_LEAD_MS = 60 * 60 * 1000;
/** Renewal reminders go out a week before the end date. */
export const RENEWAL_REMINDER_MS = 7 * 24 * 60 * 60 * 1000;

/** Why a paid charge went back instead of buying its subscription (the outcome found the place gone). */
export const REFUND_REASONS = {
  capacity: 'The suburb had no place left when the payment was recorded.',
  alreadySubscribed: 'The agent already held the suburb when the payment was recorded.',
  changed: 'The subscription changed before the payment was recorded.',
} as const;

/** The answer a request gets for a charge its outcome refunded. */
export const refundedAnswer = (charge: ChargeRow) =>
  new AppError(charge.refundReason === REFUND_REASONS.alreadySubscribed ? 'some_suburb_already_subscribed_to' : 'some_suburb_at_capacity');

/** The end of a 12-month period (a 29 February start ends on 28 February). */
export function addSubscriptionPeriod(from: Date): Date {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  if (end.getUTCMonth() !== from.getUTCMonth()) end.setUTCDate(0);
  return end;
}

const isLive = (s: SubscriptionRow, now: Date) => !s.cancelledAt && s.expiresAt > now;

export const settingsLink = (deps: Deps) => `${deps.config.appUrl}/agent/profile-settings/?tab=suburbs`;

/**
 * Locks the suburbs' rows (in id order) for the rest of the transaction. Anything that adds a live subscription
 * must call this first, so the per-suburb maximum holds whatever the timing (admin screens included).
 * FOR NO KEY UPDATE: callers queue on each other, while rows merely referencing the suburb (a property, a
 * subscription inserted by the lock holder) can still be written.
 */
export async function lockSuburbsForSubscription(tx: Tx, suburbIds: number[]): Promise<SuburbRow[]> {
  // An id no integer column can hold (a client's 2147483648) locks nothing; the caller answers not_found.
  const valid = suburbIds.filter(isIntegerId);
  if (!valid.length) return [];
  return tx.select().from(suburbs).where(inArray(suburbs.id, valid)).orderBy(asc(suburbs.id)).for('no key update');
}

/** Free trials ever claimed by the agent: every claim counts, including lapsed and renewed ones. */
export async function countFreeTrialsClaimed(db: Tx, agentUserId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(suburbSubscriptions)
    .where(and(eq(suburbSubscriptions.agentUserId, agentUserId), eq(suburbSubscriptions.freeTrialClaimed, true)));
  return row?.count ?? 0;
}

/** myAgentSuburbSubscriptionFreeTrialState */
export async function getFreeTrialState(deps: Deps, agentUserId: string) {
  const [numberOfFreeTrialsClaimed, totalFreeTrialsAllowed] = await Promise.all([
    countFreeTrialsClaimed(deps.db, agentUserId),
    getSetting(deps.db, 'totalFreeTrialsAllowed'),
  ]);
  return { numberOfFreeTrialsClaimed, totalFreeTrialsAllowed };
}

/** The agent's live subscriptions. */
export async function findLiveSubscriptions(db: Tx, agentUserId: string, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(suburbSubscriptions)
    .where(
      and(
        eq(suburbSubscriptions.agentUserId, agentUserId),
        isNull(suburbSubscriptions.cancelledAt),
        gt(suburbSubscriptions.expiresAt, now),
      ),
    );
}

/**
 * mySubscribedSuburbs: the agent's suburbs, one per suburb: the live subscription, or the latest lapsed one
 * (which the agent may renew). Subscriptions cancelled by an admin are gone. Oldest claim first.
 */
export async function listSubscribedSuburbs(deps: Deps, agentUserId: string): Promise<SubscriptionRow[]> {
  const latest = deps.db
    .selectDistinctOn([suburbSubscriptions.suburbId])
    .from(suburbSubscriptions)
    .where(and(eq(suburbSubscriptions.agentUserId, agentUserId), isNull(suburbSubscriptions.cancelledAt)))
    .orderBy(suburbSubscriptions.suburbId, sql`${suburbSubscriptions.expiresAt} desc`)
    .as('latest');
  const rows = await deps.db.select().from(latest);
  return (rows as SubscriptionRow[]).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.suburbId - b.suburbId);
}

/** The agent's own subscription, or `not_found`; a manually managed one answers `suburb_subscription_manually_managed`. */
async function findOwnSubscription(db: Tx, agentUserId: string, suburbSubscriptionId: string, forUpdate = false) {
  if (!isUuid(suburbSubscriptionId)) throw notFound();
  const query = db
    .select()
    .from(suburbSubscriptions)
    .where(and(eq(suburbSubscriptions.id, suburbSubscriptionId), eq(suburbSubscriptions.agentUserId, agentUserId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row || row.cancelledAt) throw notFound();
  if (row.isManuallyManaged) throw new AppError('suburb_subscription_manually_managed');
  return row;
}

/** cancelSuburbSubscription: turns auto-renewal off; the subscription runs to its end date. */
export async function cancelSuburbSubscription(deps: Deps, user: UserRow, suburbSubscriptionId: string): Promise<SubscriptionRow> {
  await findOwnSubscription(deps.db, user.id, suburbSubscriptionId);
  const updated = await deps.db
    .update(suburbSubscriptions)
    .set({ autoRenew: false })
    .where(and(eq(suburbSubscriptions.id, suburbSubscriptionId), eq(suburbSubscriptions.agentUserId, user.id)))
    .returning()
    .then(theRow);
  return updated;
}

/**
 * renewSuburbSubscription: turns auto-renewal back on. A subscription that has already lapsed starts a new
 * 12-month period now and is charged $495 at once, if the suburb still has a place (`some_suburb_at_capacity`)
 * and the agent has not claimed it again meanwhile (`some_suburb_already_subscribed_to`).
 */
export async function renewSuburbSubscription(deps: Deps, user: UserRow, suburbSubscriptionId: string): Promise<SubscriptionRow> {
  const current = await findOwnSubscription(deps.db, user.id, suburbSubscriptionId);
  if (isLive(current, deps.clock.now())) {
    const updated = await deps.db
      .update(suburbSubscriptions)
      .set({ autoRenew: true, renewalFailureCode: null })
      .where(eq(suburbSubscriptions.id, current.id))
      .returning()
      .then(theRow);
    return updated;
  }
  const started = await inAgentTransaction(deps, user.id, async (tx): Promise<{ row: SubscriptionRow } | { charge: ChargeRow }> => {
    const now = deps.clock.now();
    const row = await findOwnSubscription(tx, user.id, suburbSubscriptionId, true);
    if (isLive(row, now)) {
      const updated = await tx
        .update(suburbSubscriptions)
        .set({ autoRenew: true })
        .where(eq(suburbSubscriptions.id, row.id))
        .returning()
        .then(theRow);
      return { row: updated };
    }
    const open = await findOpenChargesOfUser(tx, user.id);
    // A double click: the first request's reactivation is under way, and its outcome is this request's too.
    const underWay = open.find((c) => c.purpose?.type === 'reactivation' && c.purpose.subscriptionId === row.id);
    if (underWay) return { charge: underWay };
    const suburb = await lockSuburbsForSubscription(tx, [row.suburbId]).then(theRow);
    const mine = await findLiveSubscriptions(tx, user.id, now);
    if (mine.some((s) => s.suburbId === row.suburbId) || suburbsHeldBy(open).has(row.suburbId)) {
      throw new AppError('some_suburb_already_subscribed_to');
    }
    const taken = await countPlacesTaken(tx, [row.suburbId], now);
    if ((taken.get(row.suburbId) ?? 0) >= suburb.subscribedAgentsMax) throw new AppError('some_suburb_at_capacity');

    // One key per attempt at this lapsed period: a declined attempt is followed by the next number.
    const prefix = `reactivation:${row.id}:${row.expiresAt.toISOString()}:`;
    const [attempts] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(charges)
      .where(and(eq(charges.userId, user.id), sql`${charges.idempotencyKey} like ${`${prefix}%`}`));
    const { charge } = await recordChargeIntent(deps, tx, {
      userId: user.id,
      amountCents: SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS,
      kind: 'RENEWAL',
      description: `Suburb subscription renewal, 12 months: ${suburbLabel(suburb)}`,
      idempotencyKey: `${prefix}${(attempts?.count ?? 0) + 1}`,
      referenceId: row.id,
      purpose: { type: 'reactivation', subscriptionId: row.id, suburbIds: [row.suburbId] },
    });
    return { charge };
  });
  if ('row' in started) return started.row;
  const final = await settleCharge(deps, started.charge);
  if (final.status === 'FAILED') throw new AppError('payment_declined');
  if (final.refundReason) throw refundedAnswer(final);
  return (await deps.db.query.suburbSubscriptions.findFirst({ where: eq(suburbSubscriptions.id, suburbSubscriptionId) }))!;
}

/** The outcome of a reactivation: a new 12-month period from now, or the payment goes back. */
registerChargePurpose('reactivation', {
  async onPaid(deps, tx, charge) {
    if (charge.purpose?.type !== 'reactivation') throw new Error('not a reactivation');
    const now = deps.clock.now();
    await lockAgent(tx, charge.userId);
    const [row] = await tx
      .select()
      .from(suburbSubscriptions)
      .where(eq(suburbSubscriptions.id, charge.purpose.subscriptionId))
      .for('update');
    if (!row || row.cancelledAt || isLive(row, now)) return { refund: REFUND_REASONS.changed };
    const suburb = await lockSuburbsForSubscription(tx, [row.suburbId]).then(theRow);
    const mine = await findLiveSubscriptions(tx, charge.userId, now);
    if (mine.some((s) => s.suburbId === row.suburbId)) return { refund: REFUND_REASONS.alreadySubscribed };
    const taken = await countPlacesTaken(tx, [row.suburbId], now, charge.id);
    if ((taken.get(row.suburbId) ?? 0) >= suburb.subscribedAgentsMax) return { refund: REFUND_REASONS.capacity };
    await tx
      .update(suburbSubscriptions)
      .set({
        startsAt: now,
        expiresAt: addSubscriptionPeriod(now),
        isFreeTrial: false,
        autoRenew: true,
        endedAt: null,
        renewalFailureCode: null,
        renewalReminderSentFor: null,
        lastChargeId: charge.id,
      })
      .where(eq(suburbSubscriptions.id, row.id));
  },
  onFailed: async () => undefined,
});

/** What the agent's 'subscriptionToRenew' shows: the next period's date and price while auto-renewal is on. */
export function subscriptionToRenew(row: SubscriptionRow, now: Date): { date: Date; priceDollars: number } | null {
  if (!row.autoRenew || row.cancelledAt || !isLive(row, now)) return null;
  return { date: row.expiresAt, priceDollars: SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS };
}
