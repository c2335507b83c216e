/**
 * Review moderation (issue 21): held reviews and reviews an agent reported, oldest first; an operator publishes
 * one, or removes it with a reason from the published list.
 */
import { gql, useMutation } from 'urql';
import type { ReviewHoldReason, ReviewRemovalReason, ReviewReportReason } from '@listwise/domain/reviews';
import { AgentReviewFields, type AgentReviewData } from '@/components/reviews/review-fields';
import { PAGE_INFO_FIELDS, type Connection, type PageVariables } from '@/features/admin/api/types';

export interface ReviewToModerate extends AgentReviewData {
  holdReasons: ReviewHoldReason[];
  reportReasons: ReviewReportReason[];
  removalReason: ReviewRemovalReason | null;
  agent: { id: string; name: string | null; agencyName: string | null } | null;
}

const MODERATION_FIELDS = `
  ...AgentReviewFields
  holdReasons
  reportReasons
  removalReason
  agent { id name agencyName }
`;

export const AdminReviewsToModerateQuery = gql<{ adminReviewsToModerate: Connection<ReviewToModerate> }, PageVariables>`
  query AdminReviewsToModerate($first: Int, $after: String) {
    adminReviewsToModerate(first: $first, after: $after) {
      edges { cursor node { ${MODERATION_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
  ${AgentReviewFields}
`;

const ModerateAgentReviewMutation = gql<
  { moderateAgentReview: ReviewToModerate },
  { reviewId: string; publish: boolean; reason?: ReviewRemovalReason | null }
>`
  mutation ModerateAgentReview($reviewId: ID!, $publish: Boolean!, $reason: ReviewRemovalReason) {
    moderateAgentReview(reviewId: $reviewId, publish: $publish, reason: $reason) { ${MODERATION_FIELDS} }
  }
  ${AgentReviewFields}
`;

export const useModerateAgentReview = () => useMutation(ModerateAgentReviewMutation);
