/**
 * Sellers awaiting verification (they said they are not the owner) or rejected earlier, with the listing itself to
 * decide on; approving them, and rejecting them with a reason the seller is e-mailed.
 */
import { gql, useMutation } from 'urql';
import type { CompleteType, PropertyMediaType, PropertyState, YesNo } from '@listwise/domain/enums';
import { UserMediaFields, type UserMedia } from '@/components/media/media-api';
import { PropertyAnswersFields, type PropertyAnswers } from '@/components/property/property-answers';
import { ADMIN_USER_FIELDS, PAGE_INFO_FIELDS, type AdminUser, type Connection, type PageVariables } from '@/features/admin/api/types';

export type VerificationQueueStatus = 'PENDING_VERIFICATION' | 'VERIFICATION_REJECTED';

export interface ListingMedia {
  id: string;
  type: PropertyMediaType;
  userMedia: UserMedia;
}

export interface SellerAwaitingVerification {
  id: string;
  waitingSince: string;
  rejectionReason: string | null;
  rejectedAt: string | null;
  seller: AdminUser;
  properties: {
    id: string;
    address: string;
    state: PropertyState;
    completeType: CompleteType | null;
    areYouThePropertyOwner: YesNo | null;
    noPropertyOwnerReason: string | null;
    heldAgentCount: number;
    submittedAt: string | null;
    listing: PropertyAnswers & { photos: ListingMedia[]; floorplans: ListingMedia[]; videos: ListingMedia[] };
  }[];
}

const MEDIA = 'id type userMedia { ...UserMediaFields }';

export const SellersAwaitingVerificationQuery = gql<
  { adminSellersAwaitingVerification: Connection<SellerAwaitingVerification> },
  PageVariables & { status: VerificationQueueStatus }
>`
  query AdminSellersAwaitingVerification($first: Int, $after: String, $status: AdminSellerVerificationStatus) {
    adminSellersAwaitingVerification(first: $first, after: $after, status: $status) {
      edges {
        cursor
        node {
          id
          waitingSince
          rejectionReason
          rejectedAt
          seller { ${ADMIN_USER_FIELDS} }
          properties {
            id
            address
            state
            completeType
            areYouThePropertyOwner
            noPropertyOwnerReason
            heldAgentCount
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

const ApproveSellerMutation = gql<{ approveSeller: AdminUser }, { userId: string }>`
  mutation ApproveSeller($userId: ID!) {
    approveSeller(userId: $userId) { ${ADMIN_USER_FIELDS} }
  }
`;

export const useApproveSeller = () => useMutation(ApproveSellerMutation);

const RejectSellerMutation = gql<{ rejectSeller: AdminUser }, { userId: string; reason: string }>`
  mutation RejectSeller($userId: ID!, $reason: String!) {
    rejectSeller(userId: $userId, reason: $reason) { ${ADMIN_USER_FIELDS} }
  }
`;

export const useRejectSeller = () => useMutation(RejectSellerMutation);
