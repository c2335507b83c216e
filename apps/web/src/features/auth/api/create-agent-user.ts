import { gql, useMutation } from 'urql';
import { CurrentUserFields } from '@/lib/current-user';
import type { AuthPayload } from '@/features/auth/api/auth-payload';

export const CreateAgentUserMutation = gql<{ createAgentUser: AuthPayload }, { email: string; password: string }>`
  mutation CreateAgentUser($email: String!, $password: String!) {
    createAgentUser(email: $email, password: $password) {
      token
      user {
        ...CurrentUserFields
      }
    }
  }
  ${CurrentUserFields}
`;

export const useCreateAgentUserMutation = () => useMutation(CreateAgentUserMutation);
