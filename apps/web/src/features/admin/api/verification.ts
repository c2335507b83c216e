/**
 * Listings waiting for verification (their seller is not the owner; issue 23 item 14), each with the listing itself
 * and its proof of authority to decide on; verifying one, and rejecting one with a reason the seller is e-mailed.
 */
import { gql, useMutation } from 'urql';
import type { CompleteType, PropertyMediaType, PropertyState, YesNo } from '@listwise/domain/enums';
import type { ListingVerificationStatus } from '@listwise/domain/proof-of-authority';
import { UserMediaFields, type UserMedia } from '@/components/media/media-api';
import { PropertyAnswersFields, type PropertyAnswers } from '@/components/property/property-answers';
import { PROOF_OF_AUTHORITY_FIELDS, type ProofOfAuthority } from '@/components/property/proof-of-authority-api';
import { ADMIN_USER_FIELDS, PAGE_INFO_FIELDS, type AdminUser, type Connection, type PageVariables } from '@/features/admin/api/types';

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

const MEDIA = 'id type userMedia { ...UserMediaFields }';

export const ListingsAwaitingVerificationQuery = gql<
  { adminListingsAwaitingVerification: Connection<ListingAwaitingVerification> },
  PageVariables
>`
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
          ${PROOF_OF_AUTHORITY_FIELDS}
          seller { ${ADMIN_USER_FIELDS} }
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
              photos { ${MEDIA} }
              floorplans { ${MEDIA} }
              videos { ${MEDIA} }
            }
          }
        }
      }
      ${PAGE_INFO_FIELDS}
    }
  }
  ${UserMediaFields}
  ${PropertyAnswersFields}
`;

const VerifyListingMutation = gql<{ verifyListing: { id: string; verificationStatus: ListingVerificationStatus } }, { propertyId: string }>`
  mutation VerifyListing($propertyId: ID!) {
    verifyListing(propertyId: $propertyId) {
      id
      verificationStatus
    }
  }
`;

export const useVerifyListing = () => useMutation(VerifyListingMutation);

const RejectListingMutation = gql<
  { rejectListing: { id: string; verificationStatus: ListingVerificationStatus } },
  { propertyId: string; reason: string }
>`
  mutation RejectListing($propertyId: ID!, $reason: String!) {
    rejectListing(propertyId: $propertyId, reason: $reason) {
      id
      verificationStatus
    }
  }
`;

export const useRejectListing = () => useMutation(RejectListingMutation);
