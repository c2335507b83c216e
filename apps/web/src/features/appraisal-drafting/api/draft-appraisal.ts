/** The drafting steps' calls (spec 000 §7 `updateDraftPropertyAppraisal…`, `submitPropertyAppraisal`). */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type DraftRequest = NonNullable<ResultOf<typeof DraftRequestQuery>['propertyAppraisalRequest']>;

export const DraftRequestQuery = graphql(`
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
          ...SuburbRefFields
        }
      }
    }
  }
`);

const SellingRange = graphql(`
  mutation UpdateDraftSellingRange($id: ID!, $min: Float, $max: Float) {
    updateDraftPropertyAppraisalSellingRange(propertyAppraisalId: $id, sellingRangeMin: $min, sellingRangeMax: $max) {
      ...AppraisalValuesFields
    }
  }
`);
export const useUpdateSellingRange = () => useMutation(SellingRange);

const Commission = graphql(`
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
`);
export const useUpdateCommission = () => useMutation(Commission);

const MarketingFee = graphql(`
  mutation UpdateDraftMarketingFee($id: ID!, $cost: Float, $inclusions: [String!]) {
    updateDraftPropertyAppraisalMarketingFee(propertyAppraisalId: $id, costDollars: $cost, marketingInclusions: $inclusions) {
      ...AppraisalValuesFields
    }
  }
`);
export const useUpdateMarketingFee = () => useMutation(MarketingFee);

export type { ComparableSaleInput } from '@/generated/graphql/graphql';

const ComparableSales = graphql(`
  mutation UpdateDraftComparableSales($id: ID!, $sales: [ComparableSaleInput!]!) {
    updateDraftPropertyAppraisalComparableSales(propertyAppraisalId: $id, comparableSales: $sales) {
      ...AppraisalValuesFields
    }
  }
`);
export const useUpdateComparableSales = () => useMutation(ComparableSales);

const Video = graphql(`
  mutation UpdateDraftVideo($id: ID!, $videoUserMediaId: ID) {
    updateDraftPropertyAppraisalVideo(propertyAppraisalId: $id, videoUserMediaId: $videoUserMediaId) {
      ...AppraisalValuesFields
    }
  }
`);
export const useUpdateVideo = () => useMutation(Video);

const AdditionalNotes = graphql(`
  mutation UpdateDraftAdditionalNotes($id: ID!, $notes: String) {
    updateDraftPropertyAppraisalAdditionalNotes(propertyAppraisalId: $id, additionalNotes: $notes) {
      ...AppraisalValuesFields
    }
  }
`);
export const useUpdateAdditionalNotes = () => useMutation(AdditionalNotes);

const Submit = graphql(`
  mutation SubmitPropertyAppraisal($id: ID!) {
    submitPropertyAppraisal(propertyAppraisalId: $id) {
      ...AppraisalValuesFields
    }
  }
`);
export const useSubmitAppraisal = () => useMutation(Submit);
