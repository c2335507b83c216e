import { APPRAISAL_REQUEST_DECLINE_REASONS } from '@listwise/domain/appraisal-request-progress';
import {
  AdditionalFeature,
  CompleteType,
  EstimatedSaleValueRange,
  IdealTimeframeOfSale,
  PreferredMethodOfSale,
  PropertyMediaType,
  PropertyState,
  PropertyType,
  QuestionRequirement,
  YesNo,
  valuesOf,
} from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';

/**
 * GraphQL enums of a property (spec 000 §3), defined once from the domain's `as const` objects.
 * Other modules (appraisals, sales, admin) import these rather than declaring their own.
 */

export const PropertyTypeEnum = builder.enumType('PropertyType', { values: valuesOf(PropertyType) });
export const PropertyStateEnum = builder.enumType('PropertyState', { values: valuesOf(PropertyState) });
export const CompleteTypeEnum = builder.enumType('CompleteType', { values: valuesOf(CompleteType) });
export const EstimatedSaleValueRangeEnum = builder.enumType('EstimatedSaleValueRange', { values: valuesOf(EstimatedSaleValueRange) });
export const IdealTimeframeOfSaleEnum = builder.enumType('IdealTimeframeOfSale', { values: valuesOf(IdealTimeframeOfSale) });
export const PreferredMethodOfSaleEnum = builder.enumType('PreferredMethodOfSale', { values: valuesOf(PreferredMethodOfSale) });
export const YesNoEnum = builder.enumType('YesNo', { values: valuesOf(YesNo) });
export const AdditionalFeatureEnum = builder.enumType('AdditionalFeature', { values: valuesOf(AdditionalFeature) });
export const PropertyMediaTypeEnum = builder.enumType('PropertyMediaType', { values: valuesOf(PropertyMediaType) });
export const QuestionRequirementEnum = builder.enumType('QuestionRequirement', { values: valuesOf(QuestionRequirement) });

/** Why an agent declined a request: shown on the seller's published property, chosen in the appraisals module. */
export const AppraisalRequestDeclineReasonEnum = builder.enumType('AppraisalRequestDeclineReason', {
  description:
    'Why an agent declines a request: TOO_BUSY, CONFLICT_OF_INTEREST, OUTSIDE_MY_EXPERIENCE, OTHER_COMMITMENTS, OTHER (with a note).',
  values: APPRAISAL_REQUEST_DECLINE_REASONS,
});
