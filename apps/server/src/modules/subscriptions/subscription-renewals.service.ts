import { suburbYearPriceWords } from '@listwise/domain/agent-fees';
import { and, asc, eq, gt, isNull, like, lte, ne, or } from 'drizzle-orm';
import { suburbLabel } from '@listwise/domain/address-line';
import { formatDateInZone } from '@listwise/domain/format';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS } from '@listwise/domain/payments';
import { gstPartOfInclusiveCents } from '@listwise/domain/pricing';
import { addSubscriptionPeriod } from '@listwise/domain/subscriptions';
import { timeZoneOfState } from '@listwise/domain/time-zones';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { charges } from '../../db/schema/payments.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import { queueEmail } from '../notifications/email.service.ts';
import {
  SubscriptionEndedEmail,
  SubscriptionRenewalFailedEmail,
  SubscriptionRenewalReminderEmail,
  SubscriptionRenewedEmail,
} from '../notifications/templates/subscription-emails.tsx';
import { recordChargeIntent, settleCharge } from '../payments/charges.service.ts';
import type { ChargePurposeHandler } from '../payments/charge-purposes.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';
import { hasDefaultPaymentMethod } from '../payments/payments.service.ts';
import type { SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { REFUND_REASONS, RENEWAL_LEAD_MS, RENEWAL_REMINDER_MS, refundFor, settingsLink } from './subscriptions.service.ts';
import { judgeSuburbClaim, lockAgent } from './subscription-capacity.ts';

/** The renewal job: reminders a week ahead, then each due subscription renewed on the agent's card, or ended. */

// ---- The renewal job ----

interface AgentContact {
  email: string | null;
}

async function loadRenewalContext(tx: Tx, row: SubscriptionRow) {
  const [agent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.agentUserId));
  const [suburb] = await tx.select().from(suburbs).where(eq(suburbs.id, row.suburbId));
  return { agent: agent as AgentContact | undefined, suburb: suburb! };
}

/** Subscriptions the renewal job looks after: not cancelled, not ended, and not managed by hand by an operator. */
const runningByItself = () => [
  isNull(suburbSubscriptions.cancelledAt),
  isNull(suburbSubscriptions.endedAt),
  eq(suburbSubscriptions.isManuallyManaged, false),
];

