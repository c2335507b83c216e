/** 'Money needing attention': refunds Listwise owes that failed every automatic attempt, and trying one again. */
import { gql, useMutation } from 'urql';
import { ADMIN_USER_FIELDS, type AdminUser } from '@/features/admin/api/types';

export interface MoneyNeedingAttention {
  id: string;
  agent: AdminUser;
  description: string;
  amount: number;
  paidAt: string | null;
  providerChargeId: string | null;
  refundReason: string;
  refundAttempts: number;
  lastError: string | null;
  isRefunded: boolean;
  whatToDo: string;
}

const FIELDS = `id agent { ${ADMIN_USER_FIELDS} } description amount paidAt providerChargeId refundReason refundAttempts lastError isRefunded whatToDo`;

export const MoneyNeedingAttentionQuery = gql<{ adminMoneyNeedingAttention: MoneyNeedingAttention[] }>`
  query AdminMoneyNeedingAttention {
    adminMoneyNeedingAttention { ${FIELDS} }
  }
`;

const RetryChargeRefundMutation = gql<{ retryChargeRefund: MoneyNeedingAttention }, { chargeId: string }>`
  mutation RetryChargeRefund($chargeId: ID!) {
    retryChargeRefund(chargeId: $chargeId) { ${FIELDS} }
  }
`;

export const useRetryChargeRefund = () => useMutation(RetryChargeRefundMutation);
