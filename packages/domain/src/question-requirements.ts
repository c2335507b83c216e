import type { PropertyType, QuestionRequirement } from './enums.ts';

/**
 * Which property questions a property type asks (spec 000 §3 'Question requirement', spec 001 §5):
 * NOT_REQUIRED questions are hidden and stored empty, OPTIONAL ones may be left blank, REQUIRED ones must be
 * answered before the property can be published (`required_questions_not_answered`).
 * The table and its reasons: docs/decisions/0004-question-requirements.md. The wizard and the server both read it.
 */
export const PROPERTY_QUESTIONS = [
  'numberOfBedrooms',
  'numberOfBathrooms',
  'numberOfToilets',
  'numberOfCarSpaces',
  'numberOfLivingSpaces',
  'propertySizeSqm',
  'landSizeSqm',
  'propertyAge',
  'additionalFeatures',
] as const;
export type PropertyQuestion = (typeof PROPERTY_QUESTIONS)[number];

export const COUNT_QUESTIONS = [
  'numberOfBedrooms',
  'numberOfBathrooms',
  'numberOfToilets',
  'numberOfCarSpaces',
  'numberOfLivingSpaces',
] as const satisfies readonly PropertyQuestion[];
export type CountQuestion = (typeof COUNT_QUESTIONS)[number];

/** Questions of the features step besides the feature checkboxes. */
export const SIZE_QUESTIONS = ['propertySizeSqm', 'landSizeSqm', 'propertyAge'] as const satisfies readonly PropertyQuestion[];

export type QuestionRequirements = Record<PropertyQuestion, QuestionRequirement>;

const R = 'REQUIRED' as const;
const O = 'OPTIONAL' as const;
const N = 'NOT_REQUIRED' as const;

const row = (
  numberOfBedrooms: QuestionRequirement,
  numberOfBathrooms: QuestionRequirement,
  numberOfToilets: QuestionRequirement,
  numberOfCarSpaces: QuestionRequirement,
  numberOfLivingSpaces: QuestionRequirement,
  propertySizeSqm: QuestionRequirement,
  landSizeSqm: QuestionRequirement,
  propertyAge: QuestionRequirement,
  additionalFeatures: QuestionRequirement,
): QuestionRequirements => ({
  numberOfBedrooms,
  numberOfBathrooms,
  numberOfToilets,
  numberOfCarSpaces,
  numberOfLivingSpaces,
  propertySizeSqm,
  landSizeSqm,
  propertyAge,
  additionalFeatures,
});

//                                         bed bath toil car live size land age features
export const QUESTION_REQUIREMENTS: Record<PropertyType, QuestionRequirements> = {
  HOUSE: /*                        */ row(R, R, O, O, O, O, O, O, O),
  TOWNHOUSE: /*                    */ row(R, R, O, O, O, O, O, O, O),
  APARTMENT_OR_UNIT: /*            */ row(R, R, O, O, O, O, N, O, O),
  RETIREMENT_LIVING: /*            */ row(R, R, O, O, O, O, N, O, O),
  // Counts are totals over every unit of the block, which sellers may not know: all optional.
  BLOCK_OF_UNITS: /*               */ row(O, O, O, O, O, O, O, O, O),
  // Vacant land has no rooms or building; the land size is what an agent appraises. The features step stays
  // (it carries the land size), so additional features are OPTIONAL rather than NOT_REQUIRED.
  LAND: /*                         */ row(N, N, N, N, N, N, R, N, O),
  ACREAGE: /*                      */ row(O, O, O, O, O, O, R, O, O),
};

/** Before a type is chosen every question is optional. */
const ALL_OPTIONAL = row(O, O, O, O, O, O, O, O, O);

export const questionRequirementsFor = (propertyType: PropertyType | null | undefined): QuestionRequirements =>
  propertyType ? QUESTION_REQUIREMENTS[propertyType] : ALL_OPTIONAL;

/** The features step ('Additional Features', step 3) is shown unless its question is NOT_REQUIRED (spec 001 §2). */
export const isFeaturesStepShown = (requirements: QuestionRequirements): boolean => requirements.additionalFeatures !== 'NOT_REQUIRED';

/** Heating and cooling are asked on the details step and follow the additional-features requirement. */
export const isHeatingCoolingShown = (requirements: QuestionRequirements): boolean => requirements.additionalFeatures !== 'NOT_REQUIRED';

/** What a property must hold to be published: address, type, sale information and every REQUIRED answer. */
export interface PublishableFields {
  suburbId: number | null;
  streetName: string | null;
  propertyType: PropertyType | null;
  estimatedSaleValueRange: string | null;
  idealTimeframeOfSale: string | null;
  preferredMethodOfSale: string | null;
  areYouThePropertyOwner: string | null;
  numberOfBedrooms: number | null;
  numberOfBathrooms: number | null;
  numberOfToilets: number | null;
  numberOfCarSpaces: number | null;
  numberOfLivingSpaces: number | null;
  propertySizeSqm: number | null;
  landSizeSqm: number | null;
  propertyAge: number | null;
  additionalFeatures: readonly string[];
}

