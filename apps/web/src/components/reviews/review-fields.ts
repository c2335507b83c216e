/**
 * What every review list reads of an agent review, and the agent's summary. Only the writer's first
 * name and suburb ever reach the client; the text is plain text, rendered as text (never as HTML).
 */
import { graphql } from '@/generated/graphql';
import type { AgentReviewFieldsFragment, ReviewSummaryFieldsFragment, OwnAgentReviewFieldsFragment } from '@/generated/graphql/graphql';

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
      status
    }
  }
`);

/** The writer's own review: what the review form and its submit and update mutations select. */
export const OwnAgentReviewFields = graphql(`
  fragment OwnAgentReviewFields on AgentReview {
    ...AgentReviewFields
    canEdit
    removalReason
  }
`);

export type OwnAgentReviewData = OwnAgentReviewFieldsFragment;

export const ReviewSummaryFields = graphql(`
  fragment ReviewSummaryFields on AgentReviewSummary {
    count
    averageRating
  }
`);

export type ReviewSummaryData = ReviewSummaryFieldsFragment;
