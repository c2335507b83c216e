/** The charges ledger: every attempt to take money, with its GST part. */
import { graphql } from '@/generated/graphql';
import type { LedgerChargeFieldsFragment, LedgerChargeKind } from '@/generated/graphql/graphql';

export type LedgerCharge = LedgerChargeFieldsFragment;
export type { LedgerChargeKind, LedgerChargeStatus } from '@/generated/graphql/graphql';

export const LedgerChargeFields = graphql(`
  fragment LedgerChargeFields on LedgerCharge {
    id
    kind
    description
    amount
    gst
    status
    failureCode
    failureReason
    createdAt
    user {
      ...AdminUserFields
    }
  }
`);

export const KIND_LABELS: Record<LedgerChargeKind, string> = {
  SUBSCRIPTION: 'Subscription',
  RENEWAL: 'Renewal',
  LEAD_FEE: 'Lead fee',
};

export const AdminChargesQuery = graphql(`
  query AdminCharges($first: Int, $after: String, $kind: LedgerChargeKind, $userId: ID) {
    adminCharges(first: $first, after: $after, kind: $kind, userId: $userId) {
      edges {
        cursor
        node {
          ...LedgerChargeFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
