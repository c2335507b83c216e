import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { suburbSelectionSchema } from '@listwise/domain/agent-profile';
import { MAX_AGENT_SUBURBS, SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from '@listwise/domain/constants';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS } from '@listwise/domain/payments';
import { gstPartOfInclusiveCents, remainingFreeTrials } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
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
import { chargeDefaultCard, refundCharge, type ChargeRow } from '../payments/payments.service.ts';
import { issueTaxInvoice } from '../payments/tax-invoices.service.ts';
import { getSetting } from '../settings/settings.service.ts';
import { countLiveSubscriptions, type SuburbRow } from '../suburbs/suburbs.service.ts';
import { createSemaphore } from './semaphore.ts';

/**
 * Suburb subscriptions: claiming suburbs (free trials first, then $495 a year each on the default card), the
 * per-suburb agent maximum under concurrency, cancelling (auto-renewal off) and renewing, and the renewal job.
 *
 * Capacity: every path that adds a live subscription locks the suburb rows (`lockSuburbsForSubscription`, in id
 * order, so two callers never deadlock), counts the live subscriptions and inserts inside one transaction, so
 * concurrent callers queue on the lock and the count they see is final. Money is taken only after capacity is
 * secured, still inside the transaction: a decline throws and rolls everything back. The ledger row of the
 * attempt is written on its own connection (see payments.service), so a declined attempt stays recorded.
 */

export type SubscriptionRow = typeof suburbSubscriptions.$inferSelect;

export const SUBSCRIPTION_QUEUES = { renew: 'subscriptions.renew' } as const;

/** How long before its end date the job renews a subscription, so the agent's place is never free in between. */
export const RENEWAL_LEAD_MS = 60 * 60 * 1000;
/** Renewal reminders go out a week before the end date. */
export const RENEWAL_REMINDER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A transaction that charges needs a second pooled connection (the ledger, the test gateway) while it holds its
 * locks. Bounding how many such transactions run at once in this process keeps the pool from being exhausted by
 * callers queued on the same suburb lock.
 */
const subscriptionWriters = createSemaphore(4);

/** The end of a 12-month period (a 29 February start ends on 28 February). */
export function addSubscriptionPeriod(from: Date): Date {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  if (end.getUTCMonth() !== from.getUTCMonth()) end.setUTCDate(0);
  return end;
}

const isLive = (s: SubscriptionRow, now: Date) => !s.cancelledAt && s.expiresAt > now;

const suburbLabel = (s: Pick<SuburbRow, 'name' | 'state' | 'postcode'>) => `${s.name} ${s.state} ${s.postcode}`;

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
 * FOR NO KEY UPDATE, not FOR UPDATE: the ledger row written on another connection references the user, and
 * its foreign-key check must not wait for this transaction.
 */
async function inAgentTransaction<T>(deps: Deps, agentUserId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return subscriptionWriters.run(() =>
    deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, agentUserId)).for('no key update');
      return work(tx);
    }),
  );
}

/**
 * Runs a transaction that may charge the agent; `work` hands each succeeded charge to `onCharged` with its
 * transaction. The charge's tax invoice is issued in that transaction, so it exists exactly when the subscription
 * period it paid for does. If the transaction then fails to commit, the money is given back: an agent is never
 * charged for a subscription that does not exist.
 */
async function withChargeRollback<T>(
  deps: Deps,
  work: (onCharged: (tx: Tx, charge: ChargeRow) => Promise<void>) => Promise<T>,
): Promise<T> {
  let charged: ChargeRow | null = null;
  try {
    return await work(async (tx, charge) => {
      charged = charge;
      await issueTaxInvoice(deps, tx, charge);
    });
  } catch (error) {
    if (charged) await refundCharge(deps, charged);
    throw error;
  }
}

/**
 * subscribeToSuburbs: claims the suburbs, in the order given. The first (totalFreeTrialsAllowed − claimed) are
 * free trials; the rest cost $495 each for 12 months, charged to the default card in one payment. Rules:
 * basic details present (`agents_profile_is_incomplete`); every suburb exists (`not_found`); none already held
 * by the agent (`some_suburb_already_subscribed_to`); each below its agent maximum (`some_suburb_at_capacity`);
 * selected plus free trials claimed (or plus suburbs already held) at most MAX_AGENT_SUBURBS (`validation_failed`);
 * a card when something is to pay (`user_missing_stripe_customer`); the charge succeeds (`payment_declined`).
 */
