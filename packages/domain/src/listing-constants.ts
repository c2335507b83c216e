/**
 * The listing wizard's messages and limits (spec 001 §5), with no schema library: the address step's zod/mini
 * rules (listing-address.ts), the other steps' zod schemas (listing.ts) and the server all read them from here.
 */
export const LISTING_MESSAGES = {
  addressRequired: 'Address is required',
  unitNumberTooLong: 'Unit number is too long',
  streetAddressRequired: 'Street address is required',
  suburbRequired: 'Suburb is required',
  required: 'Required',
  tooLong: (max: number) => `Must be at most ${max.toLocaleString('en-AU')} characters`,
  wholeNumber: 'Must be a whole number',
  notNegative: 'Must not be negative',
  tooLarge: 'Number is too large',
  digitsOnly: 'Enter a number using digits only',
  selectAgent: 'Select at least one agent',
  tooManyAgents: 'You can request appraisals from up to 5 agents',
  verifyEmailToContinue: 'Please verify your email to continue.',
} as const;

export const WIZARD_STEP_COUNT = 6;

/** Largest size accepted in square metres (a 100,000 ha station), and the oldest age in years. */
export const MAX_SIZE_SQM = 1_000_000_000;
export const MAX_PROPERTY_AGE = 500;
export const STREET_NAME_MAX = 255;
export const STREET_NUMBER_MAX = 20;
