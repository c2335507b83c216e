import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { startsWithTenDigits } from './phone.ts';

/**
 * Form and API rules with the spec's exact messages (spec 000 §5, spec 001 §5).
 * The web forms resolve with these schemas; the resolvers parse their arguments with them too.
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

export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.email, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const nameField = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(LIMITS.name, `Name must be at most ${LIMITS.name} characters`);

export const mobileNumberField = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .refine(startsWithTenDigits, MESSAGES.phoneInvalid);

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
});

export const agentSignupSchema = z.object({
  email: emailField,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort),
});

export const emailOnlySchema = z.object({ email: emailField });

export const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, MESSAGES.newPasswordTooShort);

export const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsMustMatch, path: ['confirmPassword'] });

/** Details form shared by the agent Details tab and the seller profile (password optional). */
export const userDetailsSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileNumberField,
  password: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= LIMITS.passwordMin, MESSAGES.newPasswordTooShort),
});

export const agentBasicDetailsSchema = z.object({ name: nameField, mobileNumber: mobileNumberField });
