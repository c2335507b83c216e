import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { refuseSuburbClaim, type SuburbClaimRefusal } from '@listwise/domain/subscriptions';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { agentSuspensions } from '../../db/schema/licences.ts';
import { charges, type ChargeRow } from '../../db/schema/payments.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs, type SuburbRow } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { isIntegerId } from '../../lib/ids.ts';
import { countLiveSubscriptions } from '../suburbs/suburbs.service.ts';
import { liveSubscription } from '../../db/live-subscription.ts';

/**
 * Suburb places: the one function that judges a claim of them (`judgeSuburbClaim`; `claimSuburbPlaces` throws its
 * refusal), the places each suburb has taken, and the locks every claim takes first. Every path that makes a
 * subscription live (claiming suburbs with free trials or a purchase, the purchase's outcome, a renewal after its end
 * date and its outcome, a reactivation and its outcome) claims through it, so the suburb's maximum, the agent's five suburbs, suspension and a closed account
 * are asked the same way on each (the rules themselves: @listwise/domain/subscriptions).
 */

/**
 * Runs `work` in a transaction that holds the agent's row lock: one subscription change per agent at a time.
 * FOR NO KEY UPDATE, not FOR UPDATE: rows referencing the user (the ledger) can still be written meanwhile.
 * No money moves inside it.
 */
export async function inAgentTransaction<T>(deps: Deps, agentUserId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    await lockAgent(tx, agentUserId);
    return work(tx);
  });
}

export const lockAgent = (tx: Tx, agentUserId: string) =>
  tx.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.id, agentUserId)).for('no key update');

/**
 * Locks the suburbs' rows (in id order) for the rest of the transaction, so the per-suburb maximum holds whatever
 * the timing, and two claimers never deadlock. FOR NO KEY UPDATE: claimers queue on each other, while rows merely
 * referencing the suburb (a property, a subscription inserted by the lock holder) can still be written.
 */
