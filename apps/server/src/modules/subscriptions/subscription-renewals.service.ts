import { and, asc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import { suburbLabel } from '@listwise/domain/address-line';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS } from '@listwise/domain/payments';
import { gstPartOfInclusiveCents } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
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
import { findChargeByKey, recordChargeIntent, registerChargePurpose, settleCharge } from '../payments/charges.service.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';
import { hasDefaultPaymentMethod } from '../payments/payments.service.ts';
import { theRow } from '../../lib/rows.ts';
import type { SubscriptionRow } from '../../db/schema/subscriptions.ts';
import {
  REFUND_REASONS,
  RENEWAL_LEAD_MS,
  RENEWAL_REMINDER_MS,
  addSubscriptionPeriod,
  lockSuburbsForSubscription,
  settingsLink,
} from './subscriptions.service.ts';
import { countPlacesTaken } from './subscription-capacity.ts';

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
