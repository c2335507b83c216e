/**
 * How an audit-log entry reads in the console: what kind of object it touched, and its details in words
 * (the server records them as JSON with cents, ids and before/after values; see modules/admin/admin.service.ts).
 */
import type { AdminAuditAction, AdminAuditTouchedKind } from '@listwise/domain/audit-log';
import { formatCents, formatDate, formatDollars } from '@listwise/domain/format';
import {
  REVIEW_HOLD_REASON_LABELS,
  REVIEW_REMOVAL_REASON_LABELS,
  REVIEW_REPORT_REASON_LABELS,
  type ReviewRemovalReason,
} from '@listwise/domain/reviews';

/**
 * Every action in plain English: the one label map of the audit log (its list, its filter and its entries). Keyed by
 * the domain's action type, so an action without a label does not compile, and audit-entry.test.ts checks each one.
 */
export const ACTION_LABELS: Record<AdminAuditAction, string> = {
  APPROVE_SELLER: 'Approved a seller',
  REJECT_SELLER: 'Rejected a seller',
  VERIFY_LISTING: 'Verified a listing',
  REJECT_LISTING: 'Rejected a listing',
  SET_SUBSCRIBED_AGENTS_MAX: 'Changed a suburb’s agent maximum',
  SET_SUBSCRIPTION_MANUALLY_MANAGED: 'Changed manual management of a subscription',
  CANCEL_SUBSCRIPTION: 'Cancelled a subscription',
  MARK_CASHBACK_PAID: 'Marked cashback paid',
  RETRY_LEAD_FEE: 'Retried a lead fee',
  RETRY_REFUND: 'Retried a refund',
  UPDATE_SETTINGS: 'Changed the settings',
  DOWNLOAD_CASHBACK_PAYOUTS: 'Downloaded cashback payouts',
  DOWNLOAD_CASHBACK_PAYOUT_BATCH: 'Downloaded a payout batch again',
  MARK_PAYOUT_BATCH_PAID: 'Marked a payout batch paid',
  RETURN_CASHBACK_CLAIM: 'Returned a rejected payment to payable',
  PAYOUT_PASSWORD_FAILED: 'Entered a wrong password for a payout file',
  WAIVE_LEAD_FEE: 'Waived a lead fee',
  SETTLE_DISPUTED_SALE: 'Settled a disputed sale',
  SETTLE_UNANSWERED_SALE: 'Settled a sale the agent did not answer',
  RESEND_EMAIL: 'Sent a stuck e-mail again',
  MARK_EMAIL_SENT: 'Marked a stuck e-mail sent',
  VERIFY_AGENT_LICENCE: 'Verified an agent’s licence',
  REJECT_AGENT_LICENCE: 'Rejected an agent’s licence',
  PUBLISH_AGENT_REVIEW: 'Published a review',
  REMOVE_AGENT_REVIEW: 'Removed a review',
  PUBLISH_REVIEW_REPLY: "Published an agent's reply",
  REMOVE_REVIEW_REPLY: "Took an agent's reply down",
  SUSPEND_AGENT: 'Suspended an agent',
  LIFT_AGENT_SUSPENSION: 'Lifted an agent’s suspension',
};

/** How the console names what an entry touched. */
export const TOUCHED_LABELS: Record<AdminAuditTouchedKind, string> = {
  LISTING: 'Listing',
  AGENT: 'Agent',
  SELLER: 'Seller',
  SUBURB: 'Suburb',
};

/** The label of a stored action; a value the console does not know yet shows as stored rather than disappearing. */
export const actionLabel = (action: string): string => ACTION_LABELS[action as AdminAuditAction] ?? action;

/**
 * The operator's chosen days (YYYY-MM-DD, in their own time zone) as the instants the API filters by: from the start
 * of the first day, before the start of the day after the last. Either end may be left open.
 */
export function dayRangeToInstants(fromDay: string, toDay: string): { createdFrom: string | null; createdBefore: string | null } {
  const startOf = (day: string, addDays = 0) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
    if (!match) return null;
    const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
    return Number.isNaN(at.getTime()) ? null : at.toISOString();
  };
  return { createdFrom: startOf(fromDay), createdBefore: startOf(toDay, 1) };
}

