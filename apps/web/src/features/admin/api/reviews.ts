/**
 * Review moderation: held reviews and reviews an agent reported, oldest first; an operator publishes
 * one, or removes it with a reason from the published list.
 */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AgentReviewFieldsFragment, ReviewModerationFieldsFragment } from '@/generated/graphql/graphql';

export type ReviewToModerate = ReviewModerationFieldsFragment & AgentReviewFieldsFragment;

export const ReviewModerationFields = graphql(`
  fragment ReviewModerationFields on AgentReview {
    ...AgentReviewFields
    holdReasons
    reportReasons
    removalReason
    agent {
      id
      name
      agencyName
    }
  }
`);

export const AdminReviewsToModerateQuery = graphql(`
  query AdminReviewsToModerate($first: Int, $after: String) {
    adminReviewsToModerate(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...ReviewModerationFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const ModerateAgentReviewMutation = graphql(`
  mutation ModerateAgentReview($reviewId: ID!, $publish: Boolean!, $reason: ReviewRemovalReason) {
    moderateAgentReview(reviewId: $reviewId, publish: $publish, reason: $reason) {
      ...ReviewModerationFields
    }
  }
`);

export const useModerateAgentReview = () => useMutation(ModerateAgentReviewMutation);
