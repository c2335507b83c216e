/** The link e-mailed to the old address after an e-mail change: puts the old address back. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const UndoEmailChangeMutation = graphql(`
  mutation UndoEmailChange($emailChangeUndoToken: String!) {
    undoEmailChange(emailChangeUndoToken: $emailChangeUndoToken) {
      message
    }
  }
`);

export const useUndoEmailChangeMutation = () => useMutation(UndoEmailChangeMutation);
