/**
 * Where each agent a seller asked stands (the property page lists the agents asked and each request's
 * state). Derived from the request (PENDING → COMPLETE | EXPIRED | NOT_REQUIRED, PRODUCT.md 'Appraisal
 * requests'), whether the agent opened it, and whether the agent started drafting an appraisal. Agents held
 * while the seller awaits verification have no request yet.
 */
export const APPRAISAL_REQUEST_PROGRESS = [
  'AWAITING_VERIFICATION',
  'SENT',
  'VIEWED',
  'DRAFTING',
  'APPRAISAL_RECEIVED',
  'EXPIRED',
  'NOT_REQUIRED',
  'DECLINED',
] as const;
export type AppraisalRequestProgress = (typeof APPRAISAL_REQUEST_PROGRESS)[number];

export const APPRAISAL_REQUEST_PROGRESS_LABELS: Record<AppraisalRequestProgress, string> = {
  AWAITING_VERIFICATION: 'Waiting for verification',
  SENT: 'Sent',
  VIEWED: 'Viewed',
  DRAFTING: 'Drafting',
  APPRAISAL_RECEIVED: 'Appraisal received',
  EXPIRED: 'Expired',
  NOT_REQUIRED: 'Not required',
  DECLINED: 'Declined',
};

/** What each progress means to the seller, under the label. */
export const APPRAISAL_REQUEST_PROGRESS_HINTS: Record<AppraisalRequestProgress, string> = {
  AWAITING_VERIFICATION: 'The request goes out once your ownership details are verified.',
  SENT: 'The agent has not opened your request yet.',
  VIEWED: 'The agent has opened your request.',
  DRAFTING: 'The agent is preparing your appraisal.',
  APPRAISAL_RECEIVED: 'Your appraisal has arrived.',
  EXPIRED: 'The agent did not answer within 48 hours.',
  NOT_REQUIRED: 'The listing was completed or withdrawn before the agent answered.',
  DECLINED: 'The agent cannot appraise your property.',
};

/**
 * Why an agent declines a request: a short list, so the seller reads a reason rather than silence for
 * 48 hours. The labels are what both the agent and the seller read.
 */
export const APPRAISAL_REQUEST_DECLINE_REASONS = [
  'TOO_BUSY',
  'CONFLICT_OF_INTEREST',
  'OUTSIDE_MY_EXPERIENCE',
  'OTHER_COMMITMENTS',
  'OTHER',
] as const;
export type AppraisalRequestDeclineReason = (typeof APPRAISAL_REQUEST_DECLINE_REASONS)[number];

export const APPRAISAL_REQUEST_DECLINE_REASON_LABELS: Record<AppraisalRequestDeclineReason, string> = {
  TOO_BUSY: 'I cannot take on another listing at the moment',
  CONFLICT_OF_INTEREST: 'I have a conflict of interest with this property',
  OUTSIDE_MY_EXPERIENCE: 'I do not have experience with this type of property',
  OTHER_COMMITMENTS: 'I cannot meet the seller’s timeframe',
  OTHER: 'I have another reason',
};

/**
 * 'I have another reason' needs a short note in the agent's words, which the seller reads in place of a label; the other
 * reasons speak for themselves, so a note beside them is not kept.
 */
export const DECLINE_NOTE_MAX_LENGTH = 200;

export type DeclineNoteIssue = 'required' | 'too_long';

export function declineNoteIssue(reason: AppraisalRequestDeclineReason, note: string | null | undefined): DeclineNoteIssue | null {
  if (reason !== 'OTHER') return null;
  const trimmed = (note ?? '').trim();
  if (trimmed.length === 0) return 'required';
  return trimmed.length > DECLINE_NOTE_MAX_LENGTH ? 'too_long' : null;
}

/** The reason as the seller reads it: the agent's own note for 'I have another reason', the label otherwise. */
export const declineReasonText = (reason: AppraisalRequestDeclineReason, note: string | null | undefined): string =>
  reason === 'OTHER' && note?.trim() ? note.trim() : APPRAISAL_REQUEST_DECLINE_REASON_LABELS[reason];

export const isAppraisalRequestDeclineReason = (value: unknown): value is AppraisalRequestDeclineReason =>
  typeof value === 'string' && (APPRAISAL_REQUEST_DECLINE_REASONS as readonly string[]).includes(value);

export interface AppraisalRequestFacts {
  state: 'PENDING' | 'COMPLETE' | 'EXPIRED' | 'NOT_REQUIRED' | 'DECLINED';
  /** The agent opened the request. */
  isSeenByAgent: boolean;
  /** The agent started an appraisal for it (a draft exists). */
  hasAppraisalDraft: boolean;
}

/** The progress of one request as the seller reads it. */
export function appraisalRequestProgress(request: AppraisalRequestFacts): AppraisalRequestProgress {
  switch (request.state) {
    case 'COMPLETE':
      return 'APPRAISAL_RECEIVED';
    case 'EXPIRED':
      return 'EXPIRED';
    case 'NOT_REQUIRED':
      return 'NOT_REQUIRED';
    case 'DECLINED':
      return 'DECLINED';
    case 'PENDING':
      if (request.hasAppraisalDraft) return 'DRAFTING';
      return request.isSeenByAgent ? 'VIEWED' : 'SENT';
  }
}
