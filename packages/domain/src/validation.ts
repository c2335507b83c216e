import * as z from 'zod/mini';
import { LIMITS } from './constants.ts';
import { startsWithTenDigits } from './phone-digits.ts';

/**
 * Form and API rules with the spec's exact messages (spec 000 §5, spec 001 §5).
 * The web forms resolve with these schemas; the resolvers parse their arguments with them too.
 *
 * Written with zod's tree-shakable `zod/mini` API (same engine, same messages and issue order as `zod`):
 * the login and sign-up pages validate with these alone, and on a phone they must not download all of zod
 * (about 85 KB) for two fields. The larger domain schemas (listing, appraisal, payments) use `zod` and load
 * only on the pages that need them; they embed these fields as they are.
 */

export const MESSAGES = {
  emailRequired: 'Email address is required',
  emailInvalid: 'Email address is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password is too short',
  newPasswordTooShort: 'Password must be at least 9 characters',
  passwordsMustMatch: 'Passwords must match',
  nameRequired: 'Name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number is invalid',
  privacyRequired: 'You must agree to the terms & conditions',
} as const;

export const emailField = z.pipe(
  z
    .string({ error: MESSAGES.emailRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.emailRequired), z.maxLength(LIMITS.email, MESSAGES.emailInvalid)),
  z.email({ error: MESSAGES.emailInvalid }),
);

export const nameField = z
  .string({ error: MESSAGES.nameRequired })
  .check(z.trim(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(LIMITS.name, `Name must be at most ${LIMITS.name} characters`));

export const mobileNumberField = z
  .string({ error: MESSAGES.phoneRequired })
  .check(z.trim(), z.minLength(1, MESSAGES.phoneRequired), z.refine(startsWithTenDigits, MESSAGES.phoneInvalid));

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MESSAGES.passwordRequired }).check(z.minLength(1, MESSAGES.passwordRequired)),
});

export const agentSignupSchema = z.object({
  email: emailField,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .check(z.minLength(1, MESSAGES.passwordRequired), z.minLength(LIMITS.passwordMin, MESSAGES.passwordTooShort)),
});

export const emailOnlySchema = z.object({ email: emailField });

export const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .check(z.minLength(1, MESSAGES.passwordRequired), z.minLength(LIMITS.passwordMin, MESSAGES.newPasswordTooShort));

export const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsMustMatch, path: ['confirmPassword'] }));

/** Details form shared by the agent Details tab and the seller profile (password optional). */
export const userDetailsSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileNumberField,
  password: z.optional(z.string()).check(z.refine((v) => !v || v.length >= LIMITS.passwordMin, MESSAGES.newPasswordTooShort)),
});

export const agentBasicDetailsSchema = z.object({ name: nameField, mobileNumber: mobileNumberField });
