/** E-mails stuck in SENDING: a delivery cut off mid-way, for an operator to send again or mark sent. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AdminStuckEmailFieldsFragment } from '@/generated/graphql/graphql';

export type StuckEmail = AdminStuckEmailFieldsFragment;

export const AdminStuckEmailFields = graphql(`
  fragment AdminStuckEmailFields on AdminStuckEmail {
    id
    to
    subject
    template
    attempts
    lastError
    createdAt
    sendingSince
  }
`);

export const AdminStuckEmailsQuery = graphql(`
  query AdminStuckEmails($first: Int, $after: String) {
    adminStuckEmails(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...AdminStuckEmailFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const ResendStuckEmailMutation = graphql(`
  mutation ResendStuckEmail($emailId: ID!) {
    resendStuckEmail(emailId: $emailId) {
      ...AdminStuckEmailFields
    }
  }
`);
export const useResendStuckEmail = () => useMutation(ResendStuckEmailMutation);

const MarkStuckEmailSentMutation = graphql(`
  mutation MarkStuckEmailSent($emailId: ID!) {
    markStuckEmailSent(emailId: $emailId) {
      ...AdminStuckEmailFields
    }
  }
`);
export const useMarkStuckEmailSent = () => useMutation(MarkStuckEmailSentMutation);
