/** The drafting steps' calls (spec 000 §7 `updateDraftPropertyAppraisal…`, `submitPropertyAppraisal`). */
import { gql, useMutation } from 'urql';
import type { AppraisalRequestState, CommissionType, PropertyState } from '@listwise/domain/enums';
import { AppraisalValuesFields, type AppraisalValues } from '@/components/appraisal/appraisal-fields';

export interface DraftRequest {
  id: string;
  state: AppraisalRequestState;
  expiresAt: string;
  draftPropertyAppraisal: AppraisalValues | null;
  property: {
    id: string;
    state: PropertyState;
    unitNumber: string | null;
    streetNumber: string | null;
    streetName: string | null;
    suburb: { id: string; name: string; state: string } | null;
  };
}

export const DraftRequestQuery = gql<{ propertyAppraisalRequest: DraftRequest }, { id: string }>`
  query DraftPropertyAppraisal($id: ID!) {
    propertyAppraisalRequest(id: $id) {
      id
      state
      expiresAt
      draftPropertyAppraisal {
        ...AppraisalValuesFields
      }
      property {
        id
        state
        unitNumber
        streetNumber
        streetName
        suburb {
          id
          name
          state
        }
      }
    }
  }
  ${AppraisalValuesFields}
`;

type Updated = AppraisalValues;

const SellingRange = gql<{ updateDraftPropertyAppraisalSellingRange: Updated }, { id: string; min: number; max: number }>`
  mutation UpdateDraftSellingRange($id: ID!, $min: Float, $max: Float) {
    updateDraftPropertyAppraisalSellingRange(propertyAppraisalId: $id, sellingRangeMin: $min, sellingRangeMax: $max) {
      ...AppraisalValuesFields
    }
  }
  ${AppraisalValuesFields}
`;
export const useUpdateSellingRange = () => useMutation(SellingRange);

const Commission = gql<
  { updateDraftPropertyAppraisalCommission: Updated },
  { id: string; type: CommissionType; rate: number | null; fee: number | null }
>`
  mutation UpdateDraftCommission($id: ID!, $type: CommissionType, $rate: Float, $fee: Float) {
    updateDraftPropertyAppraisalCommission(
      propertyAppraisalId: $id
      commissionType: $type
      percentageRate: $rate
      flatFeeCostDollars: $fee
    ) {
      ...AppraisalValuesFields
    }
  }
  ${AppraisalValuesFields}
`;
export const useUpdateCommission = () => useMutation(Commission);

const MarketingFee = gql<{ updateDraftPropertyAppraisalMarketingFee: Updated }, { id: string; cost: number; inclusions: string[] }>`
  mutation UpdateDraftMarketingFee($id: ID!, $cost: Float, $inclusions: [String!]) {
    updateDraftPropertyAppraisalMarketingFee(propertyAppraisalId: $id, costDollars: $cost, marketingInclusions: $inclusions) {
      ...AppraisalValuesFields
    }
  }
  ${AppraisalValuesFields}
`;
export const useUpdateMarketingFee = () => useMutation(MarketingFee);

export interface ComparableSaleInput {
  address: string;
  salePriceDollars: number;
  saleDate: string | null;
  url: string | null;
}

const ComparableSales = gql<{ updateDraftPropertyAppraisalComparableSales: Updated }, { id: string; sales: ComparableSaleInput[] }>`
  mutation UpdateDraftComparableSales($id: ID!, $sales: [ComparableSaleInput!]!) {
    updateDraftPropertyAppraisalComparableSales(propertyAppraisalId: $id, comparableSales: $sales) {
      ...AppraisalValuesFields
    }
  }
  ${AppraisalValuesFields}
`;
export const useUpdateComparableSales = () => useMutation(ComparableSales);

const Video = gql<{ updateDraftPropertyAppraisalVideo: Updated }, { id: string; videoUserMediaId: string | null }>`
  mutation UpdateDraftVideo($id: ID!, $videoUserMediaId: ID) {
    updateDraftPropertyAppraisalVideo(propertyAppraisalId: $id, videoUserMediaId: $videoUserMediaId) {
      ...AppraisalValuesFields
    }
  }
  ${AppraisalValuesFields}
`;
export const useUpdateVideo = () => useMutation(Video);

const AdditionalNotes = gql<{ updateDraftPropertyAppraisalAdditionalNotes: Updated }, { id: string; notes: string }>`
  mutation UpdateDraftAdditionalNotes($id: ID!, $notes: String) {
    updateDraftPropertyAppraisalAdditionalNotes(propertyAppraisalId: $id, additionalNotes: $notes) {
      ...AppraisalValuesFields
    }
  }
  ${AppraisalValuesFields}
`;
export const useUpdateAdditionalNotes = () => useMutation(AdditionalNotes);

const Submit = gql<{ submitPropertyAppraisal: Updated }, { id: string }>`
  mutation SubmitPropertyAppraisal($id: ID!) {
    submitPropertyAppraisal(propertyAppraisalId: $id) {
      ...AppraisalValuesFields
    }
  }
  ${AppraisalValuesFields}
`;
export const useSubmitAppraisal = () => useMutation(Submit);
