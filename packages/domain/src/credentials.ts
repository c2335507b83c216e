/**
 * The e-mail and password rules (spec 000 §5) as plain functions: the login and agent sign-up forms check with these
 * alone, so /login downloads no zod (about 27 KB compressed on a phone); validation.ts wraps the same functions as
 * zod checks for every other form and for the API, so each rule is written once.
 */
import { regexes } from 'zod/v4/core';
import { LIMITS } from './constants.ts';
import { MESSAGES } from './validation-messages.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** How long a new password must be, and what to say when it is not (login only requires one). */
export interface PasswordLength {
  minLength: number;
  tooShort: string;
}

export const SIGN_UP_PASSWORD: PasswordLength = { minLength: LIMITS.passwordMin, tooShort: MESSAGES.passwordTooShort };

/**
 * The e-mail rule, on the trimmed address: required, at most LIMITS.email characters, and shaped like an address
 * (zod's e-mail pattern, the one `z.email()` uses, imported on its own).
 */
export function emailIssue(email: string): string | null {
  if (email.length === 0) return MESSAGES.emailRequired;
  if (email.length > LIMITS.email || !regexes.email.test(email)) return MESSAGES.emailInvalid;
  return null;
}

export function passwordIssue(password: string, length: PasswordLength | null): string | null {
  if (password.length === 0) return MESSAGES.passwordRequired;
  if (length && password.length < length.minLength) return length.tooShort;
  return null;
}

/** Both fields' messages (a field passing has none), and the values as the API takes them (the e-mail trimmed). */
export function checkCredentials(values: Credentials, passwordLength: PasswordLength | null) {
  const email = values.email.trim();
  const issues: Partial<Record<keyof Credentials, string>> = {};
  const emailMessage = emailIssue(email);
  const passwordMessage = passwordIssue(values.password, passwordLength);
  if (emailMessage) issues.email = emailMessage;
  if (passwordMessage) issues.password = passwordMessage;
  return { values: { email, password: values.password }, issues };
}
