import type { AppraisalRequestState, CommissionType, PropertyState } from './enums.ts';
import { formatDollars, formatMoneyShort } from './format.ts';

/** How the appraisal loop shows its values (spec 000 §2, §4; spec 001 'Appraisal detail'). */

/**
 * The status badge of an agent's appraisal card: 'Sold' once the property is complete, else 'Pending Appraisal'
 * or 'Expired' by the request's state; an answered request on a listed property shows 'Appraisal Sent'.
 */
export const appraisalRequestBadge = (requestState: AppraisalRequestState, propertyState: PropertyState | null): string | null => {
  if (propertyState === 'COMPLETE') return 'Sold';
  if (requestState === 'PENDING') return 'Pending Appraisal';
  if (requestState === 'EXPIRED') return 'Expired';
  if (requestState === 'COMPLETE') return 'Appraisal Sent';
  if (requestState === 'DECLINED') return 'Declined';
  return null;
};

/** The 'New' tag: a pending or expired request the agent has not opened. */
export const isNewAppraisalRequest = (requestState: AppraisalRequestState, seenByAgent: boolean): boolean =>
  !seenByAgent && (requestState === 'PENDING' || requestState === 'EXPIRED');

/** '$1,200,000 – $1,320,000', or the short form on cards ('$1.2m – $1.3m'). */
export const formatSellingRange = (min: number | null, max: number | null, short = false): string => {
  const f = short ? formatMoneyShort : (v: number | null) => (v === null ? '?' : formatDollars(v));
  return `${f(min)} – ${f(max)}`;
};

/** '2.2% incl. GST' or '$15,000 incl. GST'. */
export const formatCommission = (commission: {
  commissionType: CommissionType;
  percentageRate: number | null;
  flatFeeCostDollars: number | null;
}): string =>
  commission.commissionType === 'PERCENTAGE'
    ? `${commission.percentageRate ?? '?'}% incl. GST`
    : `${commission.flatFeeCostDollars === null ? '?' : formatDollars(commission.flatFeeCostDollars)} incl. GST`;
