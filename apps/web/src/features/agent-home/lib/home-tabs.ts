import type { AppraisalRequestState } from '@listwise/domain/enums';

/** The agent home's two tabs (spec 000 'Agent home'): ?tab=complete, anything else is pending. */
export type HomeTab = 'pending' | 'complete';

export const homeTabOf = (param: string | null): HomeTab => (param === 'complete' ? 'complete' : 'pending');

/**
 * Whether a request belongs on a tab: 'Appraised Properties' holds the answered (COMPLETE) ones, 'Appraisal
 * Requests' the rest (docs/decisions/0005). The cache keeps pages already read; a request answered or expired
 * since then changes state in place, and this keeps it off the tab it has left.
 */
export const belongsToTab = (state: AppraisalRequestState, tab: HomeTab): boolean => (state === 'COMPLETE') === (tab === 'complete');