export async function subscribeToSuburbs(deps: Deps, user: UserRow, input: { suburbIds: readonly (string | number)[] }) {
  const { suburbIds } = parseInput(suburbSelectionSchema, { suburbIds: [...input.suburbIds] });
  await assertBasicDetails(deps.db, user);

  const created = await withChargeRollback(deps, (onCharged) =>
    inAgentTransaction(deps, user.id, async (tx) => {
      const now = deps.clock.now();
      const locked = await lockSuburbsForSubscription(tx, suburbIds);
      if (locked.length !== suburbIds.length) throw new AppError('not_found', 'suburbIds');
      const byId = new Map(locked.map((s) => [s.id, s]));

      const mine = await findLiveSubscriptions(tx, user.id, now);
      if (mine.some((s) => byId.has(s.suburbId))) throw new AppError('some_suburb_already_subscribed_to');

      const counts = await countLiveSubscriptions(tx, suburbIds, now);
      if (locked.some((s) => (counts.get(s.id) ?? 0) >= s.subscribedAgentsMax)) throw new AppError('some_suburb_at_capacity');

      const [claimed, allowed] = await Promise.all([countFreeTrialsClaimed(tx, user.id), getSetting(tx, 'totalFreeTrialsAllowed')]);
      if (suburbIds.length + Math.max(claimed, mine.length) > MAX_AGENT_SUBURBS) throw new AppError('validation_failed', 'suburbIds');
      const freeLeft = remainingFreeTrials(allowed, claimed);

      const expiresAt = addSubscriptionPeriod(now);
      const rows = await tx
        .insert(suburbSubscriptions)
        .values(
          suburbIds.map((suburbId, index) => ({
            agentUserId: user.id,
            suburbId,
            isFreeTrial: index < freeLeft,
            freeTrialClaimed: index < freeLeft,
            startsAt: now,
            expiresAt,
            autoRenew: true,
            createdAt: new Date(now.getTime() + index), // keeps the chosen order when listed
          })),
        )
        .returning();

      const paid = rows.filter((r) => !r.isFreeTrial);
      if (paid.length) {
        const names = paid.map((r) => suburbLabel(byId.get(r.suburbId)!));
        const charge = await chargeDefaultCard(deps, {
          userId: user.id,
          amountCents: paid.length * SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS,
          kind: 'SUBSCRIPTION',
          description: `Suburb subscription, 12 months: ${names.join(', ')}`,
          idempotencyKey: `subscription:${paid[0]!.id}`,
          referenceId: paid.map((r) => r.id).join(','),
        });
        await onCharged(tx, charge);
        await tx
          .update(suburbSubscriptions)
          .set({ lastChargeId: charge.id })
          .where(
            inArray(
              suburbSubscriptions.id,
              paid.map((r) => r.id),
            ),
          );
        if (user.email) {
          await queueEmail(deps, tx, {
            to: user.email,
            subject: 'Your Listwise suburb subscription is confirmed',
            template: 'subscription-receipt',
            body: SubscriptionReceiptEmail({
              suburbNames: names,
              amountCents: charge.amountCents,
              gstCents: charge.gstCents,
              expiresAt,
              link: settingsLink(deps),
            }),
          });
        }
        return rows.map((r) => (r.isFreeTrial ? r : { ...r, lastChargeId: charge.id }));
      }
      return rows;
    }),
  );
  return created;
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
  const [updated] = await deps.db
    .update(suburbSubscriptions)
    .set({ autoRenew: false })
    .where(and(eq(suburbSubscriptions.id, suburbSubscriptionId), eq(suburbSubscriptions.agentUserId, user.id)))
    .returning();
  return updated!;
}

/**
 * renewSuburbSubscription: turns auto-renewal back on. A subscription that has already lapsed starts a new
 * 12-month period now and is charged $495 at once, if the suburb still has a place (`some_suburb_at_capacity`)
 * and the agent has not claimed it again meanwhile (`some_suburb_already_subscribed_to`).
 */
export async function renewSuburbSubscription(deps: Deps, user: UserRow, suburbSubscriptionId: string): Promise<SubscriptionRow> {
  const current = await findOwnSubscription(deps.db, user.id, suburbSubscriptionId);
  if (isLive(current, deps.clock.now())) {
    const [updated] = await deps.db
      .update(suburbSubscriptions)
      .set({ autoRenew: true, renewalFailureCode: null })
      .where(eq(suburbSubscriptions.id, current.id))
      .returning();
    return updated!;
  }
  return withChargeRollback(deps, (onCharged) =>
    inAgentTransaction(deps, user.id, async (tx) => {
      const now = deps.clock.now();
      const row = await findOwnSubscription(tx, user.id, suburbSubscriptionId, true);
      if (isLive(row, now)) {
        const [updated] = await tx
          .update(suburbSubscriptions)
          .set({ autoRenew: true })
          .where(eq(suburbSubscriptions.id, row.id))
          .returning();
        return updated!;
      }
      const [suburb] = await lockSuburbsForSubscription(tx, [row.suburbId]);
      const mine = await findLiveSubscriptions(tx, user.id, now);
      if (mine.some((s) => s.suburbId === row.suburbId)) throw new AppError('some_suburb_already_subscribed_to');
      const counts = await countLiveSubscriptions(tx, [row.suburbId], now);
      if ((counts.get(row.suburbId) ?? 0) >= suburb!.subscribedAgentsMax) throw new AppError('some_suburb_at_capacity');

      const charge = await chargeDefaultCard(deps, {
        userId: user.id,
        amountCents: SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS,
        kind: 'RENEWAL',
        description: `Suburb subscription renewal, 12 months: ${suburbLabel(suburb!)}`,
        // A fresh key per attempt: the row lock above makes attempts on one subscription run one at a time.
        idempotencyKey: `renewal:${row.id}:${row.expiresAt.toISOString()}:reactivate:${crypto.randomUUID()}`,
        referenceId: row.id,
      });
      await onCharged(tx, charge);
      const [updated] = await tx
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
        .where(eq(suburbSubscriptions.id, row.id))
        .returning();
      return updated!;
    }),
  );
}

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

