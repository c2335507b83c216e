/** Sellers awaiting verification (they said they are not the owner) and approving them. */
import { gql, useMutation } from 'urql';
import type { CompleteType, PropertyState, YesNo } from '@listwise/domain/enums';
import { ADMIN_USER_FIELDS, PAGE_INFO_FIELDS, type AdminUser, type Connection, type PageVariables } from '@/features/admin/api/types';

export interface SellerAwaitingVerification {
  id: string;
  waitingSince: string;
  seller: AdminUser;
  properties: {
    id: string;
    address: string;
    state: PropertyState;
    completeType: CompleteType | null;
    areYouThePropertyOwner: YesNo | null;
    noPropertyOwnerReason: string | null;
    heldAgentCount: number;
  }[];
}

export const SellersAwaitingVerificationQuery = gql<
  { adminSellersAwaitingVerification: Connection<SellerAwaitingVerification> },
  PageVariables
>`
  query AdminSellersAwaitingVerification($first: Int, $after: String) {
    adminSellersAwaitingVerification(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          waitingSince
          seller { ${ADMIN_USER_FIELDS} }
          properties { id address state completeType areYouThePropertyOwner noPropertyOwnerReason heldAgentCount }
        }
      }
      ${PAGE_INFO_FIELDS}
    }
  }
`;

const ApproveSellerMutation = gql<{ approveSeller: AdminUser }, { userId: string }>`
  mutation ApproveSeller($userId: ID!) {
    approveSeller(userId: $userId) { ${ADMIN_USER_FIELDS} }
  }
`;

export const useApproveSeller = () => useMutation(ApproveSellerMutation);
