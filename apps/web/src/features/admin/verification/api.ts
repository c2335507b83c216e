/**
 * Listings waiting for verification (their seller is not the owner), each with the listing itself
 * and its proof of authority to decide on; verifying one, and rejecting one with a reason the seller is e-mailed.
 */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type ListingMedia = ListingAwaitingVerification['property']['listing']['photos'][number];

export type ListingAwaitingVerification = ResultOf<
  typeof ListingsAwaitingVerificationQuery
>['adminListingsAwaitingVerification']['edges'][number]['node'];

export const ListingsAwaitingVerificationQuery = graphql(`
  query AdminListingsAwaitingVerification($first: Int, $after: String) {
    adminListingsAwaitingVerification(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          waitingSince
          heldAgentCount
          otherListingsWaitingCount
          previousRejectionReason
          proofOfAuthority {
            ...ProofOfAuthorityFields
          }
          seller {
            ...AdminUserFields
          }
          property {
            id
            address
            state
            completeType
            verificationStatus
            areYouThePropertyOwner
            noPropertyOwnerReason
            submittedAt
            listing {
              id
              ...PropertyAnswersFields
              photos {
                ...PropertyMediaFields
              }
              floorplans {
                ...PropertyMediaFields
              }
              videos {
                ...PropertyMediaFields
              }
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const VerifyListingMutation = graphql(`
  mutation VerifyListing($propertyId: ID!) {
    verifyListing(propertyId: $propertyId) {
      id
      verificationStatus
    }
  }
`);

export const useVerifyListing = () => useMutation(VerifyListingMutation);

const RejectListingMutation = graphql(`
  mutation RejectListing($propertyId: ID!, $reason: String!) {
    rejectListing(propertyId: $propertyId, reason: $reason) {
      id
      verificationStatus
    }
  }
`);

export const useRejectListing = () => useMutation(RejectListingMutation);
