/** Sales as sellers reported them, the agents' confirmations, lead fees and cashback. */
import { gql, useMutation } from 'urql';
import { LEDGER_CHARGE_FIELDS, type LedgerCharge } from '@/features/admin/api/ledger';
import { ADMIN_USER_FIELDS, PAGE_INFO_FIELDS, type AdminUser, type Connection, type PageVariables } from '@/features/admin/api/types';

export type SaleFilter = 'ALL' | 'AWAITING_CONFIRMATION' | 'CONFIRMED' | 'LEAD_FEE_FAILED' | 'CASH_OFFER_PAYABLE' | 'DISPUTED';
export type LeadFeeStatus = 'NOT_DUE' | 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'WAIVED';
export type CashbackClaimStatus = 'PENDING_CONFIRMATION' | 'AWAITING_LEAD_FEE' | 'PAYABLE' | 'IN_PAYOUT' | 'PAID' | 'DISPUTED' | 'VOID';
export type DisputeSettlement = 'SALE_STANDS' | 'SALE_VOID';

export interface AdminCashbackClaim {
  id: string;
  amount: number;
  maskedBsb: string;
  maskedAccountNumber: string;
  status: CashbackClaimStatus;
  claimedAt: string;
  payableAt: string | null;
  paidAt: string | null;
  paidBy: AdminUser | null;
}

export interface AdminPropertySale {
  id: string;
  reportedAt: string;
  confirmedAt: string | null;
  salePrice: number | null;
  contractDate: string | null;
  leadFeeStatus: LeadFeeStatus;
  leadFeeAttempts: number;
  leadFeeFailureCode: string | null;
  disputedAt: string | null;
  disputeReason: string | null;
  disputeSettledAt: string | null;
  disputeSettlement: DisputeSettlement | null;
  disputeSettlementReason: string | null;
  leadFeeWaivedAt: string | null;
  leadFeeWaiverReason: string | null;
  property: { id: string; address: string };
  seller: AdminUser;
  sellingAgent: AdminUser;
  leadFeeCharge: LedgerCharge | null;
  cashbackClaim: AdminCashbackClaim | null;
}

export const CLAIM_FIELDS = `id amount maskedBsb maskedAccountNumber status claimedAt payableAt paidAt paidBy { ${ADMIN_USER_FIELDS} }`;
const SALE_FIELDS = `
  id reportedAt confirmedAt salePrice contractDate leadFeeStatus leadFeeAttempts leadFeeFailureCode disputedAt disputeReason
  disputeSettledAt disputeSettlement disputeSettlementReason leadFeeWaivedAt leadFeeWaiverReason
  property { id address }
  seller { ${ADMIN_USER_FIELDS} }
  sellingAgent { ${ADMIN_USER_FIELDS} }
  leadFeeCharge { ${LEDGER_CHARGE_FIELDS} }
  cashbackClaim { ${CLAIM_FIELDS} }
`;

export const AdminPropertySalesQuery = gql<
  { adminPropertySales: Connection<AdminPropertySale> },
  PageVariables & { filter?: SaleFilter | null }
>`
  query AdminPropertySales($first: Int, $after: String, $filter: AdminPropertySaleFilter) {
    adminPropertySales(first: $first, after: $after, filter: $filter) {
      edges { cursor node { ${SALE_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;

const MarkCashbackPaidMutation = gql<{ markCashbackClaimPaid: AdminCashbackClaim }, { cashbackClaimId: string }>`
  mutation MarkCashbackClaimPaid($cashbackClaimId: ID!) {
    markCashbackClaimPaid(cashbackClaimId: $cashbackClaimId) { ${CLAIM_FIELDS} }
  }
`;
export const useMarkCashbackPaid = () => useMutation(MarkCashbackPaidMutation);

const RetryLeadFeeMutation = gql<{ retryLeadFeeCharge: AdminPropertySale }, { propertySaleId: string }>`
  mutation RetryLeadFeeCharge($propertySaleId: ID!) {
    retryLeadFeeCharge(propertySaleId: $propertySaleId) { ${SALE_FIELDS} }
  }
`;
export const useRetryLeadFee = () => useMutation(RetryLeadFeeMutation);

const WaiveLeadFeeMutation = gql<{ waiveLeadFee: AdminPropertySale }, { propertySaleId: string; reason: string }>`
  mutation WaiveLeadFee($propertySaleId: ID!, $reason: String!) {
    waiveLeadFee(propertySaleId: $propertySaleId, reason: $reason) { ${SALE_FIELDS} }
  }
`;
export const useWaiveLeadFee = () => useMutation(WaiveLeadFeeMutation);

const SettleDisputedSaleMutation = gql<
  { settleDisputedPropertySale: AdminPropertySale },
  { propertySaleId: string; outcome: DisputeSettlement; reason: string; salePrice?: number | null; contractDate?: string | null }
>`
  mutation SettleDisputedPropertySale(
    $propertySaleId: ID!
    $outcome: DisputeSettlement!
    $reason: String!
    $salePrice: Float
    $contractDate: String
  ) {
    settleDisputedPropertySale(
      propertySaleId: $propertySaleId
      outcome: $outcome
      reason: $reason
      salePrice: $salePrice
      contractDate: $contractDate
    ) { ${SALE_FIELDS} }
  }
`;
export const useSettleDisputedSale = () => useMutation(SettleDisputedSaleMutation);

export type PayoutFileFormat = 'ABA' | 'CSV';

export interface PayoutFile {
  id: string;
  format: PayoutFileFormat;
  fileName: string;
  contentType: string;
  content: string;
  claimCount: number;
  total: number;
  checksum: string;
}

const DownloadCashbackPayoutsMutation = gql<{ downloadCashbackPayouts: PayoutFile }, { password: string; format: PayoutFileFormat }>`
  mutation DownloadCashbackPayouts($password: String!, $format: PayoutFileFormat!) {
    downloadCashbackPayouts(password: $password, format: $format) {
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
export const useDownloadCashbackPayouts = () => useMutation(DownloadCashbackPayoutsMutation);
