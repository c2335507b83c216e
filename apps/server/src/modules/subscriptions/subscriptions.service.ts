import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { suburbLabel } from '@listwise/domain/address-line';
import { suburbSelectionSchema } from '@listwise/domain/agent-profile';
import { MAX_AGENT_SUBURBS, SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from '@listwise/domain/constants';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS } from '@listwise/domain/payments';
import { gstPartOfInclusiveCents, remainingFreeTrials } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { agentSuspensions } from '../../db/schema/licences.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isIntegerId, isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { queueEmail } from '../notifications/email.service.ts';
import {
  SubscriptionEndedEmail,
  SubscriptionReceiptEmail,
  SubscriptionRenewalFailedEmail,
  SubscriptionRenewalReminderEmail,
  SubscriptionRenewedEmail,
} from '../notifications/templates/subscription-emails.tsx';
import { charges } from '../../db/schema/payments.ts';
import {
  countHeldPlaces,
  findChargeByKey,
  findOpenChargesOfUser,
  recordChargeIntent,
  registerChargePurpose,
  settleCharge,
  type ChargeRow,
} from '../payments/charges.service.ts';
import { hasDefaultPaymentMethod } from '../payments/payments.service.ts';
import { getSetting } from '../settings/settings.service.ts';
import { countLiveSubscriptions, type SuburbRow } from '../suburbs/suburbs.service.ts';
import { theRow } from '../../lib/rows.ts';

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

export type SubscriptionRow = typeof suburbSubscriptions.$inferSelect;

export const SUBSCRIPTION_QUEUES = { renew: 'subscriptions.renew' } as const;

/** How long before its end date the job renews a subscription, so the agent's place is never free in between. */
export const RENEWAL_LEAD_MS = 60 * 60 * 1000;
/** Renewal reminders go out a week before the end date. */
export const RENEWAL_REMINDER_MS = 7 * 24 * 60 * 60 * 1000;

/** Why a paid charge went back instead of buying its subscription (the outcome found the place gone). */
const REFUND_REASONS = {
  capacity: 'The suburb had no place left when the payment was recorded.',
  alreadySubscribed: 'The agent already held the suburb when the payment was recorded.',
  changed: 'The subscription changed before the payment was recorded.',
} as const;

/** The answer a request gets for a charge its outcome refunded. */
const refundedAnswer = (charge: ChargeRow) =>
  new AppError(charge.refundReason === REFUND_REASONS.alreadySubscribed ? 'some_suburb_already_subscribed_to' : 'some_suburb_at_capacity');

/** The end of a 12-month period (a 29 February start ends on 28 February). */
export function addSubscriptionPeriod(from: Date): Date {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  if (end.getUTCMonth() !== from.getUTCMonth()) end.setUTCDate(0);
  return end;
}

const isLive = (s: SubscriptionRow, now: Date) => !s.cancelledAt && s.expiresAt > now;

const settingsLink = (deps: Deps) => `${deps.config.appUrl}/agent/profile-settings/?tab=suburbs`;

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

/** Basic details (name and mobile number) are what an agent needs before claiming suburbs. */
async function assertBasicDetails(db: Tx, user: UserRow) {
  const profile = await db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, user.id) });
  if (!profile?.name || !user.mobileNumber) throw new AppError('agents_profile_is_incomplete');
}

/**
 * Runs `work` in a transaction that holds the agent's row lock: one subscription change per agent at a time.
 * FOR NO KEY UPDATE, not FOR UPDATE: rows referencing the user (the ledger) can still be written meanwhile.
 * No money moves inside it.
 */
async function inAgentTransaction<T>(deps: Deps, agentUserId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    await lockAgent(tx, agentUserId);
    return work(tx);
  });
}

const lockAgent = (tx: Tx, agentUserId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, agentUserId)).for('no key update');

/** Places taken in each suburb: live subscriptions and places held by open charges (but `exceptChargeId`'s). */
async function countPlacesTaken(tx: Tx, suburbIds: number[], now: Date, exceptChargeId?: string) {
  const [live, held] = await Promise.all([countLiveSubscriptions(tx, suburbIds, now), countHeldPlaces(tx, suburbIds, exceptChargeId)]);
  return new Map(suburbIds.map((id) => [id, (live.get(id) ?? 0) + (held.get(id) ?? 0)]));
}

