/**
 * Review moderation: held reviews, reviews an agent reported and reviews whose reply is held, oldest first; an
 * operator publishes a review or a reply, or takes it down with a reason from the published list.
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
    reply {
      status
      holdReasons
    }
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

const ModerateReviewReplyMutation = graphql(`
  mutation ModerateReviewReply($reviewId: ID!, $publish: Boolean!, $reason: ReviewRemovalReason) {
    moderateReviewReply(reviewId: $reviewId, publish: $publish, reason: $reason) {
      ...ReviewModerationFields
    }
  }
`);

export const useModerateReviewReply = () => useMutation(ModerateReviewReplyMutation);
