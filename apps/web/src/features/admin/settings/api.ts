/** The operator settings: the cashback (dollars), the free-trial allowance, the lead fee before GST and the ABA balancing record. */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type AdminSettings = ResultOf<typeof AdminSettingsQuery>['adminSettings'];

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
