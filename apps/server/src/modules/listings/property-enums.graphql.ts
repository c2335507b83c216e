import { APPRAISAL_REQUEST_DECLINE_REASON_LABELS } from '@listwise/domain/appraisal-request-progress';
import {
  ADDITIONAL_FEATURE_LABELS,
  ESTIMATED_SALE_VALUE_RANGE_LABELS,
  IDEAL_TIMEFRAME_LABELS,
  PREFERRED_METHOD_LABELS,
  PROPERTY_TYPE_LABELS,
  type CompleteType,
  type PropertyMediaType,
  type PropertyState,
  type QuestionRequirement,
  type YesNo,
} from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';

/**
 * GraphQL enums of a property (spec 000 §3), defined once from the domain's `as const` objects.
 * Other modules (appraisals, sales, admin) import these rather than declaring their own.
 */

// Where the domain keeps a value's label (what the web app shows), that label is its description.
export const PropertyTypeEnum = builder.enumType('PropertyType', {
  description: 'What kind of property it is; it decides which questions are asked (`Property.questionRequirements`).',
  values: describedValues(PROPERTY_TYPE_LABELS),
});
export const PropertyStateEnum = builder.enumType('PropertyState', {
  description: 'Where a listing stands.',
  values: describedValues<PropertyState>({
    DRAFT: 'Being written in the listing wizard; only its seller sees it.',
    ACTIVE: 'Published: agents are asked for appraisals.',
    COMPLETE: 'Finished: sold, or the seller stopped (`completeType` says which).',
  }),
});
export const CompleteTypeEnum = builder.enumType('CompleteType', {
  description: 'How a listing finished.',
  values: describedValues<CompleteType>({
    SOLD_UNCONDITIONALLY: 'Sold unconditionally (through a Listwise agent or not).',
    DECIDED_NOT_TO_SELL: 'The seller decided not to sell.',
    DECIDED_NOT_TO_USE_LISTWISE: 'The seller decided to sell without Listwise.',
  }),
});
export const EstimatedSaleValueRangeEnum = builder.enumType('EstimatedSaleValueRange', {
  description: "The seller's guess of what the property will sell for.",
  values: describedValues(ESTIMATED_SALE_VALUE_RANGE_LABELS),
});
export const IdealTimeframeOfSaleEnum = builder.enumType('IdealTimeframeOfSale', {
  description: 'When the seller would like to have sold.',
  values: describedValues(IDEAL_TIMEFRAME_LABELS),
});
export const PreferredMethodOfSaleEnum = builder.enumType('PreferredMethodOfSale', {
  description: 'How the seller would like to sell.',
  values: describedValues(PREFERRED_METHOD_LABELS),
});
export const YesNoEnum = builder.enumType('YesNo', {
  description: 'An answer to a yes-or-no question of the listing wizard.',
  values: describedValues<YesNo>({ YES: 'Yes.', NO: 'No.' }),
});
export const AdditionalFeatureEnum = builder.enumType('AdditionalFeature', {
  description: 'A feature of the property the seller ticked.',
  values: describedValues(ADDITIONAL_FEATURE_LABELS),
});
export const PropertyMediaTypeEnum = builder.enumType('PropertyMediaType', {
  description: "Which of a listing's media lists an upload is in.",
  values: describedValues<PropertyMediaType>({
    PHOTO: 'A photo of the property (the first is its hero image).',
    FLOOR_PLAN: 'A floor plan (an image).',
    VIDEO: 'A video of the property.',
  }),
});
export const QuestionRequirementEnum = builder.enumType('QuestionRequirement', {
  description: 'Whether a listing question is asked for a property type.',
  values: describedValues<QuestionRequirement>({
    NOT_REQUIRED: 'Not asked: the wizard hides it and any answer is cleared.',
    OPTIONAL: 'Asked; may be left empty.',
    REQUIRED: 'Asked and needed before publishing (required_questions_not_answered).',
  }),
});

/** Why an agent declined a request: shown on the seller's published property, chosen in the appraisals module. */
export const AppraisalRequestDeclineReasonEnum = builder.enumType('AppraisalRequestDeclineReason', {
  description: 'Why an agent declined a request; the descriptions are what the agent and the seller read.',
  values: describedValues(APPRAISAL_REQUEST_DECLINE_REASON_LABELS),
});
