/** E-mails stuck in SENDING: a delivery cut off mid-way, for an operator to send again or mark sent. */
import { gql, useMutation } from 'urql';
import { PAGE_INFO_FIELDS, type Connection, type PageVariables } from '@/features/admin/api/types';

export interface StuckEmail {
  id: string;
  to: string;
  subject: string;
  template: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sendingSince: string;
}

const STUCK_EMAIL_FIELDS = 'id to subject template attempts lastError createdAt sendingSince';

export const AdminStuckEmailsQuery = gql<{ adminStuckEmails: Connection<StuckEmail> }, PageVariables>`
  query AdminStuckEmails($first: Int, $after: String) {
    adminStuckEmails(first: $first, after: $after) {
      edges { cursor node { ${STUCK_EMAIL_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;

const ResendStuckEmailMutation = gql<{ resendStuckEmail: StuckEmail }, { emailId: string }>`
  mutation ResendStuckEmail($emailId: ID!) {
    resendStuckEmail(emailId: $emailId) { ${STUCK_EMAIL_FIELDS} }
  }
`;
export const useResendStuckEmail = () => useMutation(ResendStuckEmailMutation);

const MarkStuckEmailSentMutation = gql<{ markStuckEmailSent: StuckEmail }, { emailId: string }>`
  mutation MarkStuckEmailSent($emailId: ID!) {
    markStuckEmailSent(emailId: $emailId) { ${STUCK_EMAIL_FIELDS} }
  }
`;
export const useMarkStuckEmailSent = () => useMutation(MarkStuckEmailSentMutation);
