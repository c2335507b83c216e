/** Agent reviews: the seller's form, the agent's list with reply and report. */
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type ReviewFormData = ResultOf<typeof ReviewFormQuery>;

export const ReviewFormQuery = graphql(`
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
        ...OwnAgentReviewFields
      }
    }
  }
`);

export const SubmitAgentReviewMutation = graphql(`
  mutation SubmitAgentReview($propertyAppraisalId: ID!, $rating: Int!, $text: String!) {
    submitAgentReview(propertyAppraisalId: $propertyAppraisalId, rating: $rating, text: $text) {
      ...OwnAgentReviewFields
    }
  }
`);

export const UpdateAgentReviewMutation = graphql(`
  mutation UpdateAgentReview($reviewId: ID!, $rating: Int!, $text: String!) {
    updateAgentReview(reviewId: $reviewId, rating: $rating, text: $text) {
      ...OwnAgentReviewFields
    }
  }
`);

export type MyReviewsPage = ResultOf<typeof MyAgentReviewsQuery>;

export const MyAgentReviewsQuery = graphql(`
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
`);

export const ReplyToAgentReviewMutation = graphql(`
  mutation ReplyToAgentReview($reviewId: ID!, $text: String!) {
    replyToAgentReview(reviewId: $reviewId, text: $text) {
      ...AgentReviewFields
    }
  }
`);

export const ReportAgentReviewMutation = graphql(`
  mutation ReportAgentReview($reviewId: ID!, $reason: ReviewReportReason!) {
    reportAgentReview(reviewId: $reviewId, reason: $reason) {
      id
    }
  }
`);
