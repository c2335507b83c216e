import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const SendContinueEmailMutation = graphql(`
  mutation SendContinueEmail($email: String!) {
    sendContinueEmail(email: $email) {
      message
    }
  }
`);

export const useSendContinueEmailMutation = () => useMutation(SendContinueEmailMutation);
