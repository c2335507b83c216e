/** How a seller's property is shown on cards and its page (spec 001 'Seller home'). */
import { propertyAddressLine } from '@listwise/domain/address-line';
import type { CompleteType, PropertyState } from '@listwise/domain/enums';

/**
 * '3/12 Street Name, Suburb, STATE': the spec's card address with the street number (and unit) in front, so two
 * listings on one street can be told apart.
 */
export const cardAddress = (p: {
  unitNumber?: string | null;
  streetNumber?: string | null;
  streetName: string | null;
  suburb: { name: string; state: string } | null;
}): string => propertyAddressLine(p, { postcode: false, comma: true });

/** The full street address for the property page: '3/12 Smith Street, Bondi NSW 2026'. */
export const fullAddress = (p: {
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  suburb: { name: string; state: string; postcode?: string } | null;
}): string => propertyAddressLine(p);

export const isSoldUnconditionally = (p: { state: PropertyState; completeType: CompleteType | null }) =>
  p.state === 'COMPLETE' && p.completeType === 'SOLD_UNCONDITIONALLY';

export type BadgeTone = 'sold' | 'off-market' | 'appraisals' | 'waiting' | 'no-agents';

export interface PropertyStanding {
  state: PropertyState;
  completeType: CompleteType | null;
  appraisalCount: number;
  /** Agents asked (requests sent, and agents held for verification). */
  agentsAskedCount: number;
  /** Agents still to answer. */
  pendingAppraisalRequestCount: number;
  /** The listing is held until an operator verifies the seller's ownership: no request has gone out. */
  isAwaitingVerification?: boolean;
}

/**
 * The card badge: 'Sold' (sold unconditionally), 'Off market' (decided not to sell or not to use Listwise),
 * '{n} Appraisals', '1 Appraisal'; with none, 'On hold for verification' while the requests are held (none has
 * gone out), 'Waiting for appraisals' only while an agent is still to answer: a listing no agent was asked about
 * says 'Looking for agents', one whose requests all ran out 'No appraisals'.
 */
export function propertyBadge(p: PropertyStanding): { label: string; tone: BadgeTone } {
  if (p.state === 'COMPLETE')
    return isSoldUnconditionally(p) ? { label: 'Sold', tone: 'sold' } : { label: 'Off market', tone: 'off-market' };
  if (p.appraisalCount > 1) return { label: `${p.appraisalCount} Appraisals`, tone: 'appraisals' };
  if (p.appraisalCount === 1) return { label: '1 Appraisal', tone: 'appraisals' };
  if (p.isAwaitingVerification) return { label: 'On hold for verification', tone: 'waiting' };
  if (p.pendingAppraisalRequestCount > 0) return { label: 'Waiting for appraisals', tone: 'waiting' };
  if (p.agentsAskedCount === 0) return { label: 'Looking for agents', tone: 'no-agents' };
  return { label: 'No appraisals', tone: 'no-agents' };
}

/**
 * What the appraisals section says while it holds none: the 48-hour promise only while an agent is
 * still to answer; a withdrawn listing, one sent to no agent, and one whose requests ran out each say so.
 * Null while the seller awaits verification (the notice says it). Requests that ended say how: declined, expired,
 * or both, from `ended` (the agents asked, by progress); never that an agent did not answer when they declined.
 */
export function noAppraisalsMessage(
  p: PropertyStanding & { isAwaitingVerification: boolean },
  ended: { declined: number; expired: number } = { declined: 0, expired: 0 },
): string | null {
  if (p.state === 'COMPLETE') return 'This listing is off the market, so no appraisals will arrive. List it again to hear from agents.';
  if (p.isAwaitingVerification) return null;
  if (p.pendingAppraisalRequestCount > 0) return 'No appraisals yet. An appraisal should arrive within 48 hours of your request.';
  if (p.agentsAskedCount === 0)
    return 'No agent serves your suburb on Listwise yet, so no appraisal is on its way. We are working to find agents in your local area.';
  if (ended.declined > 0 && ended.expired === 0)
    return ended.declined === 1
      ? 'The agent you asked declined, so no appraisal is on its way. Their reason is shown above.'
      : 'The agents you asked declined, so no appraisal is on its way. Their reasons are shown above.';
  if (ended.declined > 0) return 'The agents you asked declined or did not answer in time, so no appraisal is on its way.';
  if (ended.expired > 0) return 'The agents you asked did not answer in time, so no appraisal is on its way.';
  return 'No agent you asked is preparing an appraisal, so none is on its way.';
}

/** 'Appraisals received' heading: '1 Appraisal received', '{n} Appraisals received', or 'Appraisals'. */
export const appraisalsHeading = (count: number) =>
  count === 0 ? 'Appraisals' : count === 1 ? '1 Appraisal received' : `${count} Appraisals received`;

/** Whether the seller's listing is finished (sold or off the market): My Properties shows these apart. */
export const isFinished = (p: { state: PropertyState }) => p.state === 'COMPLETE';

/** How the requests that ended without an appraisal ended, for `noAppraisalsMessage`. */
export const endedRequests = (agentsAsked: readonly { progress: string }[]) => ({
  declined: agentsAsked.filter((a) => a.progress === 'DECLINED').length,
  expired: agentsAsked.filter((a) => a.progress === 'EXPIRED').length,
});
