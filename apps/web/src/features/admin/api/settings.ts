/** The operator settings: the cashback (dollars), the free-trial allowance and the lead fee before GST. */
import { gql, useMutation, useQuery } from 'urql';

export interface AdminSettings {
  staticCashbackAmount: number;
  totalFreeTrialsAllowed: number;
  /** The lead fee before GST: charged to agents on a confirmed sale and disclosed to sellers. */
  leadFeeExcludingGst: number;
}

const AdminSettingsQuery = gql<{ adminSettings: AdminSettings }, Record<string, never>>`
  query AdminSettings {
    adminSettings {
      staticCashbackAmount
      totalFreeTrialsAllowed
      leadFeeExcludingGst
    }
  }
`;
export const useAdminSettings = () => useQuery({ query: AdminSettingsQuery, requestPolicy: 'cache-and-network' });

const UpdateSettingsMutation = gql<
  { updateSettings: AdminSettings },
  Omit<AdminSettings, 'leadFeeExcludingGst'> & { leadFeeExcludingGst?: number }
>`
  mutation UpdateSettings($staticCashbackAmount: Float!, $totalFreeTrialsAllowed: Int!, $leadFeeExcludingGst: Float) {
    updateSettings(
      staticCashbackAmount: $staticCashbackAmount
      totalFreeTrialsAllowed: $totalFreeTrialsAllowed
      leadFeeExcludingGst: $leadFeeExcludingGst
    ) {
      staticCashbackAmount
      totalFreeTrialsAllowed
      leadFeeExcludingGst
    }
  }
`;
export const useUpdateSettings = () => useMutation(UpdateSettingsMutation);
