/** Payout batches: what each 'Download ABA file' took, to download again, mark paid, or return a rejected claim from. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { CashbackPayoutBatchFieldsFragment } from '@/generated/graphql/graphql';

export type PayoutBatchClaim = PayoutBatch['claims'][number];

export type PayoutBatch = CashbackPayoutBatchFieldsFragment;

export const CashbackPayoutBatchFields = graphql(`
  fragment CashbackPayoutBatchFields on CashbackPayoutBatch {
    id
    createdAt
    format
    processingDate
    claimCount
    total
    checksum
    abaBalancingRecord
    status
    paidAt
    createdBy {
      ...AdminUserFields
    }
    paidBy {
      ...AdminUserFields
    }
    claims {
      returnedAt
      returnReason
      claim {
        ...AdminCashbackClaimFields
        seller {
          ...AdminUserFields
        }
      }
    }
  }
`);

export const CashbackPayoutBatchesQuery = graphql(`
  query CashbackPayoutBatches($first: Int, $after: String) {
    cashbackPayoutBatches(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...CashbackPayoutBatchFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const DownloadCashbackPayoutBatchMutation = graphql(`
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
`);
export const useDownloadCashbackPayoutBatch = () => useMutation(DownloadCashbackPayoutBatchMutation);

const MarkCashbackPayoutBatchPaidMutation = graphql(`
  mutation MarkCashbackPayoutBatchPaid($batchId: ID!) {
    markCashbackPayoutBatchPaid(batchId: $batchId) {
      ...CashbackPayoutBatchFields
    }
  }
`);
export const useMarkCashbackPayoutBatchPaid = () => useMutation(MarkCashbackPayoutBatchPaidMutation);

const ReturnCashbackClaimMutation = graphql(`
  mutation ReturnCashbackClaimToPayable($cashbackClaimId: ID!, $reason: String!) {
    returnCashbackClaimToPayable(cashbackClaimId: $cashbackClaimId, reason: $reason) {
      ...AdminCashbackClaimFields
    }
  }
`);
export const useReturnCashbackClaim = () => useMutation(ReturnCashbackClaimMutation);

export type PayoutFile = ResultOf<typeof DownloadCashbackPayoutsMutation>['downloadCashbackPayouts'];
export type { PayoutFileFormat } from '@/generated/graphql/graphql';

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
