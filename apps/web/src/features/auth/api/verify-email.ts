import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const VerifyEmailMutation = graphql(`
  mutation VerifyEmail($emailVerificationToken: String!) {
    verifyEmail(emailVerificationToken: $emailVerificationToken) {
      message
    }
  }
`);

export const useVerifyEmailMutation = () => useMutation(VerifyEmailMutation);