/** Suburbs the agent's open charges hold (a purchase or a reactivation under way). */
const suburbsHeldBy = (open: ChargeRow[]) =>
  new Set(open.flatMap((c) => (c.purpose && 'suburbIds' in c.purpose ? (c.purpose.suburbIds ?? []) : [])));

/** Inserts the subscriptions of one claim, free trials first, in the order chosen; the paid ones carry the charge. */
async function insertSubscriptions(
  tx: Tx,
  agentUserId: string,
  suburbIds: number[],
  freeTrials: number,
  now: Date,
  chargeId: string | null,
) {
  const expiresAt = addSubscriptionPeriod(now);
  // The sign-up's saved choice has become subscriptions: nothing is left to keep for the next visit.
  await tx.update(agentProfiles).set({ signupSuburbIds: [] }).where(eq(agentProfiles.userId, agentUserId));
  return tx
    .insert(suburbSubscriptions)
    .values(
      suburbIds.map((suburbId, index) => ({
        agentUserId,
        suburbId,
        isFreeTrial: index < freeTrials,
        freeTrialClaimed: index < freeTrials,
        startsAt: now,
        expiresAt,
        autoRenew: true,
        lastChargeId: index < freeTrials ? null : chargeId,
        createdAt: new Date(now.getTime() + index), // keeps the chosen order when listed
      })),
    )
    .returning();
}

/**
 * subscribeToSuburbs: claims the suburbs, in the order given. The first (totalFreeTrialsAllowed − claimed) are
 * free trials; the rest cost $495 each for 12 months, charged to the default card in one payment. Rules:
 * basic details present (`agents_profile_is_incomplete`); every suburb exists (`not_found`); none already held
 * by the agent (`some_suburb_already_subscribed_to`); each below its agent maximum (`some_suburb_at_capacity`);
 * selected plus free trials claimed (or plus suburbs already held) at most MAX_AGENT_SUBURBS (`validation_failed`);
 * a card when something is to pay (`user_missing_stripe_customer`); the charge succeeds (`payment_declined`);
 * no other purchase of the agent's under way (`invalid_state`); not suspended by an operator (`agent_suspended`).
 * Nothing is created until the payment's outcome is recorded: then all of the claim, free trials included.
 */
