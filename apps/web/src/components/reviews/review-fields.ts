/**
 * What every review list reads of an agent review (issue 21), and the agent's summary. Only the writer's first
 * name and suburb ever reach the client; the text is plain text, rendered as text (never as HTML).
 */
import { graphql } from '@/generated/graphql';
import type { AgentReviewFieldsFragment, ReviewSummaryFieldsFragment, ReviewRemovalReason } from '@/generated/graphql/graphql';

export type AgentReviewData = AgentReviewFieldsFragment;

export const AgentReviewFields = graphql(`
  fragment AgentReviewFields on AgentReview {
    id
    rating
    text
    reviewerFirstName
    suburbName
    createdAt
    verifiedSale
    edited
    status
    reply {
      text
      createdAt
      edited
    }
  }
`);

/** The writer's own review: what `AgentReviewForm` and the submit and update mutations select. */
export type OwnAgentReviewData = AgentReviewFieldsFragment & { canEdit: boolean; removalReason: ReviewRemovalReason | null };

export const ReviewSummaryFields = graphql(`
  fragment ReviewSummaryFields on AgentReviewSummary {
    count
    averageRating
  }
`);

export type ReviewSummaryData = ReviewSummaryFieldsFragment;
