import { z } from 'zod';
import { LIMITS } from './constants.ts';
import {
  additionalFeatureSchema,
  estimatedSaleValueRangeSchema,
  idealTimeframeOfSaleSchema,
  preferredMethodOfSaleSchema,
  propertyTypeSchema,
  yesNoSchema,
} from './enum-schemas.ts';
import type { AdditionalFeature, PropertyType } from './enums.ts';
import { unitNumberLength } from './listing-address.ts';
import { LISTING_MESSAGES, MAX_PROPERTY_AGE, MAX_SIZE_SQM, STREET_NAME_MAX, STREET_NUMBER_MAX } from './listing-constants.ts';
// Display pieces the property pages read live in zod-free modules; re-exported for the wizard.
export { ADDITIONAL_FEATURE_LABELS } from './enums.ts';
export { countLabel } from './format.ts';
import { COUNT_QUESTIONS, questionRequirementsFor, SIZE_QUESTIONS, type QuestionRequirements } from './question-requirements.ts';
import { emailField, MESSAGES, mobileNumberField, nameField, newPasswordField } from './validation.ts';

/**
 * The seller's listing wizard (spec 001 §5): form schemas with the spec's messages, and the API input
 * schemas the listings module parses with. Counts run 1 to 5 (5 means '5+').
 * The messages and limits live in listing-constants.ts and the address step's rules in listing-address.ts
 * (zod/mini, light enough for the visitors' first page); both are re-exported here.
 */
export {
  LISTING_MESSAGES,
  MAX_PROPERTY_AGE,
  MAX_SIZE_SQM,
  STREET_NAME_MAX,
  STREET_NUMBER_MAX,
  WIZARD_STEP_COUNT,
} from './listing-constants.ts';
export {
  addressStepSchema,
  addressStepWithContactSchema,
  chosenAddressSchema,
  manualAddressSchema,
  type ChosenAddress,
} from './listing-address.ts';

export const COUNT_OPTIONS = [1, 2, 3, 4, 5] as const;

// ---------------------------------------------------------------- API inputs (the server parses with these)

const optionalText = (max: number, message = LISTING_MESSAGES.tooLong(max)) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v))
    .nullish();

/** The unit number: the address step's own length rule, blank saved as null. */
export const unitNumberField = z
  .string()
  .trim()
  .check(unitNumberLength)
  .transform((v) => (v === '' ? null : v))
  .nullish();

export const countField = z.number().int(LISTING_MESSAGES.wholeNumber).min(1).max(5);
const sizeField = z
  .number()
  .int(LISTING_MESSAGES.wholeNumber)
  .min(0, LISTING_MESSAGES.notNegative)
  .max(MAX_SIZE_SQM, LISTING_MESSAGES.tooLarge);
const ageField = z
  .number()
  .int(LISTING_MESSAGES.wholeNumber)
  .min(0, LISTING_MESSAGES.notNegative)
  .max(MAX_PROPERTY_AGE, LISTING_MESSAGES.tooLarge);

export const draftAddressSchema = z.object({
  suburbId: z.coerce.number({ error: LISTING_MESSAGES.suburbRequired }).int().positive(LISTING_MESSAGES.suburbRequired),
  streetName: z
    .string({ error: LISTING_MESSAGES.streetAddressRequired })
    .trim()
    .min(1, LISTING_MESSAGES.streetAddressRequired)
    .max(STREET_NAME_MAX),
  streetNumber: optionalText(STREET_NUMBER_MAX),
  unitNumber: unitNumberField,
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});
export type DraftAddressInput = z.input<typeof draftAddressSchema>;