/** Sends the week-ahead reminders; each subscription period is reminded once. */
async function sendRenewalReminders(deps: Deps, now: Date, limit: number): Promise<number> {
  const due = await deps.db
    .select({ id: suburbSubscriptions.id })
    .from(suburbSubscriptions)
    .where(
      and(
        ...runningByItself(),
        eq(suburbSubscriptions.autoRenew, true),
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
      // The date where the suburb is, in the subject as in the body (a UTC date is the day before in the small hours).
      const timeZone = timeZoneOfState(suburb.state);
      await queueEmail(deps, tx, {
        to: agent.email,
        subject: `Your ${suburb.name} subscription renews on ${formatDateInZone(claimed.expiresAt, timeZone)}`,
        template: 'subscription-renewal-reminder',
        optional: { category: 'RENEWAL_NOTICES', userId: claimed.agentUserId },
        body: SubscriptionRenewalReminderEmail({
          suburbName: suburbLabel(suburb),
          renewsAt: claimed.expiresAt,
          timeZone,
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

const RENEWAL_PRICE = suburbYearPriceWords(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS).amount;
const DECLINED_RENEWAL = `Your card was declined when we tried to charge the ${RENEWAL_PRICE} renewal.`;

/** Tries at most this many renewal charges for one period; the agent turns auto-renewal back on for each after the first. */
export const MAX_RENEWAL_ATTEMPTS = 3;

/** Messages for the refusals of a renewal's claim (after its end date), as the agent reads them. */
const claimRefusalMessage = (code: string, suburbName: string) =>
  ({
    agent_suspended: 'Your account is suspended, so the suburb cannot be renewed.',
    account_already_deleted: 'Your account is closed.',
    validation_failed: 'You already hold five suburbs.',
    some_suburb_already_subscribed_to: `You subscribed to ${suburbName} again meanwhile.`,
  })[code] ?? `${suburbName} has no free place left for another year.`;

/**
 * A renewal after its end date claims the subscription's place again (but for its own charge's hold). Refused: the
 * renewal fails (auto-renewal off, the agent told), and the refusal is answered.
 */
async function reclaimPlaceOrFail(deps: Deps, tx: Tx, row: SubscriptionRow, now: Date, exceptChargeId?: string) {
  const { refusal } = await judgeSuburbClaim(tx, {
    agentUserId: row.agentUserId,
    suburbIds: [row.suburbId],
    now,
    exceptChargeId,
    isNewClaim: false,
  });
  if (!refusal) return null;
  const { suburb } = await loadRenewalContext(tx, row);
  const code = refusal === 'not_found' ? 'some_suburb_at_capacity' : refusal;
  await failRenewal(deps, tx, row, now, code, claimRefusalMessage(code, suburbLabel(suburb)));
  return refusal;
}

/** The renewal charges made for the subscription's current period, first attempt first. */
async function findRenewalAttempts(tx: Tx, row: SubscriptionRow) {
  const key = renewalKey(row);
  const rows = await tx
    .select()
    .from(charges)
    .where(and(eq(charges.userId, row.agentUserId), or(eq(charges.idempotencyKey, key), like(charges.idempotencyKey, `${key}:%`))));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** One key per subscription period (and attempt): a retried job never charges twice for the same year. */
const renewalKey = (row: SubscriptionRow, attempt = 1) =>
  `renewal:${row.id}:${row.expiresAt.toISOString()}${attempt > 1 ? `:${attempt}` : ''}`;

/** A charge that bought nothing: declined, never charged, or refunded by its outcome. */
const boughtNothing = (charge: ChargeRow) => charge.status === 'FAILED' || !!charge.refundReason;

/**
 * Renews one due subscription: the intent (or why there is none: auto-renewal off, no card, no place) under the
 * agent's and the subscription's row locks, then the charge with no lock held, then its outcome (charges.service).
 * A renewal the job started earlier and a crash interrupted is resumed with its key. A period whose renewal was
 * settled without renewing it (declined, refunded) is tried again only when the agent turned auto-renewal back on
 * since, at most MAX_RENEWAL_ATTEMPTS times; otherwise the subscription ends at its end date, and the agent is told.
 */
async function renewOne(deps: Deps, subscriptionId: string): Promise<RenewalResult> {
  const started = await deps.db.transaction(async (tx): Promise<RenewalResult | { charge: ChargeRow }> => {
    const now = deps.clock.now();
    const [candidate] = await tx
      .select({ agentUserId: suburbSubscriptions.agentUserId })
      .from(suburbSubscriptions)
      .where(eq(suburbSubscriptions.id, subscriptionId));
    if (!candidate) return 'skipped';
    // The agent, then the subscription: the order every claim and the agent's own requests take them in.
    await lockAgent(tx, candidate.agentUserId);
    const [row] = await tx
      .select()
      .from(suburbSubscriptions)
      .where(and(eq(suburbSubscriptions.id, subscriptionId), isNull(suburbSubscriptions.cancelledAt), isNull(suburbSubscriptions.endedAt)))
      .for('update', { skipLocked: true });
    if (!row || row.isManuallyManaged || row.expiresAt.getTime() > now.getTime() + RENEWAL_LEAD_MS) return 'skipped';
    if (!row.autoRenew) return endSubscription(deps, tx, row, now);

    const attempts = await findRenewalAttempts(tx, row);
    const open = attempts.find((c) => !c.fulfilledAt);
    if (open) return { charge: open };
    if (attempts.length >= MAX_RENEWAL_ATTEMPTS || !attempts.every(boughtNothing)) return endSubscription(deps, tx, row, now);

    // Renewed late (the job was down past the end date): the place is claimed again, as any claim is.
    if (row.expiresAt <= now && (await reclaimPlaceOrFail(deps, tx, row, now))) return 'failed';
    const { suburb } = await loadRenewalContext(tx, row);
    if (!(await hasDefaultPaymentMethod(tx, row.agentUserId, deps))) {
      return failRenewal(
        deps,
        tx,
        row,
        now,
        'user_missing_stripe_customer',
        `You have no saved card for us to charge the ${RENEWAL_PRICE} renewal.`,
      );
    }
    const { charge } = await recordChargeIntent(deps, tx, {
      userId: row.agentUserId,
      amountCents: SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS,
      kind: 'RENEWAL',
      description: `Suburb subscription renewal, 12 months: ${suburbLabel(suburb)}`,
      idempotencyKey: renewalKey(row, attempts.length + 1),
      referenceId: row.id,
      // The renewal holds the suburb's place from the end date on, while its payment is still in flight.
      purpose: { type: 'renewal', subscriptionId: row.id, periodEnd: row.expiresAt.toISOString(), suburbIds: [row.suburbId] },
    });
    return { charge };
  });
  if (typeof started === 'string') return started;
  // The provider unreachable throws: the job logs it, and the reconciler or the next run resumes the same key.
  const final = await settleCharge(deps, started.charge);
  return final.status === 'FAILED' || final.refundReason ? 'failed' : 'renewed';
}

/** The subscription a renewal charge is for (locked when asked), while it still waits for this renewal; null otherwise. */
async function subscriptionAwaiting(tx: Tx, charge: ChargeRow, options: { lock?: boolean } = {}) {
  if (charge.purpose.type !== 'renewal') return null;
  const query = tx.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.id, charge.purpose.subscriptionId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || row.cancelledAt || row.endedAt || row.expiresAt.toISOString() !== charge.purpose.periodEnd) return null;
  return row;
}

/**
 * The outcome of a renewal: 12 more months from the end date (or from now, if late), or the payment goes back:
 * the subscription changed (cancelled, ended, its period moved), the agent turned auto-renewal off meanwhile, or,
 * after the end date, its place cannot be claimed again (then the renewal fails and the agent is told).
 */
export const renewalChargePurpose: ChargePurposeHandler = {
  // An automatic renewal the provider never saw is charged again with its key, while the agent still wants it.
  resumeWhenAbsent: true,
  async stillWanted(_deps, tx, charge) {
    const row = await subscriptionAwaiting(tx, charge);
    return !!row && row.autoRenew && !row.isManuallyManaged;
  },
  async onPaid(deps, tx, charge) {
    if (charge.purpose.type !== 'renewal') throw new Error('not a renewal');
    const now = deps.clock.now();
    await lockAgent(tx, charge.userId);
    const row = await subscriptionAwaiting(tx, charge, { lock: true });
    if (!row) return { refund: REFUND_REASONS.changed };
    if (!row.autoRenew) return { refund: REFUND_REASONS.autoRenewOff };
    if (row.expiresAt <= now) {
      const refusal = await reclaimPlaceOrFail(deps, tx, row, now, charge.id);
      if (refusal) return refundFor(refusal);
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
    await lockAgent(tx, charge.userId);
    const row = await subscriptionAwaiting(tx, charge, { lock: true });
    // Turned off by the agent meanwhile: nothing to tell; the job ends the subscription at its end date.
    if (!row || !row.autoRenew) return;
    await failRenewal(deps, tx, row, deps.clock.now(), 'payment_declined', DECLINED_RENEWAL);
  },
};

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
      .where(and(...runningByItself(), lte(suburbSubscriptions.expiresAt, new Date(now.getTime() + RENEWAL_LEAD_MS))))
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
