import { gql, useMutation } from 'urql';
import { CurrentUserFields } from '@/lib/current-user';
import type { AuthPayload } from '@/features/auth/api/auth-payload';

/** Exchanges a continue-registration token (from the e-mailed link) for a session. */
export const GetUserByTokenMutation = gql<{ getUserByToken: AuthPayload }, { continueToken: string }>`
  mutation GetUserByToken($continueToken: String!) {
    getUserByToken(continueToken: $continueToken) {
      token
      user {
        ...CurrentUserFields
      }
    }
  }
  ${CurrentUserFields}
`;

export const useGetUserByTokenMutation = () => useMutation(GetUserByTokenMutation);
