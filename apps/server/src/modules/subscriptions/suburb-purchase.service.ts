import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { suburbLabel } from '@listwise/domain/address-line';
import { suburbSelectionSchema } from '@listwise/domain/agent-profile';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS } from '@listwise/domain/payments';
import { remainingFreeTrials } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { SubscriptionReceiptEmail } from '../notifications/templates/subscription-emails.tsx';
import { charges } from '../../db/schema/payments.ts';
import { findOpenChargesOfUser, recordChargeIntent, settleCharge } from '../payments/charges.service.ts';
import type { ChargePurposeHandler } from '../payments/charge-purposes.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';
import { getSetting } from '../settings/settings.service.ts';
import type { SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { addSubscriptionPeriod, refundedAnswer, refundFor, settingsLink } from './subscriptions.service.ts';
import { claimSuburbPlaces, countFreeTrialsClaimed, inAgentTransaction, judgeSuburbClaim } from './subscription-capacity.ts';
import { liveSubscription } from '../../db/live-subscription.ts';

/** Claiming suburbs: free trials first, then the purchase on the default card, under the suburb locks (subscriptions.service.ts). */

/** Basic details (name and mobile number) are what an agent needs before claiming suburbs. */
async function assertBasicDetails(db: Tx, user: UserRow) {
  const profile = await db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, user.id) });
  if (!profile?.name || !user.mobileNumber) throw new AppError('agents_profile_is_incomplete');
}

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
 * The schema tells the rules and codes. Nothing is created until the payment's outcome is recorded, so a crash
 * between the charge and the insert leaves a payment the outcome recorder completes, never a suburb without one.
 */
export async function subscribeToSuburbs(deps: Deps, user: UserRow, input: { suburbIds: readonly (string | number)[] }) {
  const { suburbIds } = parseInput(suburbSelectionSchema, { suburbIds: [...input.suburbIds] });
  await assertBasicDetails(deps.db, user);

  const started = await inAgentTransaction(deps, user.id, async (tx): Promise<{ rows: SubscriptionRow[] } | { charge: ChargeRow }> => {
    const now = deps.clock.now();
    const locked = await claimSuburbPlaces(tx, { agentUserId: user.id, suburbIds, now, isNewClaim: true });
    const byId = new Map(locked.map((s) => [s.id, s]));
    // One query at a time: a transaction is one connection, and pg (9) refuses a query while another is running.
    const open = await findOpenChargesOfUser(tx, user.id);
    if (open.some((c) => c.purpose.type === 'suburb-purchase')) throw new AppError('invalid_state');

    const claimed = await countFreeTrialsClaimed(tx, user.id);
    const allowed = await getSetting(tx, 'totalFreeTrialsAllowed');
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
        liveSubscription(deps.clock.now()),
      ),
    )
    .orderBy(asc(suburbSubscriptions.createdAt));
  return rows;
}

/**
 * The outcome of a suburb purchase: the whole claim becomes live, or the payment goes back (the places are
 * claimed again now: a suburb filled, the agent suspended or the account closed meanwhile refunds it).
 */
export const suburbPurchaseChargePurpose: ChargePurposeHandler = {
  async onPaid(deps, tx, charge) {
    if (charge.purpose.type !== 'suburb-purchase') throw new Error('not a suburb purchase');
    const { suburbIds, freeTrials } = charge.purpose;
    const now = deps.clock.now();
    const claim = await judgeSuburbClaim(tx, { agentUserId: charge.userId, suburbIds, now, exceptChargeId: charge.id, isNewClaim: true });
    if (claim.refusal) return refundFor(claim.refusal);
    const rows = await insertSubscriptions(tx, charge.userId, suburbIds, freeTrials, now, charge.id);
    const paid = rows.filter((r) => !r.isFreeTrial);
    await tx
      .update(charges)
      .set({ referenceId: paid.map((r) => r.id).join(',') })
      .where(eq(charges.id, charge.id));
    const [agent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, charge.userId));
    if (agent?.email) {
      const byId = new Map(claim.suburbs.map((s) => [s.id, s]));
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
};