const TARGET_LABELS: Record<string, string> = {
  USER: 'Seller',
  PROPERTY: 'Listing',
  AGENT_LICENCE: 'Agent licence',
  SUBURB: 'Suburb',
  SUBURB_SUBSCRIPTION: 'Subscription',
  PROPERTY_SALE: 'Sale',
  CASHBACK_CLAIM: 'Cashback',
  SETTINGS: 'Settings',
  PAYOUT_FILE: 'Payout file',
  PAYOUT_BATCH: 'Payout batch',
  EMAIL: 'E-mail',
  CHARGE: 'Charge',
  AGENT_REVIEW: 'Review',
  AGENT: 'Agent',
};

/** 'Cashback 3f2c…' style: the kind of object and its id (settings have no id worth showing). */
export function describeTarget(targetType: string, targetId: string): string {
  const label = TARGET_LABELS[targetType] ?? targetType;
  if (targetType === 'SETTINGS') return label;
  // People and listings are named through `touched`; one left unnamed there is gone (an account closed, a listing
  // deleted with it), and its id would tell an operator nothing.
  if (targetType === 'USER' || targetType === 'AGENT') return `${label} (account closed)`;
  if (targetType === 'PROPERTY') return `${label} (no longer on Listwise)`;
  return `${label} ${targetId}`;
}

type Details = Record<string, unknown>;
const isRecord = (value: unknown): value is Details => typeof value === 'object' && value !== null && !Array.isArray(value);
/** '$500', or '$750.50' when there are cents. */
const money = formatDollars;
const dollars = (value: unknown) => (typeof value === 'number' ? money(value) : '?');
/** The words of the reasons a review decision recorded (unknown values as they are). */
const reasonWords = (value: unknown, labels: Record<string, string>) =>
  (Array.isArray(value) ? value : []).map((reason) => labels[String(reason)] ?? String(reason)).join('; ');
const holdWords = (value: unknown) => reasonWords(value, REVIEW_HOLD_REASON_LABELS);
const reportWords = (value: unknown) => reasonWords(value, REVIEW_REPORT_REASON_LABELS);

