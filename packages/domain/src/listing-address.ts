import * as z from 'zod/mini';
import { LIMITS } from './constants.ts';
import { LISTING_MESSAGES, STREET_NAME_MAX, STREET_NUMBER_MAX } from './listing-constants.ts';
import { emailField, MESSAGES, nameField } from './validation.ts';

/**
 * The listing wizard's address step (spec 001 §2, §5): the form rules of the step and of its 'Enter address
 * manually' modal, with the spec's messages. Written with zod's tree-shakable `zod/mini` (same engine, messages
 * and issue order as `zod`), as validation.ts is: the address step is open to visitors and must load light on a
 * phone, so it must not pull the other steps' schemas or zod's full API. listing.ts re-exports these.
 */

/** A chosen address: from the suggestions or the manual entry modal. */
export const chosenAddressSchema = z.object({
  suburbId: z.string().check(z.minLength(1)),
  streetName: z.string().check(z.minLength(1)),
  streetNumber: z.nullable(z.string()),
  unitNumber: z.optional(z.nullable(z.string())),
  description: z.string(),
});
export type ChosenAddress = z.infer<typeof chosenAddressSchema>;

/** The unit number as typed: optional, at most LIMITS.unitNumber characters (the server's `unitNumberField` too). */
export const unitNumberLength = z.maxLength(LIMITS.unitNumber, LISTING_MESSAGES.unitNumberTooLong);

const addressFields = {
  address: z.nullable(chosenAddressSchema).check(z.refine((v) => v !== null, LISTING_MESSAGES.addressRequired)),
  unitNumber: z.string().check(z.trim(), unitNumberLength),
};

/** Address step for a verified seller: address and unit number only. */
export const addressStepSchema = z.object(addressFields);

/** Address step for a visitor or ghost user: also name, e-mail and the privacy acceptance. */
export const addressStepWithContactSchema = z.object({
  ...addressFields,
  name: nameField,
  email: emailField,
  isPrivacyPolicyAccepted: z.boolean().check(z.refine((v) => v, MESSAGES.privacyRequired)),
});

/** The longest street address the modal takes: a street number, a space and a street name. */
const STREET_ADDRESS_MAX = STREET_NUMBER_MAX + 1 + STREET_NAME_MAX;

/**
 * The manual address modal: a street address ('12 Smith Street') and a suburb from the suburb search. Every rule
 * carries its own message: zod/mini loads no locale, so a rule without one would read 'Invalid input'.
 */
export const manualAddressSchema = z.object({
  streetAddress: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, LISTING_MESSAGES.streetAddressRequired),
      z.maxLength(STREET_ADDRESS_MAX, LISTING_MESSAGES.tooLong(STREET_ADDRESS_MAX)),
    ),
  suburbId: z.string({ error: LISTING_MESSAGES.suburbRequired }).check(z.minLength(1, LISTING_MESSAGES.suburbRequired)),
});