export async function lockSuburbsForSubscription(tx: Tx, suburbIds: number[]): Promise<SuburbRow[]> {
  // An id no integer column can hold (a client's 2147483648) locks nothing; the claim answers not_found.
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

/**
 * Places held by open charges (a purchase, a reactivation or a renewal under way), per suburb, but
 * `exceptChargeId`'s: they count against the suburb's maximum as live subscriptions do, until the charge's
 * outcome is recorded. A renewal of a subscription still live holds nothing more (the subscription counts); once
 * its end date passes with the payment still in flight, the renewal holds the place, so the agent never loses it
 * to Listwise's or the provider's outage.
 */
export async function countHeldPlaces(db: Tx, suburbIds: number[], now: Date, exceptChargeId?: string): Promise<Map<number, number>> {
  if (!suburbIds.length) return new Map();
  const rows = await db.execute<{ suburb_id: number; held: number }>(sql`
    select (held.value)::int as suburb_id, count(*)::int as held
    from ${charges} c, jsonb_array_elements(c.purpose -> 'suburbIds') as held
    where c.fulfilled_at is null and c.purpose ? 'suburbIds'
      ${exceptChargeId ? sql`and c.id <> ${exceptChargeId}` : sql``}
      and (held.value)::int in (${sql.join(
        suburbIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and not exists (select 1 from ${suburbSubscriptions}
        where ${suburbSubscriptions.id}::text = c.purpose ->> 'subscriptionId' and ${liveSubscription(now)})
    group by 1`);
  return new Map(rows.rows.map((r) => [Number(r.suburb_id), Number(r.held)]));
}

/** Places taken in each suburb: live subscriptions and places held by open charges (but `exceptChargeId`'s). */
export async function countPlacesTaken(tx: Tx, suburbIds: number[], now: Date, exceptChargeId?: string) {
  // One query at a time: a transaction is one connection, and pg (9) refuses a query while another is running.
  const live = await countLiveSubscriptions(tx, suburbIds, now);
  const held = await countHeldPlaces(tx, suburbIds, now, exceptChargeId);
  return new Map(suburbIds.map((id) => [id, (live.get(id) ?? 0) + (held.get(id) ?? 0)]));
}

/** Suburbs the agent's open charges hold (a purchase, a reactivation or a renewal under way). */
export const suburbsHeldBy = (open: ChargeRow[]) =>
  new Set(open.flatMap((c) => (c.purpose && 'suburbIds' in c.purpose ? (c.purpose.suburbIds ?? []) : [])));

/** The suburbs the agent holds: live subscriptions, and suburbs its open charges (but `exceptChargeId`) hold. */
async function suburbsHeldByAgent(tx: Tx, agentUserId: string, now: Date, exceptChargeId?: string): Promise<Set<number>> {
  const live = await tx
    .select({ suburbId: suburbSubscriptions.suburbId })
    .from(suburbSubscriptions)
    .where(and(eq(suburbSubscriptions.agentUserId, agentUserId), liveSubscription(now)));
  const open = await tx
    .select()
    .from(charges)
    .where(and(eq(charges.userId, agentUserId), isNull(charges.fulfilledAt)));
  const held = suburbsHeldBy(open.filter((c) => c.id !== exceptChargeId));
  for (const { suburbId } of live) held.add(suburbId);
  return held;
}

export interface SuburbClaim {
  agentUserId: string;
  suburbIds: number[];
  now: Date;
  /** The charge whose outcome is being recorded: its own held places are not counted against it. */
  exceptChargeId?: string | undefined;
  /** A new claim (sign-up, adding suburbs) counts every free trial claimed; bringing back a suburb held before does not. */
  isNewClaim: boolean;
}

/**
 * Judges a claim of places for the agent in the suburbs, in the caller's transaction, before it makes subscriptions
 * live or records the intent that holds the places. Locks the agent and the suburbs (in that order, as every
 * claimer does) and answers the locked suburbs with the refusal, if any, in the order the rules are asked:
 * `account_already_deleted`, `agent_suspended`, `not_found`, `some_suburb_already_subscribed_to`,
 * `some_suburb_at_capacity`, `validation_failed` (more than five suburbs). Writes nothing.
 */
export async function judgeSuburbClaim(tx: Tx, claim: SuburbClaim): Promise<{ refusal: SuburbClaimRefusal | null; suburbs: SuburbRow[] }> {
  // One query at a time: a transaction is one connection, and pg (9) refuses a query while another is running.
  const [agent] = await lockAgent(tx, claim.agentUserId);
  const [suspension] = await tx
    .select({ at: agentSuspensions.suspendedAt })
    .from(agentSuspensions)
    .where(eq(agentSuspensions.agentUserId, claim.agentUserId));
  const locked = await lockSuburbsForSubscription(tx, claim.suburbIds);
  const heldByAgent = await suburbsHeldByAgent(tx, claim.agentUserId, claim.now, claim.exceptChargeId);
  const taken = await countPlacesTaken(
    tx,
    locked.map((s) => s.id),
    claim.now,
    claim.exceptChargeId,
  );
  const freeTrialsClaimed = claim.isNewClaim ? await countFreeTrialsClaimed(tx, claim.agentUserId) : null;
  const refusal = refuseSuburbClaim({
    accountClosed: !agent || !!agent.deletedAt,
    suspended: !!suspension,
    claimed: claim.suburbIds,
    suburbs: locked.map((s) => ({ id: s.id, subscribedAgentsMax: s.subscribedAgentsMax, taken: taken.get(s.id) ?? 0 })),
    heldByAgent,
    freeTrialsClaimed,
  });
  return { refusal, suburbs: locked };
}

/**
 * Claims places for the agent in the suburbs (`judgeSuburbClaim`), for a request: the refusal is thrown as its error
 * (`not_found` and `validation_failed` on field `suburbIds`). Answers the locked suburbs.
 */
export async function claimSuburbPlaces(tx: Tx, claim: SuburbClaim): Promise<SuburbRow[]> {
  const { refusal, suburbs: locked } = await judgeSuburbClaim(tx, claim);
  if (refusal) throw new AppError(refusal, refusal === 'not_found' || refusal === 'validation_failed' ? 'suburbIds' : undefined);
  return locked;
}
