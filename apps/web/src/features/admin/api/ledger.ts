/** The charges ledger: every attempt to take money, with its GST part. */
import { gql } from 'urql';
import { ADMIN_USER_FIELDS, PAGE_INFO_FIELDS, type AdminUser, type Connection, type PageVariables } from '@/features/admin/api/types';

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

export const LEDGER_CHARGE_FIELDS = `id kind description amount gst status failureCode failureReason createdAt user { ${ADMIN_USER_FIELDS} }`;

export const KIND_LABELS: Record<LedgerChargeKind, string> = {
  SUBSCRIPTION: 'Subscription',
  RENEWAL: 'Renewal',
  LEAD_FEE: 'Lead fee',
};

export const AdminChargesQuery = gql<
  { adminCharges: Connection<LedgerCharge> },
  PageVariables & { kind?: LedgerChargeKind | null; userId?: string | null }
>`
  query AdminCharges($first: Int, $after: String, $kind: LedgerChargeKind, $userId: ID) {
    adminCharges(first: $first, after: $after, kind: $kind, userId: $userId) {
      edges { cursor node { ${LEDGER_CHARGE_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;
