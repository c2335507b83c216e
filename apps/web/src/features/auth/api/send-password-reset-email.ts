import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const SendPasswordResetEmailMutation = graphql(`
  mutation SendPasswordResetEmail($email: String!) {
    sendPasswordResetEmail(email: $email) {
      message
    }
  }
`);

export const useSendPasswordResetEmailMutation = () => useMutation(SendPasswordResetEmailMutation);
