import * as z from 'zod/mini';
import { LIMITS } from './constants.ts';
import { emailIssue, passwordIssue, SIGN_UP_PASSWORD } from './credentials.ts';
import { startsWithTenDigits } from './phone-digits.ts';
import { isSingleLine } from './single-line.ts';
import { MESSAGES } from './validation-messages.ts';

export { MESSAGES };

/**
 * Form and API rules with the spec's exact messages (spec 000 §5, spec 001 §5).
 * The web forms resolve with these schemas; the resolvers parse their arguments with them too.
 *
 * Written with zod's tree-shakable `zod/mini` API (same engine, same messages and issue order as `zod`). The
 * e-mail and password rules are plain functions in credentials.ts, which the login and agent sign-up pages check
 * with directly (no zod at all on /login); the fields here wrap those same functions. The larger domain schemas (listing, appraisal, payments) use `zod` and load
 * only on the pages that need them; they embed these fields as they are.
 */

/** A rule written as a plain function (credentials.ts) as a zod check: its message, or nothing when the value passes. */
const ruleCheck = (rule: (value: string) => string | null) =>
  z.superRefine<string>((value, ctx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  });

export const emailField = z.string({ error: MESSAGES.emailRequired }).check(z.trim(), ruleCheck(emailIssue));

export const nameField = z
  .string({ error: MESSAGES.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.nameRequired),
    z.maxLength(LIMITS.name, `Name must be at most ${LIMITS.name} characters`),
    z.refine(isSingleLine, MESSAGES.nameOneLine),
  );

export const mobileNumberField = z
  .string({ error: MESSAGES.phoneRequired })
  .check(z.trim(), z.minLength(1, MESSAGES.phoneRequired), z.refine(startsWithTenDigits, MESSAGES.phoneInvalid));

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MESSAGES.passwordRequired }).check(ruleCheck((password) => passwordIssue(password, null))),
});

export const agentSignupSchema = z.object({
  email: emailField,
  password: z.string({ error: MESSAGES.passwordRequired }).check(ruleCheck((password) => passwordIssue(password, SIGN_UP_PASSWORD))),
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