/** updatePropertyDetails: every field optional; absent leaves it unchanged, null clears it. */
export const propertyDetailsSchema = z.object({
  suburbId: draftAddressSchema.shape.suburbId.optional(),
  streetName: draftAddressSchema.shape.streetName.optional(),
  streetNumber: draftAddressSchema.shape.streetNumber,
  unitNumber: unitNumberField,
  numberOfBedrooms: countField.nullish(),
  numberOfBathrooms: countField.nullish(),
  numberOfToilets: countField.nullish(),
  numberOfCarSpaces: countField.nullish(),
  numberOfLivingSpaces: countField.nullish(),
  additionalFeatures: z
    .array(additionalFeatureSchema)
    .max(20)
    .transform((list) => [...new Set(list)])
    .nullish(),
  propertySizeSqm: sizeField.nullish(),
  landSizeSqm: sizeField.nullish(),
  propertyAge: ageField.nullish(),
  capitalImprovements: yesNoSchema.nullish(),
});
export type PropertyDetailsInput = z.input<typeof propertyDetailsSchema>;

export const propertySaleInformationSchema = z.object({
  estimatedSaleValueRange: estimatedSaleValueRangeSchema,
  idealTimeframeOfSale: idealTimeframeOfSaleSchema,
  preferredMethodOfSale: preferredMethodOfSaleSchema,
  areYouThePropertyOwner: yesNoSchema,
  noPropertyOwnerReason: optionalText(LIMITS.noPropertyOwnerReason),
});

export const additionalInformationField = optionalText(LIMITS.additionalInformation);

/**
 * `updatePublishedProperty`: what a seller may change on a published listing (details, features, sale
 * information, notes); absent leaves a value unchanged, null clears an optional answer. The address stays (the
 * agents were chosen for its suburb), and so does the owner answer (it decides the seller's verification).
 */
export const publishedPropertyChangesSchema = z.object({
  propertyType: propertyTypeSchema.optional(),
  numberOfBedrooms: countField.nullish(),
  numberOfBathrooms: countField.nullish(),
  numberOfToilets: countField.nullish(),
  numberOfCarSpaces: countField.nullish(),
  numberOfLivingSpaces: countField.nullish(),
  additionalFeatures: propertyDetailsSchema.shape.additionalFeatures,
  propertySizeSqm: sizeField.nullish(),
  landSizeSqm: sizeField.nullish(),
  propertyAge: ageField.nullish(),
  capitalImprovements: yesNoSchema.nullish(),
  estimatedSaleValueRange: estimatedSaleValueRangeSchema.optional(),
  idealTimeframeOfSale: idealTimeframeOfSaleSchema.optional(),
  preferredMethodOfSale: preferredMethodOfSaleSchema.optional(),
  additionalInformation: additionalInformationField,
});
export type PublishedPropertyChanges = z.input<typeof publishedPropertyChangesSchema>;

/** How long after a seller's first change to a published listing the agents asked are e-mailed about it. */
export const LISTING_CHANGE_NOTICE_DELAY_MS = 10 * 60 * 1000;

export const propertyTypeInputSchema = z.object({ propertyType: propertyTypeSchema });

// ---------------------------------------------------------------- wizard forms (the web resolves with these)

export const HeatingCooling = { NONE: 'NONE', HEATING: 'HEATING', COOLING: 'COOLING', BOTH: 'BOTH' } as const;
export type HeatingCooling = (typeof HeatingCooling)[keyof typeof HeatingCooling];
export const HEATING_COOLING_LABELS: Record<HeatingCooling, string> = {
  NONE: 'None',
  HEATING: 'Heating',
  COOLING: 'Cooling',
  BOTH: 'Both',
};

export const heatingCoolingOf = (features: readonly string[]): HeatingCooling => {
  const heating = features.includes('HEATING');
  const cooling = features.includes('COOLING');
  return heating && cooling ? 'BOTH' : heating ? 'HEATING' : cooling ? 'COOLING' : 'NONE';
};

/** Replaces the heating and cooling entries of a feature list, keeping every other feature. */
export const withHeatingCooling = (features: readonly AdditionalFeature[], choice: HeatingCooling): AdditionalFeature[] => {
  const rest: AdditionalFeature[] = features.filter((f) => f !== 'HEATING' && f !== 'COOLING');
  if (choice === 'HEATING' || choice === 'BOTH') rest.push('HEATING');
  if (choice === 'COOLING' || choice === 'BOTH') rest.push('COOLING');
  return rest;
};

