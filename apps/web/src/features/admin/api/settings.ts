/** The operator settings: the cash offer (dollars) and the free-trial allowance. */
import { gql, useMutation, useQuery } from 'urql';

export interface AdminSettings {
  staticCashbackAmount: number;
  totalFreeTrialsAllowed: number;
}

const AdminSettingsQuery = gql<{ adminSettings: AdminSettings }, Record<string, never>>`
  query AdminSettings {
    adminSettings {
      staticCashbackAmount
      totalFreeTrialsAllowed
    }
  }
`;
export const useAdminSettings = () => useQuery({ query: AdminSettingsQuery, requestPolicy: 'cache-and-network' });

const UpdateSettingsMutation = gql<{ updateSettings: AdminSettings }, AdminSettings>`
  mutation UpdateSettings($staticCashbackAmount: Float!, $totalFreeTrialsAllowed: Int!) {
    updateSettings(staticCashbackAmount: $staticCashbackAmount, totalFreeTrialsAllowed: $totalFreeTrialsAllowed) {
      staticCashbackAmount
      totalFreeTrialsAllowed
    }
  }
`;
export const useUpdateSettings = () => useMutation(UpdateSettingsMutation);
