/** The seller's profile calls (spec 001 §7 'seller details update', 'password change'). */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const UpdateSellerDetailsMutation = graphql(`
  mutation UpdateSellerDetails($name: String, $email: String, $mobileNumber: String, $currentPassword: String) {
    updateUserDetails(name: $name, email: $email, mobileNumber: $mobileNumber, currentPassword: $currentPassword) {
      ...CurrentUserFields
    }
  }
`);

export const UpdateSellerPasswordMutation = graphql(`
  mutation UpdateSellerPassword($password: String!, $currentPassword: String) {
    updateUserPassword(password: $password, currentPassword: $currentPassword) {
      ...CurrentUserFields
    }
  }
`);

export const useUpdateSellerDetails = () => useMutation(UpdateSellerDetailsMutation);
export const useUpdateSellerPassword = () => useMutation(UpdateSellerPasswordMutation);
