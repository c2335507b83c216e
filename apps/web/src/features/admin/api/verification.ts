/**
 * Listings waiting for verification (their seller is not the owner; issue 23 item 14), each with the listing itself
 * and its proof of authority to decide on; verifying one, and rejecting one with a reason the seller is e-mailed.
 */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { CompleteType, PropertyMediaType, PropertyState, YesNo } from '@listwise/domain/enums';
import type { ListingVerificationStatus } from '@listwise/domain/proof-of-authority';
import { type UserMedia } from '@/components/media/media-api';
import { type PropertyAnswers } from '@/components/property/property-answers';
import { type ProofOfAuthority } from '@/components/property/proof-of-authority-api';
import { type AdminUser } from '@/features/admin/api/types';

export interface ListingMedia {
  id: string;
  type: PropertyMediaType;
  userMedia: UserMedia;
}

export interface ListingAwaitingVerification {
  id: string;
  waitingSince: string;
  heldAgentCount: number;
  otherListingsWaitingCount: number;
  previousRejectionReason: string | null;
  proofOfAuthority: ProofOfAuthority | null;
  seller: AdminUser;
  property: {
    id: string;
    address: string;
    state: PropertyState;
    completeType: CompleteType | null;
    verificationStatus: ListingVerificationStatus;
    areYouThePropertyOwner: YesNo | null;
    noPropertyOwnerReason: string | null;
    submittedAt: string | null;
    listing: PropertyAnswers & { photos: ListingMedia[]; floorplans: ListingMedia[]; videos: ListingMedia[] };
  };
}


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
          proofOfAuthority { ...ProofOfAuthorityFields }
          seller { ...AdminUserFields }
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
              photos { ...PropertyMediaFields }
              floorplans { ...PropertyMediaFields }
              videos { ...PropertyMediaFields }
            }
          }
        }
      }
      pageInfo { hasNextPage endCursor }
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