export async function subscribeToSuburbs(deps: Deps, user: UserRow, input: { suburbIds: readonly (string | number)[] }) {
  const { suburbIds } = parseInput(suburbSelectionSchema, { suburbIds: [...input.suburbIds] });
  await assertBasicDetails(deps.db, user);

  const started = await inAgentTransaction(deps, user.id, async (tx): Promise<{ rows: SubscriptionRow[] } | { charge: ChargeRow }> => {
    const now = deps.clock.now();
    const [suspension] = await tx
      .select({ at: agentSuspensions.suspendedAt })
      .from(agentSuspensions)
      .where(eq(agentSuspensions.agentUserId, user.id));
    if (suspension) throw new AppError('agent_suspended');
    const locked = await lockSuburbsForSubscription(tx, suburbIds);
    if (locked.length !== suburbIds.length) throw new AppError('not_found', 'suburbIds');
    const byId = new Map(locked.map((s) => [s.id, s]));

    const [mine, open] = await Promise.all([findLiveSubscriptions(tx, user.id, now), findOpenChargesOfUser(tx, user.id)]);
    const held = suburbsHeldBy(open);
    if (mine.some((s) => byId.has(s.suburbId)) || suburbIds.some((id) => held.has(id))) {
      throw new AppError('some_suburb_already_subscribed_to');
    }
    if (open.some((c) => c.purpose?.type === 'suburb-purchase')) throw new AppError('invalid_state');

    const taken = await countPlacesTaken(tx, suburbIds, now);
    if (locked.some((s) => (taken.get(s.id) ?? 0) >= s.subscribedAgentsMax)) throw new AppError('some_suburb_at_capacity');

    const [claimed, allowed] = await Promise.all([countFreeTrialsClaimed(tx, user.id), getSetting(tx, 'totalFreeTrialsAllowed')]);
    if (suburbIds.length + Math.max(claimed, mine.length) > MAX_AGENT_SUBURBS) throw new AppError('validation_failed', 'suburbIds');
    const freeTrials = Math.min(remainingFreeTrials(allowed, claimed), suburbIds.length);
    if (freeTrials === suburbIds.length) return { rows: await insertSubscriptions(tx, user.id, suburbIds, freeTrials, now, null) };

    const paidIds = suburbIds.slice(freeTrials);
    const [purchases] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(charges)
      .where(and(eq(charges.userId, user.id), eq(charges.kind, 'SUBSCRIPTION')));
    const { charge } = await recordChargeIntent(deps, tx, {
      userId: user.id,
      amountCents: paidIds.length * SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS,
      kind: 'SUBSCRIPTION',
      description: `Suburb subscription, 12 months: ${paidIds.map((id) => suburbLabel(byId.get(id)!)).join(', ')}`,
      // The agent's nth purchase: computed under the agent's lock, so a retry or the reconciler meets it again.
      idempotencyKey: `suburb-purchase:${user.id}:${(purchases?.count ?? 0) + 1}`,
      referenceId: paidIds.join(','),
      purpose: { type: 'suburb-purchase', suburbIds, freeTrials },
    });
    return { charge };
  });
  if ('rows' in started) return started.rows;

  const final = await settleCharge(deps, started.charge);
  if (final.status === 'FAILED') throw new AppError('payment_declined');
  if (final.refundReason) throw refundedAnswer(final);
  const rows = await deps.db
    .select()
    .from(suburbSubscriptions)
    .where(
      and(
        eq(suburbSubscriptions.agentUserId, user.id),
        inArray(suburbSubscriptions.suburbId, suburbIds),
        isNull(suburbSubscriptions.cancelledAt),
        gt(suburbSubscriptions.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(asc(suburbSubscriptions.createdAt));
  return rows;
}

/** The outcome of a suburb purchase: the whole claim becomes live, or the payment goes back. */
registerChargePurpose('suburb-purchase', {
  async onPaid(deps, tx, charge) {
    if (charge.purpose?.type !== 'suburb-purchase') throw new Error('not a suburb purchase');
    const { suburbIds, freeTrials } = charge.purpose;
    const now = deps.clock.now();
    await lockAgent(tx, charge.userId);
    const locked = await lockSuburbsForSubscription(tx, suburbIds);
    const mine = await findLiveSubscriptions(tx, charge.userId, now);
    if (mine.some((s) => suburbIds.includes(s.suburbId))) return { refund: REFUND_REASONS.alreadySubscribed };
    const taken = await countPlacesTaken(tx, suburbIds, now, charge.id);
    if (locked.length !== suburbIds.length || locked.some((s) => (taken.get(s.id) ?? 0) >= s.subscribedAgentsMax)) {
      return { refund: REFUND_REASONS.capacity };
    }
    const rows = await insertSubscriptions(tx, charge.userId, suburbIds, freeTrials, now, charge.id);
    const paid = rows.filter((r) => !r.isFreeTrial);
    await tx
      .update(charges)
      .set({ referenceId: paid.map((r) => r.id).join(',') })
      .where(eq(charges.id, charge.id));
    const [agent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, charge.userId));
    if (agent?.email) {
      const byId = new Map(locked.map((s) => [s.id, s]));
      await queueEmail(deps, tx, {
        to: agent.email,
        subject: 'Your Listwise suburb subscription is confirmed',
        template: 'subscription-receipt',
        body: SubscriptionReceiptEmail({
          suburbNames: paid.map((r) => suburbLabel(byId.get(r.suburbId)!)),
          amountCents: charge.amountCents,
          gstCents: charge.gstCents,
          expiresAt: paid[0]!.expiresAt,
          link: settingsLink(deps),
        }),
      });
    }
  },
  // Declined, or never charged: nothing was created, and the held places are free again with the outcome.
  onFailed: async () => undefined,
});

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

// ---- The renewal job ----

interface AgentContact {
  email: string | null;
}

async function loadRenewalContext(tx: Tx, row: SubscriptionRow) {
  const [agent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.agentUserId));
  const [suburb] = await tx.select().from(suburbs).where(eq(suburbs.id, row.suburbId));
  return { agent: agent as AgentContact | undefined, suburb: suburb! };
}

/** Sends the week-ahead reminders; each subscription period is reminded once. */
async function sendRenewalReminders(deps: Deps, now: Date, limit: number): Promise<number> {
  const due = await deps.db
    .select({ id: suburbSubscriptions.id })
    .from(suburbSubscriptions)
    .where(
      and(
        isNull(suburbSubscriptions.cancelledAt),
        isNull(suburbSubscriptions.endedAt),
        eq(suburbSubscriptions.autoRenew, true),
        eq(suburbSubscriptions.isManuallyManaged, false),
        gt(suburbSubscriptions.expiresAt, new Date(now.getTime() + RENEWAL_LEAD_MS)),
        lte(suburbSubscriptions.expiresAt, new Date(now.getTime() + RENEWAL_REMINDER_MS)),
        or(
          isNull(suburbSubscriptions.renewalReminderSentFor),
          ne(suburbSubscriptions.renewalReminderSentFor, suburbSubscriptions.expiresAt),
        ),
      ),
    )
    .limit(limit);
  let sent = 0;
  for (const { id } of due) {
    await deps.db.transaction(async (tx) => {
      // Claiming the reminder and queueing the e-mail commit together: never twice, never lost.
      const [claimed] = await tx
        .update(suburbSubscriptions)
        .set({ renewalReminderSentFor: suburbSubscriptions.expiresAt })
        .where(
          and(
            eq(suburbSubscriptions.id, id),
            or(
              isNull(suburbSubscriptions.renewalReminderSentFor),
              ne(suburbSubscriptions.renewalReminderSentFor, suburbSubscriptions.expiresAt),
            ),
          ),
        )
        .returning();
      if (!claimed) return;
      const { agent, suburb } = await loadRenewalContext(tx, claimed);
      if (!agent?.email) return;
      await queueEmail(deps, tx, {
        to: agent.email,
        subject: `Your ${suburb.name} subscription renews on ${claimed.expiresAt.toISOString().slice(0, 10)}`,
        template: 'subscription-renewal-reminder',
        optional: { category: 'RENEWAL_NOTICES', userId: claimed.agentUserId },
        body: SubscriptionRenewalReminderEmail({
          suburbName: suburbLabel(suburb),
          renewsAt: claimed.expiresAt,
          priceCents: SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS,
          isFreeTrial: claimed.isFreeTrial,
          link: settingsLink(deps),
        }),
      });
      sent++;
    });
  }
  return sent;
}

type RenewalResult = 'renewed' | 'failed' | 'ended' | 'skipped';

/** Ends a subscription whose auto-renewal is off, at its end date, and tells the agent. */
async function endSubscription(deps: Deps, tx: Tx, row: SubscriptionRow, now: Date): Promise<RenewalResult> {
  if (row.expiresAt > now) return 'skipped'; // runs to its end date; ended on a later run
  const { agent, suburb } = await loadRenewalContext(tx, row);
  await tx.update(suburbSubscriptions).set({ endedAt: now, autoRenew: false }).where(eq(suburbSubscriptions.id, row.id));
  if (agent?.email) {
    await queueEmail(deps, tx, {
      to: agent.email,
      subject: `Your ${suburb.name} subscription has ended`,
      template: 'subscription-ended',
      body: SubscriptionEndedEmail({ suburbName: suburbLabel(suburb), link: settingsLink(deps) }),
    });
  }
  return 'ended';
}

/** Records why a renewal could not happen (auto-renewal off), tells the agent, and ends it if its date passed. */
async function failRenewal(deps: Deps, tx: Tx, row: SubscriptionRow, now: Date, code: string, reason: string): Promise<RenewalResult> {
  const { agent, suburb } = await loadRenewalContext(tx, row);
  await tx.update(suburbSubscriptions).set({ autoRenew: false, renewalFailureCode: code }).where(eq(suburbSubscriptions.id, row.id));
  if (agent?.email) {
    await queueEmail(deps, tx, {
      to: agent.email,
      subject: `We couldn't renew your ${suburb.name} subscription`,
      template: 'subscription-renewal-failed',
      body: SubscriptionRenewalFailedEmail({
        suburbName: suburbLabel(suburb),
        reason,
        endsAt: row.expiresAt > now ? row.expiresAt : now,
        link: settingsLink(deps),
      }),
    });
  }
  if (row.expiresAt <= now) await tx.update(suburbSubscriptions).set({ endedAt: now }).where(eq(suburbSubscriptions.id, row.id));
  return 'failed';
}

const DECLINED_RENEWAL = 'Your card was declined when we tried to charge the $495 renewal.';

/**
 * Renews one due subscription: the intent (or why there is none: auto-renewal off, no card, no place) under the
 * subscription's row lock, then the charge with no lock held, then its outcome (charges.service). A renewal the
 * job started earlier and a crash interrupted is resumed with its key.
 */
async function renewOne(deps: Deps, subscriptionId: string): Promise<RenewalResult> {
  const started = await deps.db.transaction(async (tx): Promise<RenewalResult | { charge: ChargeRow }> => {
    const now = deps.clock.now();
    const [row] = await tx
      .select()
      .from(suburbSubscriptions)
      .where(and(eq(suburbSubscriptions.id, subscriptionId), isNull(suburbSubscriptions.cancelledAt), isNull(suburbSubscriptions.endedAt)))
      .for('update', { skipLocked: true });
    if (!row || row.isManuallyManaged || row.expiresAt.getTime() > now.getTime() + RENEWAL_LEAD_MS) return 'skipped';
    if (!row.autoRenew) return endSubscription(deps, tx, row, now);

    // One key per subscription period: a retried job never charges twice for the same year.
    const idempotencyKey = `renewal:${row.id}:${row.expiresAt.toISOString()}`;
    const earlier = await findChargeByKey(tx, idempotencyKey);
    if (earlier) return earlier.fulfilledAt ? 'skipped' : { charge: earlier };

    // Renewed late (the job was down past the end date): the place may have been taken meanwhile.
    const late = row.expiresAt <= now;
    const { suburb } = await loadRenewalContext(tx, row);
    if (late) {
      const lockedSuburb = await lockSuburbsForSubscription(tx, [row.suburbId]).then(theRow);
      const taken = await countPlacesTaken(tx, [row.suburbId], now);
      if ((taken.get(row.suburbId) ?? 0) >= lockedSuburb.subscribedAgentsMax) {
        return failRenewal(
          deps,
          tx,
          row,
          now,
          'some_suburb_at_capacity',
          `${suburbLabel(suburb)} has no free place left for another year.`,
        );
      }
    }
    if (!(await hasDefaultPaymentMethod(tx, row.agentUserId, deps))) {
      return failRenewal(deps, tx, row, now, 'user_missing_stripe_customer', 'You have no saved card for us to charge the $495 renewal.');
    }
    const { charge } = await recordChargeIntent(deps, tx, {
      userId: row.agentUserId,
      amountCents: SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS,
      kind: 'RENEWAL',
      description: `Suburb subscription renewal, 12 months: ${suburbLabel(suburb)}`,
      idempotencyKey,
      referenceId: row.id,
      // A lapsed subscription's place is no longer counted as live: the open charge holds it.
      purpose: {
        type: 'renewal',
        subscriptionId: row.id,
        periodEnd: row.expiresAt.toISOString(),
        ...(late && { suburbIds: [row.suburbId] }),
      },
    });
    return { charge };
  });
  if (typeof started === 'string') return started;
  // The provider unreachable throws: the job logs it, and the reconciler or the next run resumes the same key.
  const final = await settleCharge(deps, started.charge);
  return final.status === 'FAILED' || final.refundReason ? 'failed' : 'renewed';
}

/** The outcome of a renewal: 12 more months from the end date (or from now, if late), or the payment goes back. */
registerChargePurpose('renewal', {
  // An automatic renewal the provider never saw is charged again with its key: the agent asked for it to renew.
  resumeWhenAbsent: true,
  async onPaid(deps, tx, charge) {
    if (charge.purpose?.type !== 'renewal') throw new Error('not a renewal');
    const now = deps.clock.now();
    const [row] = await tx
      .select()
      .from(suburbSubscriptions)
      .where(eq(suburbSubscriptions.id, charge.purpose.subscriptionId))
      .for('update');
    if (!row || row.cancelledAt || row.endedAt || row.expiresAt.toISOString() !== charge.purpose.periodEnd) {
      return { refund: REFUND_REASONS.changed };
    }
    if (row.expiresAt <= now) {
      const lockedSuburb = await lockSuburbsForSubscription(tx, [row.suburbId]).then(theRow);
      const taken = await countPlacesTaken(tx, [row.suburbId], now, charge.id);
      if ((taken.get(row.suburbId) ?? 0) >= lockedSuburb.subscribedAgentsMax) {
        const { suburb } = await loadRenewalContext(tx, row);
        await failRenewal(deps, tx, row, now, 'some_suburb_at_capacity', `${suburbLabel(suburb)} has no free place left for another year.`);
        return { refund: REFUND_REASONS.capacity };
      }
    }
    const startsAt = row.expiresAt > now ? row.expiresAt : now;
    const expiresAt = addSubscriptionPeriod(startsAt);
    await tx
      .update(suburbSubscriptions)
      .set({ startsAt, expiresAt, isFreeTrial: false, lastChargeId: charge.id, renewalFailureCode: null })
      .where(eq(suburbSubscriptions.id, row.id));
    const { agent, suburb } = await loadRenewalContext(tx, row);
    if (agent?.email) {
      await queueEmail(deps, tx, {
        to: agent.email,
        subject: `Your ${suburb.name} subscription has renewed`,
        template: 'subscription-renewed',
        body: SubscriptionRenewedEmail({
          suburbName: suburbLabel(suburb),
          amountCents: charge.amountCents,
          gstCents: gstPartOfInclusiveCents(charge.amountCents),
          expiresAt,
          link: settingsLink(deps),
        }),
      });
    }
  },
  async onFailed(deps, tx, charge) {
    if (charge.purpose?.type !== 'renewal') return;
    const [row] = await tx
      .select()
      .from(suburbSubscriptions)
      .where(eq(suburbSubscriptions.id, charge.purpose.subscriptionId))
      .for('update');
    if (!row || row.cancelledAt || row.endedAt || row.expiresAt.toISOString() !== charge.purpose.periodEnd) return;
    await failRenewal(deps, tx, row, deps.clock.now(), 'payment_declined', DECLINED_RENEWAL);
  },
});

/** Charges from before the charge pattern: they bought a subscription if one names them, else they go back. */
registerChargePurpose('legacy', {
  async onPaid(_deps, tx, charge) {
    const [bought] = await tx
      .select({ id: suburbSubscriptions.id })
      .from(suburbSubscriptions)
      .where(eq(suburbSubscriptions.lastChargeId, charge.id))
      .limit(1);
    if (!bought) return { refund: REFUND_REASONS.changed };
  },
  onFailed: async () => undefined,
});

/**
 * The `subscriptions.renew` job (every minute): reminders a week ahead, then every subscription due within
 * the hour is renewed, or ends when auto-renewal is off or the charge fails. Bounded per run; safe to run twice.
 */
export async function processSubscriptionRenewals(deps: Deps, options: { batchSize?: number; maxBatches?: number } = {}) {
  const batchSize = options.batchSize ?? 100;
  const maxBatches = options.maxBatches ?? 20;
  const now = deps.clock.now();
  const result = { reminded: await sendRenewalReminders(deps, now, batchSize * maxBatches), renewed: 0, failed: 0, ended: 0 };
  const seen = new Set<string>();
  for (let batch = 0; batch < maxBatches; batch++) {
    const due = await deps.db
      .select({ id: suburbSubscriptions.id })
      .from(suburbSubscriptions)
      .where(
        and(
          isNull(suburbSubscriptions.cancelledAt),
          isNull(suburbSubscriptions.endedAt),
          eq(suburbSubscriptions.isManuallyManaged, false),
          lte(suburbSubscriptions.expiresAt, new Date(now.getTime() + RENEWAL_LEAD_MS)),
        ),
      )
      .orderBy(asc(suburbSubscriptions.expiresAt))
      .limit(batchSize + seen.size);
    const fresh = due.filter((d) => !seen.has(d.id));
    if (!fresh.length) break;
    for (const { id } of fresh) {
      seen.add(id);
      try {
        const outcome = await renewOne(deps, id);
        if (outcome !== 'skipped') result[outcome]++;
      } catch (error) {
        deps.logger.error({ err: error, suburbSubscriptionId: id }, 'subscription renewal failed; will retry');
      }
    }
  }
  return result;
}
