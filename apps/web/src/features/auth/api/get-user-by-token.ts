import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

/** Exchanges a continue-registration token (from the e-mailed link) for a session. */
export const GetUserByTokenMutation = graphql(`
  mutation GetUserByToken($continueToken: String!) {
    getUserByToken(continueToken: $continueToken) {
      token
      user {
        ...CurrentUserFields
      }
    }
  }
`);

export const useGetUserByTokenMutation = () => useMutation(GetUserByTokenMutation);
