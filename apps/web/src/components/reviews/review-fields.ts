/**
 * What every review list reads of an agent review (issue 21), and the agent's summary. Only the writer's first
 * name and suburb ever reach the client; the text is plain text, rendered as text (never as HTML).
 */
import { graphql } from '@/generated/graphql';
import type { ReviewRemovalReason, ReviewStatus } from '@listwise/domain/reviews';

export interface AgentReviewData {
  id: string;
  rating: number;
  text: string;
  reviewerFirstName: string;
  suburbName: string;
  createdAt: string;
  verifiedSale: boolean;
  edited: boolean;
  status: ReviewStatus;
  reply: { text: string; createdAt: string; edited: boolean } | null;
}

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

export interface OwnAgentReviewData extends AgentReviewData {
  canEdit: boolean;
  removalReason: ReviewRemovalReason | null;
}

export interface ReviewSummaryData {
  count: number;
  averageRating: number | null;
}
