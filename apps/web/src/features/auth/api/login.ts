import { gql, useMutation } from 'urql';
import { CurrentUserFields } from '@/lib/current-user';
import type { AuthPayload } from '@/features/auth/api/auth-payload';

export const LoginMutation = gql<{ login: AuthPayload }, { email: string; password: string }>`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      user {
        ...CurrentUserFields
      }
    }
  }
  ${CurrentUserFields}
`;

export const useLoginMutation = () => useMutation(LoginMutation);