/** The names of the answers still missing before publishing (empty when the property can be published). */
export function missingRequiredAnswers(property: PublishableFields): string[] {
  const missing: string[] = [];
  const check = (field: keyof PublishableFields, isPresent: boolean) => {
    if (!isPresent) missing.push(field);
  };
  check('suburbId', property.suburbId != null);
  check('streetName', !!property.streetName?.trim());
  check('propertyType', property.propertyType != null);
  check('estimatedSaleValueRange', property.estimatedSaleValueRange != null);
  check('idealTimeframeOfSale', property.idealTimeframeOfSale != null);
  check('preferredMethodOfSale', property.preferredMethodOfSale != null);
  check('areYouThePropertyOwner', property.areYouThePropertyOwner != null);
  const requirements = questionRequirementsFor(property.propertyType);
  for (const question of PROPERTY_QUESTIONS) {
    if (requirements[question] !== 'REQUIRED') continue;
    // An empty feature list is an answer ('none of these'); only numbers can be missing.
    if (question === 'additionalFeatures') continue;
    check(question, property[question] != null);
  }
  return missing;
}

/** The wizard steps that ask a publishing answer, in the wizard's order. */
export const WIZARD_STEP_ORDER = ['address', 'details', 'features', 'saleInfo'] as const;
export type AnswerStep = (typeof WIZARD_STEP_ORDER)[number];

/** Each answer `missingRequiredAnswers` can name: what the seller reads and the step that asks it. */
export const PUBLISHABLE_ANSWERS: Record<Exclude<keyof PublishableFields, 'additionalFeatures'>, { label: string; step: AnswerStep }> = {
  suburbId: { label: 'Suburb', step: 'address' },
  streetName: { label: 'Street address', step: 'address' },
  propertyType: { label: 'Property type', step: 'details' },
  numberOfBedrooms: { label: 'Bedrooms', step: 'details' },
  numberOfBathrooms: { label: 'Bathrooms', step: 'details' },
  numberOfToilets: { label: 'Toilets', step: 'details' },
  numberOfCarSpaces: { label: 'Car spaces', step: 'details' },
  numberOfLivingSpaces: { label: 'Living spaces', step: 'details' },
  propertySizeSqm: { label: 'Property size', step: 'features' },
  landSizeSqm: { label: 'Land size', step: 'features' },
  propertyAge: { label: 'Property age', step: 'features' },
  estimatedSaleValueRange: { label: 'Estimated sale value', step: 'saleInfo' },
  idealTimeframeOfSale: { label: 'Ideal timeframe of sale', step: 'saleInfo' },
  preferredMethodOfSale: { label: 'Preferred method of sale', step: 'saleInfo' },
  areYouThePropertyOwner: { label: 'Are you the property owner?', step: 'saleInfo' },
};

/**
 * The missing answers grouped by the step that asks them, in wizard order: what publishing names, each group
 * with a link to its step ('Sale Information: Estimated sale value, Ideal timeframe of sale').
 */
export function missingAnswersByStep(property: PublishableFields): { step: AnswerStep; labels: string[] }[] {
  const missing = missingRequiredAnswers(property) as (keyof typeof PUBLISHABLE_ANSWERS)[];
  return WIZARD_STEP_ORDER.map((step) => ({
    step,
    labels: missing.filter((field) => PUBLISHABLE_ANSWERS[field].step === step).map((field) => PUBLISHABLE_ANSWERS[field].label),
  })).filter((group) => group.labels.length > 0);
}

export type PublishableAnswer = keyof typeof PUBLISHABLE_ANSWERS;

const UNANSWERED: PublishableFields = {
  suburbId: null,
  streetName: null,
  propertyType: null,
  estimatedSaleValueRange: null,
  idealTimeframeOfSale: null,
  preferredMethodOfSale: null,
  areYouThePropertyOwner: null,
  numberOfBedrooms: null,
  numberOfBathrooms: null,
  numberOfToilets: null,
  numberOfCarSpaces: null,
  numberOfLivingSpaces: null,
  propertySizeSqm: null,
  landSizeSqm: null,
  propertyAge: null,
  additionalFeatures: [],
};

/**
 * Every answer publishing requires of a property of this type, in wizard order. Read off `missingRequiredAnswers`
 * for a property with nothing answered but its type, so what the wizard marks as required is what publishing
 * refuses without. Before a type is chosen: the answers every type needs, the type among them.
 */
export function requiredAnswers(propertyType: PropertyType | null | undefined): PublishableAnswer[] {
  const missing = new Set<string>(missingRequiredAnswers({ ...UNANSWERED, propertyType: propertyType ?? null }));
  missing.add('propertyType');
  return (Object.keys(PUBLISHABLE_ANSWERS) as PublishableAnswer[]).filter((answer) => missing.has(answer));
}

/** The required answers one step asks (a step asking none, such as photos, has an empty list). */
export const requiredAnswersOfStep = (step: AnswerStep | 'photos' | 'additionalInfo', propertyType: PropertyType | null | undefined) =>
  requiredAnswers(propertyType).filter((answer) => PUBLISHABLE_ANSWERS[answer].step === step);

/** The first wizard step that still lacks a required answer (where the listing resumes), or null when none does. */
export const firstStepWithMissingAnswer = (property: PublishableFields): AnswerStep | null =>
  missingAnswersByStep(property)[0]?.step ?? null;
