/** Payout batches: what each 'Download ABA file' took, to download again, mark paid, or return a rejected claim from. */
import { gql, useMutation } from 'urql';
import { CLAIM_FIELDS, type AdminCashbackClaim, type PayoutFile, type PayoutFileFormat } from '@/features/admin/api/sales';
import { ADMIN_USER_FIELDS, PAGE_INFO_FIELDS, type AdminUser, type Connection, type PageVariables } from '@/features/admin/api/types';

export interface PayoutBatchClaim {
  returnedAt: string | null;
  returnReason: string | null;
  claim: AdminCashbackClaim & { seller: AdminUser };
}

export interface PayoutBatch {
  id: string;
  createdAt: string;
  createdBy: AdminUser | null;
  format: PayoutFileFormat;
  processingDate: string;
  claimCount: number;
  total: number;
  checksum: string;
  abaBalancingRecord: boolean;
  status: 'IN_PAYOUT' | 'PAID';
  paidAt: string | null;
  paidBy: AdminUser | null;
  claims: PayoutBatchClaim[];
}

const BATCH_FIELDS = `
  id createdAt format processingDate claimCount total checksum abaBalancingRecord status paidAt
  createdBy { ${ADMIN_USER_FIELDS} }
  paidBy { ${ADMIN_USER_FIELDS} }
  claims { returnedAt returnReason claim { ${CLAIM_FIELDS} seller { ${ADMIN_USER_FIELDS} } } }
`;

export const CashbackPayoutBatchesQuery = gql<{ cashbackPayoutBatches: Connection<PayoutBatch> }, PageVariables>`
  query CashbackPayoutBatches($first: Int, $after: String) {
    cashbackPayoutBatches(first: $first, after: $after) {
      edges { cursor node { ${BATCH_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;

const DownloadCashbackPayoutBatchMutation = gql<
  { downloadCashbackPayoutBatch: PayoutFile },
  { batchId: string; password: string; format: PayoutFileFormat }
>`
  mutation DownloadCashbackPayoutBatch($batchId: ID!, $password: String!, $format: PayoutFileFormat!) {
    downloadCashbackPayoutBatch(batchId: $batchId, password: $password, format: $format) {
      id
      format
      fileName
      contentType
      content
      claimCount
      total
      checksum
    }
  }
`;
export const useDownloadCashbackPayoutBatch = () => useMutation(DownloadCashbackPayoutBatchMutation);

const MarkCashbackPayoutBatchPaidMutation = gql<{ markCashbackPayoutBatchPaid: PayoutBatch }, { batchId: string }>`
  mutation MarkCashbackPayoutBatchPaid($batchId: ID!) {
    markCashbackPayoutBatchPaid(batchId: $batchId) { ${BATCH_FIELDS} }
  }
`;
export const useMarkCashbackPayoutBatchPaid = () => useMutation(MarkCashbackPayoutBatchPaidMutation);

const ReturnCashbackClaimMutation = gql<{ returnCashbackClaimToPayable: AdminCashbackClaim }, { cashbackClaimId: string; reason: string }>`
  mutation ReturnCashbackClaimToPayable($cashbackClaimId: ID!, $reason: String!) {
    returnCashbackClaimToPayable(cashbackClaimId: $cashbackClaimId, reason: $reason) { ${CLAIM_FIELDS} }
  }
`;
export const useReturnCashbackClaim = () => useMutation(ReturnCashbackClaimMutation);
