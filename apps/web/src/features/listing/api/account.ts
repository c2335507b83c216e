/**
 * Account calls of the listing wizard (spec 000 §7): `createGhostUser` for a visitor without a session,
 * `updateUserDetails` (contact details and the stored next page) and `updateUserPassword` (which turns a ghost
 * into a seller). Each answers the user with the shared fields, so `me` stays current in the cache.
 */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const CreateGhostUserMutation = graphql(`
  mutation CreateGhostUser {
    createGhostUser {
      token
      user {
        ...CurrentUserFields
      }
    }
  }
`);

export const UpdateUserDetailsMutation = graphql(`
  mutation UpdateUserDetailsFromListing(
    $name: String
    $email: String
    $mobileNumber: String
    $socialEmail: String
    $isPrivacyPolicyAccepted: Boolean
    $nextPage: String
  ) {
    updateUserDetails(
      name: $name
      email: $email
      mobileNumber: $mobileNumber
      socialEmail: $socialEmail
      isPrivacyPolicyAccepted: $isPrivacyPolicyAccepted
      nextPage: $nextPage
    ) {
      ...CurrentUserFields
    }
  }
`);

export const UpdateUserPasswordMutation = graphql(`
  mutation UpdateUserPasswordFromListing($password: String!, $mobileNumber: String) {
    updateUserPassword(password: $password, mobileNumber: $mobileNumber) {
      ...CurrentUserFields
    }
  }
`);

export const useCreateGhostUser = () => useMutation(CreateGhostUserMutation);
export const useUpdateUserDetails = () => useMutation(UpdateUserDetailsMutation);
export const useUpdateUserPassword = () => useMutation(UpdateUserPasswordMutation);
