/** The charges ledger: every attempt to take money, with its GST part. */
import { graphql } from '@/generated/graphql';
import { type AdminUser } from '@/features/admin/api/types';

export type LedgerChargeKind = 'SUBSCRIPTION' | 'RENEWAL' | 'LEAD_FEE';
export type LedgerChargeStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';

export interface LedgerCharge {
  id: string;
  kind: LedgerChargeKind;
  description: string;
  amount: number;
  gst: number;
  status: LedgerChargeStatus;
  failureCode: string | null;
  failureReason: string | null;
  createdAt: string;
  user: AdminUser;
}

export const LedgerChargeFields = graphql(`
  fragment LedgerChargeFields on LedgerCharge {
    id kind description amount gst status failureCode failureReason createdAt user { ...AdminUserFields }
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
      edges { cursor node { ...LedgerChargeFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);
