import { MAX_AGENT_SUBURBS } from './constants.ts';

/**
 * The rules of suburb subscriptions that need no database: a subscription's 12-month period, what 'live' means,
 * and whether a claim of suburb places may be made. The server gathers the facts under its locks
 * (subscriptions/subscription-capacity.ts) and asks `refuseSuburbClaim`; every path that makes a subscription
 * live goes through it, so the per-suburb maximum, the five-suburb limit and suspension hold on all of them.
 */

/** The end of a 12-month period (a 29 February start ends on 28 February). */
export function addSubscriptionPeriod(from: Date): Date {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  if (end.getUTCMonth() !== from.getUTCMonth()) end.setUTCDate(0);
  return end;
}

/** Live: not cancelled, and its period has not run out. Only live subscriptions take a suburb's place. */
export const isSubscriptionLive = (s: { cancelledAt: Date | null; expiresAt: Date }, now: Date): boolean =>
  !s.cancelledAt && s.expiresAt.getTime() > now.getTime();

/** The places a suburb has left for another agent. */
export const placesLeft = (subscribedAgentsMax: number, taken: number): number => Math.max(0, subscribedAgentsMax - taken);

/**
 * How many more suburbs an agent may hold: at most MAX_AGENT_SUBURBS live or being paid for at once. A new claim
 * (sign-up, adding suburbs) also counts every free trial the agent ever claimed; bringing back a suburb the agent
 * held (a renewal, a reactivation) does not.
 */
export const agentSuburbsLeft = (held: number, freeTrialsClaimed = 0): number =>
  Math.max(0, MAX_AGENT_SUBURBS - Math.max(held, freeTrialsClaimed));

/** What is known, under the locks, about one claim of suburb places by one agent. */
export interface SuburbClaimFacts {
  accountClosed: boolean;
  suspended: boolean;
  /** The suburbs claimed. */
  claimed: readonly number[];
  /** The claimed suburbs that exist, with their maximum and the places taken by others. */
  suburbs: readonly { id: number; subscribedAgentsMax: number; taken: number }[];
  /** Suburbs the agent holds already (live, or a payment for them under way). */
  heldByAgent: ReadonlySet<number>;
  /** Free trials the agent ever claimed, for a new claim; null when the claim brings back a suburb held before. */
  freeTrialsClaimed: number | null;
}

/** Why a claim is refused, in the order the rules are asked (the API's error codes; the limit is `validation_failed`). */
export type SuburbClaimRefusal =
  | 'account_already_deleted'
  | 'agent_suspended'
  | 'not_found'
  | 'some_suburb_already_subscribed_to'
  | 'some_suburb_at_capacity'
  | 'validation_failed';

export function refuseSuburbClaim(facts: SuburbClaimFacts): SuburbClaimRefusal | null {
  if (facts.accountClosed) return 'account_already_deleted';
  if (facts.suspended) return 'agent_suspended';
  if (!facts.claimed.length || facts.suburbs.length !== new Set(facts.claimed).size) return 'not_found';
  if (facts.claimed.some((id) => facts.heldByAgent.has(id))) return 'some_suburb_already_subscribed_to';
  if (facts.suburbs.some((s) => placesLeft(s.subscribedAgentsMax, s.taken) === 0)) return 'some_suburb_at_capacity';
  if (facts.claimed.length > agentSuburbsLeft(facts.heldByAgent.size, facts.freeTrialsClaimed ?? 0)) return 'validation_failed';
  return null;
}
