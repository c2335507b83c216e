import { gql, useMutation } from 'urql';

/** The e-mailed link that closes an account without a password (issue 22); the token is the credential. */
export const ConfirmAccountDeletionMutation = gql<{ confirmAccountDeletion: boolean }, { accountDeletionToken: string }>`
  mutation ConfirmAccountDeletion($accountDeletionToken: String!) {
    confirmAccountDeletion(accountDeletionToken: $accountDeletionToken)
  }
`;

export const useConfirmAccountDeletionMutation = () => useMutation(ConfirmAccountDeletionMutation);
