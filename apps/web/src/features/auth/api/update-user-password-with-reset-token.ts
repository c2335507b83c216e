import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const UpdateUserPasswordWithResetTokenMutation = graphql(`
  mutation UpdateUserPasswordWithResetToken($userId: ID!, $passwordResetToken: String!, $password: String!) {
    updateUserPasswordWithResetToken(userId: $userId, passwordResetToken: $passwordResetToken, password: $password) {
      message
    }
  }
`);

export const useUpdateUserPasswordWithResetTokenMutation = () => useMutation(UpdateUserPasswordWithResetTokenMutation);
