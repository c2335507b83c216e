import { gql, useMutation } from 'urql';
import type { MessagePayload } from '@/features/auth/api/auth-payload';

export const SendContinueEmailMutation = gql<{ sendContinueEmail: MessagePayload }, { email: string }>`
  mutation SendContinueEmail($email: String!) {
    sendContinueEmail(email: $email) {
      message
    }
  }
`;

export const useSendContinueEmailMutation = () => useMutation(SendContinueEmailMutation);
