/** Agent reviews (issue 21): the seller's form, the agent's list with reply and report. */
import { gql } from 'urql';
import type { ReviewReportReason } from '@listwise/domain/reviews';
import { AgentReviewFields, type AgentReviewData, type OwnAgentReviewData } from '@/components/reviews/review-fields';

export interface ReviewFormData {
  propertyAppraisal: {
    id: string;
    agent: { id: string; name: string | null; agencyName: string | null } | null;
    property: { id: string };
    review: OwnAgentReviewData | null;
  };
}

export const ReviewFormQuery = gql<ReviewFormData, { id: string }>`
  query AgentReviewForm($id: ID!) {
    propertyAppraisal(id: $id) {
      id
      agent {
        id
        name
        agencyName
      }
      property {
        id
      }
      review {
        ...AgentReviewFields
        canEdit
        removalReason
      }
    }
  }
  ${AgentReviewFields}
`;

export const SubmitAgentReviewMutation = gql<
  { submitAgentReview: OwnAgentReviewData },
  { propertyAppraisalId: string; rating: number; text: string }
>`
  mutation SubmitAgentReview($propertyAppraisalId: ID!, $rating: Int!, $text: String!) {
    submitAgentReview(propertyAppraisalId: $propertyAppraisalId, rating: $rating, text: $text) {
      ...AgentReviewFields
      canEdit
      removalReason
    }
  }
  ${AgentReviewFields}
`;

export const UpdateAgentReviewMutation = gql<{ updateAgentReview: OwnAgentReviewData }, { reviewId: string; rating: number; text: string }>`
  mutation UpdateAgentReview($reviewId: ID!, $rating: Int!, $text: String!) {
    updateAgentReview(reviewId: $reviewId, rating: $rating, text: $text) {
      ...AgentReviewFields
      canEdit
      removalReason
    }
  }
  ${AgentReviewFields}
`;

export type MyReviewsPage = {
  myAgentReviews: { edges: { node: AgentReviewData }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
};

export const MyAgentReviewsQuery = gql<MyReviewsPage, { first: number; after?: string | null }>`
  query MyAgentReviews($first: Int!, $after: String) {
    myAgentReviews(first: $first, after: $after) {
      edges {
        node {
          ...AgentReviewFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${AgentReviewFields}
`;

export const ReplyToAgentReviewMutation = gql<{ replyToAgentReview: AgentReviewData }, { reviewId: string; text: string }>`
  mutation ReplyToAgentReview($reviewId: ID!, $text: String!) {
    replyToAgentReview(reviewId: $reviewId, text: $text) {
      ...AgentReviewFields
    }
  }
  ${AgentReviewFields}
`;

export const ReportAgentReviewMutation = gql<{ reportAgentReview: { id: string } }, { reviewId: string; reason: ReviewReportReason }>`
  mutation ReportAgentReview($reviewId: ID!, $reason: ReviewReportReason!) {
    reportAgentReview(reviewId: $reviewId, reason: $reason) {
      id
    }
  }
`;