/** Renews one due subscription (charge $495, extend 12 months), or records why it could not, and tells the agent. */
async function renewOne(deps: Deps, subscriptionId: string): Promise<RenewalResult> {
  return withChargeRollback(deps, (onCharged) =>
    subscriptionWriters.run(() =>
      deps.db.transaction(async (tx): Promise<RenewalResult> => {
        const now = deps.clock.now();
        const [row] = await tx
          .select()
          .from(suburbSubscriptions)
          .where(
            and(eq(suburbSubscriptions.id, subscriptionId), isNull(suburbSubscriptions.cancelledAt), isNull(suburbSubscriptions.endedAt)),
          )
          .for('update', { skipLocked: true });
        if (!row || row.isManuallyManaged || row.expiresAt.getTime() > now.getTime() + RENEWAL_LEAD_MS) return 'skipped';
        const { agent, suburb } = await loadRenewalContext(tx, row);
        const label = suburbLabel(suburb);

        const end = async (): Promise<RenewalResult> => {
          if (row.expiresAt > now) return 'skipped'; // runs to its end date; ended on a later run
          await tx.update(suburbSubscriptions).set({ endedAt: now, autoRenew: false }).where(eq(suburbSubscriptions.id, row.id));
          if (agent?.email) {
            await queueEmail(deps, tx, {
              to: agent.email,
              subject: `Your ${suburb.name} subscription has ended`,
              template: 'subscription-ended',
              body: SubscriptionEndedEmail({ suburbName: label, link: settingsLink(deps) }),
            });
          }
          return 'ended';
        };
        const fail = async (code: string, reason: string): Promise<RenewalResult> => {
          await tx
            .update(suburbSubscriptions)
            .set({ autoRenew: false, renewalFailureCode: code })
            .where(eq(suburbSubscriptions.id, row.id));
          if (agent?.email) {
            await queueEmail(deps, tx, {
              to: agent.email,
              subject: `We couldn't renew your ${suburb.name} subscription`,
              template: 'subscription-renewal-failed',
              body: SubscriptionRenewalFailedEmail({
                suburbName: label,
                reason,
                endsAt: row.expiresAt > now ? row.expiresAt : now,
                link: settingsLink(deps),
              }),
            });
          }
          if (row.expiresAt <= now) await tx.update(suburbSubscriptions).set({ endedAt: now }).where(eq(suburbSubscriptions.id, row.id));
          return 'failed';
        };

        if (!row.autoRenew) return end();

        // Renewed late (the job was down past the end date): the place may have been taken meanwhile.
        if (row.expiresAt <= now) {
          const [lockedSuburb] = await lockSuburbsForSubscription(tx, [row.suburbId]);
          const counts = await countLiveSubscriptions(tx, [row.suburbId], now);
          if ((counts.get(row.suburbId) ?? 0) >= lockedSuburb!.subscribedAgentsMax) {
            return fail('some_suburb_at_capacity', `${label} has no free place left for another year.`);
          }
        }

        let charge: ChargeRow;
        try {
          charge = await chargeDefaultCard(deps, {
            userId: row.agentUserId,
            amountCents: SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS,
            kind: 'RENEWAL',
            description: `Suburb subscription renewal, 12 months: ${label}`,
            // One key per subscription period: a retried job never charges twice for the same year.
            idempotencyKey: `renewal:${row.id}:${row.expiresAt.toISOString()}`,
            referenceId: row.id,
          });
        } catch (error) {
          if (error instanceof AppError && error.code === 'payment_declined') {
            return fail(error.code, 'Your card was declined when we tried to charge the $495 renewal.');
          }
          if (error instanceof AppError && error.code === 'user_missing_stripe_customer') {
            return fail(error.code, 'You have no saved card for us to charge the $495 renewal.');
          }
          throw error; // provider unreachable: the job retries, and the same key makes the retry safe
        }
        await onCharged(tx, charge);
        const startsAt = row.expiresAt > now ? row.expiresAt : now;
        const expiresAt = addSubscriptionPeriod(startsAt);
        await tx
          .update(suburbSubscriptions)
          .set({ startsAt, expiresAt, isFreeTrial: false, lastChargeId: charge.id, renewalFailureCode: null })
          .where(eq(suburbSubscriptions.id, row.id));
        if (agent?.email) {
          await queueEmail(deps, tx, {
            to: agent.email,
            subject: `Your ${suburb.name} subscription has renewed`,
            template: 'subscription-renewed',
            body: SubscriptionRenewedEmail({
              suburbName: label,
              amountCents: charge.amountCents,
              gstCents: gstPartOfInclusiveCents(charge.amountCents),
              expiresAt,
              link: settingsLink(deps),
            }),
          });
        }
        return 'renewed';
      }),
    ),
  );
}

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
