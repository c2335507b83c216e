import { MESSAGES } from '@listwise/domain/validation';
import type { ErrorCode } from '@listwise/domain/errors';
import { z } from 'zod';
import { AppError } from './app-error.ts';

/** Spec messages that have a catalogue code of their own; every other failed rule is `validation_failed`. */
const CODE_FOR_MESSAGE: Record<string, ErrorCode> = {
  [MESSAGES.emailInvalid]: 'email_invalid',
  [MESSAGES.emailRequired]: 'email_invalid',
  [MESSAGES.passwordTooShort]: 'password_too_short',
  [MESSAGES.newPasswordTooShort]: 'password_too_short',
};

export class InputError extends AppError {
  constructor(
    code: ErrorCode,
    field: string | undefined,
    readonly reason: string,
  ) {
    super(code, field);
  }
}

/**
 * Parses resolver input with a domain schema; the first failing rule becomes the error (code and field).
 * Any zod schema: `zod` and `zod/mini` ones (packages/domain/src/validation.ts) share one engine.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new InputError(CODE_FOR_MESSAGE[issue.message] ?? 'validation_failed', issue.path.join('.') || undefined, issue.message);
}
