/** 'Money needing attention': refunds Listwise owes that failed every automatic attempt, and trying one again. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AdminMoneyNeedingAttentionFieldsFragment } from '@/generated/graphql/graphql';

export type MoneyNeedingAttention = AdminMoneyNeedingAttentionFieldsFragment;

export const AdminMoneyNeedingAttentionFields = graphql(`
  fragment AdminMoneyNeedingAttentionFields on AdminMoneyNeedingAttention {
    id
    agent {
      ...AdminUserFields
    }
    description
    amount
    paidAt
    providerChargeId
    refundReason
    refundAttempts
    lastError
    isRefunded
    whatToDo
  }
`);

export const MoneyNeedingAttentionQuery = graphql(`
  query AdminMoneyNeedingAttention {
    adminMoneyNeedingAttention {
      ...AdminMoneyNeedingAttentionFields
    }
  }
`);

const RetryChargeRefundMutation = graphql(`
  mutation RetryChargeRefund($chargeId: ID!) {
    retryChargeRefund(chargeId: $chargeId) {
      ...AdminMoneyNeedingAttentionFields
    }
  }
`);

export const useRetryChargeRefund = () => useMutation(RetryChargeRefundMutation);
