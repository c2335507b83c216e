/**
 * Where each agent a seller asked stands (issue 14: the property page lists the agents asked and each request's
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
};

export interface AppraisalRequestFacts {
  state: 'PENDING' | 'COMPLETE' | 'EXPIRED' | 'NOT_REQUIRED';
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
    case 'PENDING':
      if (request.hasAppraisalDraft) return 'DRAFTING';
      return request.isSeenByAgent ? 'VIEWED' : 'SENT';
  }
}
