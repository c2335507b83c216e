/** The operator settings: the cashback (dollars), the free-trial allowance, the lead fee before GST and the ABA balancing record. */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';

export interface AdminSettings {
  staticCashbackAmount: number;
  totalFreeTrialsAllowed: number;
  /** The lead fee before GST: charged to agents on a confirmed sale and disclosed to sellers. */
  leadFeeExcludingGst: number;
  /** Payout ABA files end with a balancing debit from Listwise's account (banks that need one). */
  abaBalancingRecord: boolean;
}

const AdminSettingsQuery = graphql(`
  query AdminSettings {
    adminSettings {
      staticCashbackAmount
      totalFreeTrialsAllowed
      leadFeeExcludingGst
      abaBalancingRecord
    }
  }
`);
export const useAdminSettings = () => useQuery({ query: AdminSettingsQuery, requestPolicy: 'cache-and-network' });

const UpdateSettingsMutation = graphql(`
  mutation UpdateSettings(
    $staticCashbackAmount: Float!
    $totalFreeTrialsAllowed: Int!
    $leadFeeExcludingGst: Float
    $abaBalancingRecord: Boolean
  ) {
    updateSettings(
      staticCashbackAmount: $staticCashbackAmount
      totalFreeTrialsAllowed: $totalFreeTrialsAllowed
      leadFeeExcludingGst: $leadFeeExcludingGst
      abaBalancingRecord: $abaBalancingRecord
    ) {
      staticCashbackAmount
      totalFreeTrialsAllowed
      leadFeeExcludingGst
      abaBalancingRecord
    }
  }
`);
export const useUpdateSettings = () => useMutation(UpdateSettingsMutation);
