import { gql, useMutation } from 'urql';
import type { MessagePayload } from '@/features/auth/api/auth-payload';

/** Sends the signed-in user a new verification link (`userId` is for operators acting for someone else). */
export const ResendVerificationEmailMutation = gql<{ resendVerificationEmail: MessagePayload }, { userId?: string | null }>`
  mutation ResendVerificationEmail($userId: ID) {
    resendVerificationEmail(userId: $userId) {
      message
    }
  }
`;

export const useResendVerificationEmailMutation = () => useMutation(ResendVerificationEmailMutation);
