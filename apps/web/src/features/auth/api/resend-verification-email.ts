import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

/** Sends the signed-in user a new verification link (`userId` is for operators acting for someone else). */
export const ResendVerificationEmailMutation = graphql(`
  mutation ResendVerificationEmail($userId: ID) {
    resendVerificationEmail(userId: $userId) {
      message
    }
  }
`);

export const useResendVerificationEmailMutation = () => useMutation(ResendVerificationEmailMutation);
