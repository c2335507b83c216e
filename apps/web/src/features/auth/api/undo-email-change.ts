/** The link e-mailed to the old address after an e-mail change (issue 19): puts the old address back. */
import { gql, useMutation } from 'urql';
import type { MessagePayload } from '@/features/auth/api/auth-payload';

export const UndoEmailChangeMutation = gql<{ undoEmailChange: MessagePayload }, { emailChangeUndoToken: string }>`
  mutation UndoEmailChange($emailChangeUndoToken: String!) {
    undoEmailChange(emailChangeUndoToken: $emailChangeUndoToken) {
      message
    }
  }
`;

export const useUndoEmailChangeMutation = () => useMutation(UndoEmailChangeMutation);