/** Each action's details in a sentence; anything unexpected falls back to 'key: value' pairs. */
const DESCRIBERS: Partial<Record<AdminAuditAction, (details: Details) => string | null>> = {
  APPROVE_SELLER: (d) => (d.previouslyRejected === true ? 'After an earlier rejection' : null),
  REJECT_SELLER: (d) => (typeof d.reason === 'string' ? `Reason: ${d.reason}` : null),
  VERIFY_LISTING: (d) =>
    typeof d.agentsHeld !== 'number'
      ? null
      : d.agentsHeld === 0
        ? 'No agent was waiting for it'
        : `${d.agentsHeld} ${d.agentsHeld === 1 ? 'agent' : 'agents'} waiting for it received the request`,
  REJECT_LISTING: (d) => (typeof d.reason === 'string' ? `Reason: ${d.reason}` : null),
  SET_SUBSCRIBED_AGENTS_MAX: (d) => `${String(d.suburb ?? 'Suburb')}: from ${String(d.from)} to ${String(d.to)} agents`,
  SET_SUBSCRIPTION_MANUALLY_MANAGED: (d) => (d.to === true ? 'Now managed manually' : 'No longer managed manually'),
  CANCEL_SUBSCRIPTION: (d) => (typeof d.expiresAt === 'string' ? `It was due to expire on ${formatDate(d.expiresAt)}` : null),
  MARK_CASHBACK_PAID: (d) => (typeof d.amountCents === 'number' ? `${formatCents(d.amountCents)} paid` : null),
  DOWNLOAD_CASHBACK_PAYOUTS: (d) =>
    Array.isArray(d.claimIds) && typeof d.totalCents === 'number'
      ? `${String(d.format ?? 'File')} of ${d.claimIds.length} ${d.claimIds.length === 1 ? 'claim' : 'claims'}, ${formatCents(d.totalCents)}: ${d.claimIds.join(', ')}`
      : null,
  DOWNLOAD_CASHBACK_PAYOUT_BATCH: (d) =>
    Array.isArray(d.claimIds) && typeof d.totalCents === 'number'
      ? `${String(d.format ?? 'File')} of ${d.claimIds.length} ${d.claimIds.length === 1 ? 'claim' : 'claims'}, ${formatCents(d.totalCents)}`
      : null,
  MARK_PAYOUT_BATCH_PAID: (d) =>
    Array.isArray(d.claimIds) && typeof d.totalCents === 'number'
      ? `${d.claimIds.length} ${d.claimIds.length === 1 ? 'claim' : 'claims'} paid, ${formatCents(d.totalCents)}`
      : null,
  RETURN_CASHBACK_CLAIM: (d) => (typeof d.reason === 'string' ? `Reason: ${d.reason}` : null),
  PAYOUT_PASSWORD_FAILED: (d) => (typeof d.clientAddress === 'string' ? `From ${d.clientAddress}` : null),
  WAIVE_LEAD_FEE: (d) => (typeof d.reason === 'string' ? `Reason: ${d.reason}` : null),
  SETTLE_DISPUTED_SALE: (d) =>
    typeof d.reason === 'string' ? `${d.outcome === 'SALE_STANDS' ? 'The sale stands' : 'The sale is void'}. Reason: ${d.reason}` : null,
  SETTLE_UNANSWERED_SALE: (d) =>
    typeof d.reason === 'string' ? `${d.outcome === 'SALE_STANDS' ? 'The sale stands' : 'The sale is void'}. Reason: ${d.reason}` : null,
  PUBLISH_REVIEW_REPLY: (d) => (holdWords(d.holdReasons) ? `It was held: ${holdWords(d.holdReasons)}` : null),
  REMOVE_REVIEW_REPLY: (d) => {
    const reason = REVIEW_REMOVAL_REASON_LABELS[d.reason as ReviewRemovalReason];
    return reason ? `Reason: ${reason}` : null;
  },
  RESEND_EMAIL: (d) => (typeof d.subject === 'string' ? `'${d.subject}' to ${String(d.to)}` : null),
  MARK_EMAIL_SENT: (d) => (typeof d.subject === 'string' ? `'${d.subject}' to ${String(d.to)}` : null),
  RETRY_LEAD_FEE: (d) => (typeof d.attempt === 'number' ? `Attempt ${d.attempt}` : null),
  VERIFY_AGENT_LICENCE: (d) => (typeof d.number === 'string' ? `Licence ${d.number} (${String(d.state)})` : null),
  REJECT_AGENT_LICENCE: (d) =>
    typeof d.number === 'string' ? `Licence ${d.number} (${String(d.state)}). Reason: ${String(d.reason ?? '—')}` : null,
  PUBLISH_AGENT_REVIEW: (d) => {
    if (d.previousStatus === 'HELD') return holdWords(d.holdReasons) ? `It was held: ${holdWords(d.holdReasons)}` : 'It was held';
    return reportWords(d.reportReasons) ? `Kept published after a report: ${reportWords(d.reportReasons)}` : null;
  },
  REMOVE_AGENT_REVIEW: (d) => {
    const reason = REVIEW_REMOVAL_REASON_LABELS[d.reason as ReviewRemovalReason];
    if (!reason) return null;
    const why =
      d.previousStatus === 'HELD' && holdWords(d.holdReasons)
        ? ` (it was held: ${holdWords(d.holdReasons)})`
        : reportWords(d.reportReasons)
          ? ` (reported: ${reportWords(d.reportReasons)})`
          : '';
    return `Reason: ${reason}${why}`;
  },
  SUSPEND_AGENT: (d) => (typeof d.reason === 'string' ? `Reason: ${d.reason}` : null),
  LIFT_AGENT_SUSPENSION: (d) =>
    typeof d.suspendedAt === 'string'
      ? `Suspended since ${formatDate(d.suspendedAt)}${typeof d.reason === 'string' ? ` for: ${d.reason}` : ''}`
      : null,
  UPDATE_SETTINGS: (d) => {
    if (!isRecord(d.from) || !isRecord(d.to)) return null;
    const changes = [
      d.from.staticCashbackAmount !== d.to.staticCashbackAmount &&
        `Cashback ${dollars(d.from.staticCashbackAmount)} → ${dollars(d.to.staticCashbackAmount)}`,
      d.from.totalFreeTrialsAllowed !== d.to.totalFreeTrialsAllowed &&
        `Free trials ${String(d.from.totalFreeTrialsAllowed)} → ${String(d.to.totalFreeTrialsAllowed)}`,
    ].filter(Boolean);
    return changes.length ? changes.join('; ') : 'Saved without changes';
  },
};

export function describeDetails(action: string, details: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details;
  }
  if (!isRecord(parsed) || Object.keys(parsed).length === 0) return '—';
  const sentence = DESCRIBERS[action as AdminAuditAction]?.(parsed);
  if (sentence) return sentence;
  return Object.entries(parsed)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join('; ');
}
