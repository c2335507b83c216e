/** The operator settings: the cashback (dollars), the free-trial allowance, the lead fee before GST and the ABA balancing record. */
import { gql, useMutation, useQuery } from 'urql';

export interface AdminSettings {
  staticCashbackAmount: number;
  totalFreeTrialsAllowed: number;
  /** The lead fee before GST: charged to agents on a confirmed sale and disclosed to sellers. */
  leadFeeExcludingGst: number;
  /** Payout ABA files end with a balancing debit from Listwise's account (banks that need one). */
  abaBalancingRecord: boolean;
}

const AdminSettingsQuery = gql<{ adminSettings: AdminSettings }, Record<string, never>>`
  query AdminSettings {
    adminSettings {
      staticCashbackAmount
      totalFreeTrialsAllowed
      leadFeeExcludingGst
      abaBalancingRecord
    }
  }
`;
export const useAdminSettings = () => useQuery({ query: AdminSettingsQuery, requestPolicy: 'cache-and-network' });

const UpdateSettingsMutation = gql<
  { updateSettings: AdminSettings },
  Omit<AdminSettings, 'leadFeeExcludingGst' | 'abaBalancingRecord'> & { leadFeeExcludingGst?: number; abaBalancingRecord?: boolean }
>`
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
`;
export const useUpdateSettings = () => useMutation(UpdateSettingsMutation);
