/** Sales as sellers reported them, the agents' confirmations, lead fees and cashback. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AdminCashbackClaimFieldsFragment, AdminPropertySaleFieldsFragment } from '@/generated/graphql/graphql';

export type AdminCashbackClaim = AdminCashbackClaimFieldsFragment;

export type AdminPropertySale = AdminPropertySaleFieldsFragment;
export type {
  AdminPropertySaleFilter as SaleFilter,
  CashbackClaimStatus,
  DisputeSettlement,
  LeadFeeStatus,
} from '@/generated/graphql/graphql';

export const AdminCashbackClaimFields = graphql(`
  fragment AdminCashbackClaimFields on AdminCashbackClaim {
    id
    amount
    maskedBsb
    maskedAccountNumber
    status
    claimedAt
    payableAt
    paidAt
    paidBy {
      ...AdminUserFields
    }
  }
`);
export const AdminPropertySaleFields = graphql(`
  fragment AdminPropertySaleFields on AdminPropertySale {
    id
    reportedAt
    confirmedAt
    salePrice
    contractDate
    leadFeeStatus
    leadFee {
      excludingGstDollars
      includingGstDollars
    }
    leadFeeAttempts
    leadFeeFailureCode
    disputedAt
    disputeReason
    disputeSettledAt
    disputeSettlement
    disputeSettlementReason
    isUnanswered
    unansweredSince
    leadFeeWaivedAt
    leadFeeWaiverReason
    property {
      id
      address
    }
    seller {
      ...AdminUserFields
    }
    sellingAgent {
      ...AdminUserFields
    }
    leadFeeCharge {
      ...LedgerChargeFields
    }
    cashbackClaim {
      ...AdminCashbackClaimFields
    }
  }
`);

export const AdminPropertySalesQuery = graphql(`
  query AdminPropertySales($first: Int, $after: String, $filter: AdminPropertySaleFilter) {
    adminPropertySales(first: $first, after: $after, filter: $filter) {
      edges {
        cursor
        node {
          ...AdminPropertySaleFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const MarkCashbackPaidMutation = graphql(`
  mutation MarkCashbackClaimPaid($cashbackClaimId: ID!) {
    markCashbackClaimPaid(cashbackClaimId: $cashbackClaimId) {
      ...AdminCashbackClaimFields
    }
  }
`);
export const useMarkCashbackPaid = () => useMutation(MarkCashbackPaidMutation);

const RetryLeadFeeMutation = graphql(`
  mutation RetryLeadFeeCharge($propertySaleId: ID!) {
    retryLeadFeeCharge(propertySaleId: $propertySaleId) {
      ...AdminPropertySaleFields
    }
  }
`);
export const useRetryLeadFee = () => useMutation(RetryLeadFeeMutation);

const WaiveLeadFeeMutation = graphql(`
  mutation WaiveLeadFee($propertySaleId: ID!, $reason: String!) {
    waiveLeadFee(propertySaleId: $propertySaleId, reason: $reason) {
      ...AdminPropertySaleFields
    }
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
    ) {
      ...AdminPropertySaleFields
    }
  }
`);
export const useSettleDisputedSale = () => useMutation(SettleDisputedSaleMutation);

const SettleUnansweredSaleMutation = graphql(`
  mutation SettleUnansweredPropertySale(
    $propertySaleId: ID!
    $outcome: DisputeSettlement!
    $reason: String!
    $salePrice: Float
    $contractDate: String
  ) {
    settleUnansweredPropertySale(
      propertySaleId: $propertySaleId
      outcome: $outcome
      reason: $reason
      salePrice: $salePrice
      contractDate: $contractDate
    ) {
      ...AdminPropertySaleFields
    }
  }
`);

export const useSettleUnansweredSale = () => useMutation(SettleUnansweredSaleMutation);
