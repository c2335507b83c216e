import { gql, useMutation } from 'urql';
import type { MessagePayload } from '@/features/auth/api/auth-payload';

export const SendPasswordResetEmailMutation = gql<{ sendPasswordResetEmail: MessagePayload }, { email: string }>`
  mutation SendPasswordResetEmail($email: String!) {
    sendPasswordResetEmail(email: $email) {
      message
    }
  }
`;

export const useSendPasswordResetEmailMutation = () => useMutation(SendPasswordResetEmailMutation);