/** Replaces every feature except heating and cooling, which the details step owns and this keeps. */
export const withOtherFeatures = (features: readonly AdditionalFeature[], others: readonly AdditionalFeature[]): AdditionalFeature[] => [
  ...others.filter((f) => f !== 'HEATING' && f !== 'COOLING'),
  ...features.filter((f) => f === 'HEATING' || f === 'COOLING'),
];

/** Checkbox features of the features step (heating and cooling are asked on the details step). */
export const CHECKBOX_FEATURES = [
  'POOL',
  'SPA',
  'OUTDOOR_AREA',
  'BALCONY',
  'BUILT_IN_ROBES',
  'ENSUITE',
  'STUDY',
] as const satisfies readonly AdditionalFeature[];

const requiredWhen = (isRequired: boolean) => (value: unknown) => !isRequired || (value !== '' && value != null);

/** Details step: type, counts (as the select's string values) and heating/cooling, each required per its flag. */
export const detailsFormSchema = (requirements: QuestionRequirements) =>
  z
    .object({
      propertyType: z.string().min(1, LISTING_MESSAGES.required),
      numberOfBedrooms: z.string(),
      numberOfBathrooms: z.string(),
      numberOfToilets: z.string(),
      numberOfCarSpaces: z.string(),
      numberOfLivingSpaces: z.string(),
      heatingCooling: z.string(),
    })
    .superRefine((value, ctx) => {
      for (const question of COUNT_QUESTIONS) {
        if (!requiredWhen(requirements[question] === 'REQUIRED')(value[question])) {
          ctx.addIssue({ code: 'custom', path: [question], message: LISTING_MESSAGES.required });
        }
      }
      if (!requiredWhen(requirements.additionalFeatures === 'REQUIRED')(value.heatingCooling)) {
        ctx.addIssue({ code: 'custom', path: ['heatingCooling'], message: LISTING_MESSAGES.required });
      }
    });

/**
 * A whole number typed into a text field (sizes, age): digits only, with thousands separators allowed
 * ('1,200', '1 200'). Returns the message of the rule the text breaks, or null when it is empty or fine:
 * '-5' is not negative-allowed, '12.5' is not whole, 'abc' or '12m2' is not digits, and only then is size checked.
 */
export function wholeNumberTextProblem(value: string, max: number): string | null {
  const text = value.trim().replace(/[,\s]/g, '');
  if (text === '') return null;
  if (/^-\d+([.]\d*)?$/.test(text)) return LISTING_MESSAGES.notNegative;
  if (/^\d*[.]\d+$/.test(text) || /^\d+[.]$/.test(text)) return LISTING_MESSAGES.wholeNumber;
  if (!/^\d+$/.test(text)) return LISTING_MESSAGES.digitsOnly;
  return Number(text) > max ? LISTING_MESSAGES.tooLarge : null;
}

/** The number a whole-number text field holds (null when empty); call only once `wholeNumberTextProblem` passed. */
export const wholeNumberFromText = (value: string): number | null => {
  const text = value.trim().replace(/[,\s]/g, '');
  return text === '' ? null : Number(text);
};

