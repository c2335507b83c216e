/** The seller's profile calls (spec 001 §7 'seller details update', 'password change'). */
import { gql, useMutation } from 'urql';
import { CurrentUserFields, type CurrentUser } from '@/lib/current-user';

export const UpdateSellerDetailsMutation = gql<
  { updateUserDetails: CurrentUser },
  { name: string; email: string; mobileNumber: string; currentPassword?: string }
>`
  mutation UpdateSellerDetails($name: String, $email: String, $mobileNumber: String, $currentPassword: String) {
    updateUserDetails(name: $name, email: $email, mobileNumber: $mobileNumber, currentPassword: $currentPassword) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFields}
`;

export const UpdateSellerPasswordMutation = gql<{ updateUserPassword: CurrentUser }, { password: string; currentPassword?: string }>`
  mutation UpdateSellerPassword($password: String!, $currentPassword: String) {
    updateUserPassword(password: $password, currentPassword: $currentPassword) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFields}
`;

export const useUpdateSellerDetails = () => useMutation(UpdateSellerDetailsMutation);
export const useUpdateSellerPassword = () => useMutation(UpdateSellerPasswordMutation);
