/**
 * The numbers and the policy path of agent reviews, apart from their schemas (reviews.ts) so that pages which only
 * show reviews (a star rating, a summary, a list) load no validation library.
 */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TEXT_MIN = 30;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
/** The reviewer may edit a review for 30 days after submitting it. */
export const REVIEW_EDIT_DAYS = 30;
/** `Agent.reviewSummary.averageRating` is null below 3 published reviews: two reviews say little. */
export const REVIEW_SUMMARY_MIN_COUNT = 3;
/** The invitation to review an appraisal goes 3 days after it arrives; one reminder 7 days after an invitation. */
export const REVIEW_INVITATION_DELAY_DAYS = 3;
export const REVIEW_REMINDER_DELAY_DAYS = 7;
/** A review from a network address the agent's own sessions used within 30 days is held for an operator. */
export const REVIEW_AGENT_ADDRESS_DAYS = 30;
/** The public page of the rules (linked from every review list). */
export const REVIEW_POLICY_PATH = '/review-policy';