const wholeNumberText = (max: number) =>
  z.string().superRefine((value, ctx) => {
    const problem = wholeNumberTextProblem(value, max);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Features step: feature checkboxes, sizes and age (each required per its flag), capital improvements. */
export const featuresFormSchema = (requirements: QuestionRequirements) =>
  z
    .object({
      features: z.array(z.string()),
      propertySizeSqm: wholeNumberText(MAX_SIZE_SQM),
      landSizeSqm: wholeNumberText(MAX_SIZE_SQM),
      propertyAge: wholeNumberText(MAX_PROPERTY_AGE),
      capitalImprovements: z.string(),
    })
    .superRefine((value, ctx) => {
      for (const question of SIZE_QUESTIONS) {
        if (!requiredWhen(requirements[question] === 'REQUIRED')(value[question])) {
          ctx.addIssue({ code: 'custom', path: [question], message: LISTING_MESSAGES.required });
        }
      }
    });

export const saleInfoFormSchema = z.object({
  estimatedSaleValueRange: z.string().min(1, LISTING_MESSAGES.required),
  idealTimeframeOfSale: z.string().min(1, LISTING_MESSAGES.required),
  preferredMethodOfSale: z.string().min(1, LISTING_MESSAGES.required),
  areYouThePropertyOwner: z.string().min(1, LISTING_MESSAGES.required),
  noPropertyOwnerReason: z.string().max(LIMITS.noPropertyOwnerReason, LISTING_MESSAGES.tooLong(LIMITS.noPropertyOwnerReason)),
});

export const additionalInfoFormSchema = z.object({
  additionalInformation: z.string().max(LIMITS.additionalInformation, LISTING_MESSAGES.tooLong(LIMITS.additionalInformation)),
});

/** The 'Edit listing' form of a published listing: the details, features, sale information and notes steps at once. */
export const editListingFormSchema = z
  .object({
    propertyType: z.string().min(1, LISTING_MESSAGES.required),
    numberOfBedrooms: z.string(),
    numberOfBathrooms: z.string(),
    numberOfToilets: z.string(),
    numberOfCarSpaces: z.string(),
    numberOfLivingSpaces: z.string(),
    heatingCooling: z.string(),
    features: z.array(z.string()),
    propertySizeSqm: wholeNumberText(MAX_SIZE_SQM),
    landSizeSqm: wholeNumberText(MAX_SIZE_SQM),
    propertyAge: wholeNumberText(MAX_PROPERTY_AGE),
    capitalImprovements: z.string(),
    estimatedSaleValueRange: z.string().min(1, LISTING_MESSAGES.required),
    idealTimeframeOfSale: z.string().min(1, LISTING_MESSAGES.required),
    preferredMethodOfSale: z.string().min(1, LISTING_MESSAGES.required),
    additionalInformation: z.string().max(LIMITS.additionalInformation, LISTING_MESSAGES.tooLong(LIMITS.additionalInformation)),
  })
  .superRefine((value, ctx) => {
    // What is required follows the type chosen in the form, as the wizard's steps do.
    const requirements = questionRequirementsFor(value.propertyType ? (value.propertyType as PropertyType) : null);
    for (const question of [...COUNT_QUESTIONS, ...SIZE_QUESTIONS]) {
      if (!requiredWhen(requirements[question] === 'REQUIRED')(value[question])) {
        ctx.addIssue({ code: 'custom', path: [question], message: LISTING_MESSAGES.required });
      }
    }
    if (!requiredWhen(requirements.additionalFeatures === 'REQUIRED')(value.heatingCooling)) {
      ctx.addIssue({ code: 'custom', path: ['heatingCooling'], message: LISTING_MESSAGES.required });
    }
  });
export type EditListingFormValues = z.infer<typeof editListingFormSchema>;

/** Account details (ghost users): name, e-mail and mobile, all required. */
export const accountDetailsFormSchema = z.object({ name: nameField, email: emailField, mobileNumber: mobileNumberField });

/** Account password: mobile number, password (min 9) and a matching confirmation. */
export const accountPasswordFormSchema = z
  .object({ mobileNumber: mobileNumberField, password: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsMustMatch, path: ['confirmPassword'] });

// ---------------------------------------------------------------- listing prefill link (docs/listing-prefill.md)

/** The JSON inside an encrypted prefill hash. Every field is optional. */
export const listingPrefillSchema = z.object({
  address: z.string().trim().max(300).optional(),
  name: z.string().trim().max(LIMITS.name).optional(),
  email: z.string().trim().max(LIMITS.email).optional(),
  consent: z.boolean().optional(),
});
export type ListingPrefill = z.infer<typeof listingPrefillSchema>;
