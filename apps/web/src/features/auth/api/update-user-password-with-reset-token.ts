import { gql, useMutation } from 'urql';
import type { MessagePayload } from '@/features/auth/api/auth-payload';

export const UpdateUserPasswordWithResetTokenMutation = gql<
  { updateUserPasswordWithResetToken: MessagePayload },
  { userId: string; passwordResetToken: string; password: string }
>`
  mutation UpdateUserPasswordWithResetToken($userId: ID!, $passwordResetToken: String!, $password: String!) {
    updateUserPasswordWithResetToken(userId: $userId, passwordResetToken: $passwordResetToken, password: $password) {
      message
    }
  }
`;

export const useUpdateUserPasswordWithResetTokenMutation = () => useMutation(UpdateUserPasswordWithResetTokenMutation);
