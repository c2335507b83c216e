import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

/** The e-mailed link that closes an account without a password; the token is the credential. */
export const ConfirmAccountDeletionMutation = graphql(`
  mutation ConfirmAccountDeletion($accountDeletionToken: String!) {
    confirmAccountDeletion(accountDeletionToken: $accountDeletionToken)
  }
`);

export const useConfirmAccountDeletionMutation = () => useMutation(ConfirmAccountDeletionMutation);
