import { and, eq, isNull, sql } from 'drizzle-orm';
import { suburbLabel } from '@listwise/domain/address-line';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from '@listwise/domain/constants';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS } from '@listwise/domain/payments';
import { addSubscriptionPeriod, isSubscriptionLive as isLive, type SuburbClaimRefusal } from '@listwise/domain/subscriptions';
import type { Tx } from '../../db/client.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { charges } from '../../db/schema/payments.ts';
import { findOpenChargesOfUser, recordChargeIntent, settleCharge } from '../payments/charges.service.ts';
import type { ChargePurposeHandler } from '../payments/charge-purposes.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';
import { getSetting } from '../settings/settings.service.ts';
import { theRow } from '../../lib/rows.ts';
import type { SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { claimSuburbPlaces, countFreeTrialsClaimed, inAgentTransaction, judgeSuburbClaim, lockAgent } from './subscription-capacity.ts';
import { liveSubscription } from '../../db/live-subscription.ts';

export { addSubscriptionPeriod };

/**
 * Suburb subscriptions: claiming suburbs (free trials first, then $495 a year each on the default card), the
 * per-suburb agent maximum under concurrency, cancelling (auto-renewal off) and renewing, and the renewal job.
 *
 * Capacity: every path that adds a live subscription claims its places through `claimSuburbPlaces`
 * (subscription-capacity.ts): the suburb rows locked in id order, the places taken counted (live subscriptions
 * plus places held by open charges: a purchase, reactivation or renewal whose payment is under way), the agent's
 * five suburbs, suspension and a closed account asked. Money is taken the one way of
 * payments/charges.service: the intent (holding the places) commits under the locks, the card is charged with no
 * transaction open, and the outcome's transaction makes the subscriptions live or refunds the charge. An agent
 * has at most one suburb purchase open at a time: a unique index on the ledger, so it holds on every server.
 */

export const SUBSCRIPTION_QUEUES = { renew: 'subscriptions.renew' } as const;

/** How long before its end date the job renews a subscription, so the agent's place is never free in between. */
export const RENEWAL_LEAD_MS = 60 * 60 * 1000;
/** Renewal reminders go out a week before the end date. */
export const RENEWAL_REMINDER_MS = 7 * 24 * 60 * 60 * 1000;

/** Why a paid charge went back instead of buying its subscription (the outcome found the claim refused). */
export const REFUND_REASONS = {
  capacity: 'The suburb had no place left when the payment was recorded.',
  alreadySubscribed: 'The agent already held the suburb when the payment was recorded.',
  changed: 'The subscription changed before the payment was recorded.',
  autoRenewOff: 'The agent turned auto-renewal off before the renewal was recorded.',
  closed: 'The account was closed before the payment was recorded.',
  suspended: 'The agent was suspended before the payment was recorded.',
  limit: 'The agent held five suburbs when the payment was recorded.',
} as const;

/** The refusal of a claim made by a payment's outcome, as the reason its money goes back, and back again. */
const REFUSALS: [SuburbClaimRefusal, string][] = [
  ['some_suburb_at_capacity', REFUND_REASONS.capacity],
  ['not_found', REFUND_REASONS.capacity],
  ['some_suburb_already_subscribed_to', REFUND_REASONS.alreadySubscribed],
  ['account_already_deleted', REFUND_REASONS.closed],
  ['agent_suspended', REFUND_REASONS.suspended],
  ['validation_failed', REFUND_REASONS.limit],
];

/** The error code of a refused claim, from the reason its money went back. */
export const refusalCodeOf = (refundReason: string | null) =>
  REFUSALS.find(([code, reason]) => reason === refundReason && code !== 'not_found')?.[0] ?? 'some_suburb_at_capacity';

/** The answer a request gets for a charge its outcome refunded. */
export const refundedAnswer = (charge: ChargeRow) => new AppError(refusalCodeOf(charge.refundReason));

/** The refund a payment's outcome answers when the claim of the places its intent held is refused now. */
export const refundFor = (refusal: SuburbClaimRefusal) => ({
  refund: REFUSALS.find(([code]) => code === refusal)?.[1] ?? REFUND_REASONS.capacity,
});

export const settingsLink = (deps: Deps) => `${deps.config.appUrl}/agent/profile-settings/?tab=suburbs`;

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
    .where(and(eq(suburbSubscriptions.agentUserId, agentUserId), liveSubscription(now)));
}

/** One row per suburb: a renewed suburb keeps older periods as rows, which the agent has no use for. */
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
async function findOwnSubscription(db: Tx, agentUserId: string, suburbSubscriptionId: string, options: { lock?: boolean } = {}) {
  if (!isUuid(suburbSubscriptionId)) throw notFound();
  const query = db
    .select()
    .from(suburbSubscriptions)
    .where(and(eq(suburbSubscriptions.id, suburbSubscriptionId), eq(suburbSubscriptions.agentUserId, agentUserId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || row.cancelledAt) throw notFound();
  if (row.isManuallyManaged) throw new AppError('suburb_subscription_manually_managed');
  return row;
}

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

/** A lapsed subscription's place may have gone to another agent meanwhile, so it is claimed again (`claimSuburbPlaces`). */
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
    const row = await findOwnSubscription(tx, user.id, suburbSubscriptionId, { lock: true });
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
    const underWay = open.find((c) => c.purpose.type === 'reactivation' && c.purpose.subscriptionId === row.id);
    if (underWay) return { charge: underWay };
    const suburb = await claimSuburbPlaces(tx, { agentUserId: user.id, suburbIds: [row.suburbId], now, isNewClaim: false }).then(theRow);

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
export const reactivationChargePurpose: ChargePurposeHandler = {
  async onPaid(deps, tx, charge) {
    if (charge.purpose.type !== 'reactivation') throw new Error('not a reactivation');
    const now = deps.clock.now();
    // The agent first, then the subscription: the order renewSuburbSubscription takes them in.
    await lockAgent(tx, charge.userId);
    const [row] = await tx
      .select()
      .from(suburbSubscriptions)
      .where(eq(suburbSubscriptions.id, charge.purpose.subscriptionId))
      .for('update');
    if (!row || row.cancelledAt || isLive(row, now)) return { refund: REFUND_REASONS.changed };
    const { refusal } = await judgeSuburbClaim(tx, {
      agentUserId: charge.userId,
      suburbIds: [row.suburbId],
      now,
      exceptChargeId: charge.id,
      isNewClaim: false,
    });
    if (refusal) return refundFor(refusal);
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
};

/** What the agent's 'subscriptionToRenew' shows: the next period's date and price while auto-renewal is on. */
export function subscriptionToRenew(row: SubscriptionRow, now: Date): { date: Date; priceDollars: number } | null {
  if (!row.autoRenew || row.cancelledAt || !isLive(row, now)) return null;
  return { date: row.expiresAt, priceDollars: SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS };
}
