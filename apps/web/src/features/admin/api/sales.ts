/** Sales as sellers reported them, the agents' confirmations, lead fees and cashback. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import { type LedgerCharge } from '@/features/admin/api/ledger';
import { type AdminUser } from '@/features/admin/api/types';

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

export const AdminCashbackClaimFields = graphql(`
  fragment AdminCashbackClaimFields on AdminCashbackClaim {
    id amount maskedBsb maskedAccountNumber status claimedAt payableAt paidAt paidBy { ...AdminUserFields }
  }
`);
export const AdminPropertySaleFields = graphql(`
  fragment AdminPropertySaleFields on AdminPropertySale {
    id reportedAt confirmedAt salePrice contractDate leadFeeStatus leadFeeAttempts leadFeeFailureCode disputedAt disputeReason
    disputeSettledAt disputeSettlement disputeSettlementReason leadFeeWaivedAt leadFeeWaiverReason
    property { id address }
    seller { ...AdminUserFields }
    sellingAgent { ...AdminUserFields }
    leadFeeCharge { ...LedgerChargeFields }
    cashbackClaim { ...AdminCashbackClaimFields }
  }
`);

export const AdminPropertySalesQuery = graphql(`
  query AdminPropertySales($first: Int, $after: String, $filter: AdminPropertySaleFilter) {
    adminPropertySales(first: $first, after: $after, filter: $filter) {
      edges { cursor node { ...AdminPropertySaleFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const MarkCashbackPaidMutation = graphql(`
  mutation MarkCashbackClaimPaid($cashbackClaimId: ID!) {
    markCashbackClaimPaid(cashbackClaimId: $cashbackClaimId) { ...AdminCashbackClaimFields }
  }
`);
export const useMarkCashbackPaid = () => useMutation(MarkCashbackPaidMutation);

const RetryLeadFeeMutation = graphql(`
  mutation RetryLeadFeeCharge($propertySaleId: ID!) {
    retryLeadFeeCharge(propertySaleId: $propertySaleId) { ...AdminPropertySaleFields }
  }
`);
export const useRetryLeadFee = () => useMutation(RetryLeadFeeMutation);

const WaiveLeadFeeMutation = graphql(`
  mutation WaiveLeadFee($propertySaleId: ID!, $reason: String!) {
    waiveLeadFee(propertySaleId: $propertySaleId, reason: $reason) { ...AdminPropertySaleFields }
  }
`);
export const useWaiveLeadFee = () => useMutation(WaiveLeadFeeMutation);

const SettleDisputedSaleMutation = graphql(`
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
    ) { ...AdminPropertySaleFields }
  }
`);
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

const DownloadCashbackPayoutsMutation = graphql(`
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
`);
export const useDownloadCashbackPayouts = () => useMutation(DownloadCashbackPayoutsMutation);
