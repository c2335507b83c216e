import { gql, useMutation } from 'urql';
import type { MessagePayload } from '@/features/auth/api/auth-payload';

export const VerifyEmailMutation = gql<{ verifyEmail: MessagePayload }, { emailVerificationToken: string }>`
  mutation VerifyEmail($emailVerificationToken: String!) {
    verifyEmail(emailVerificationToken: $emailVerificationToken) {
      message
    }
  }
`;

export const useVerifyEmailMutation = () => useMutation(VerifyEmailMutation);
