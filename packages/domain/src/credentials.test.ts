import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { checkCredentials, emailIssue, passwordIssue, SIGN_UP_PASSWORD } from './credentials.ts';
import { LIMITS } from './constants.ts';
import { agentSignupSchema, loginSchema } from './validation.ts';

/** The first message zod reports for each field, as the API's parseInput and the forms' resolvers see them. */
type ParseResult = { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
function zodMessages(result: ParseResult) {
  const messages: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.string(),
  fc.emailAddress().map((e) => `  ${e} `),
  fc.string({ minLength: LIMITS.email - 10, maxLength: LIMITS.email + 10 }).map((s) => `${s}@example.com`),
);

describe('credentials rules (spec 000 §5)', () => {
  it('says what each field lacks, with the spec messages', () => {
    expect(emailIssue('')).toBe('Email address is required');
    expect(emailIssue('nope')).toBe('Email address is invalid');
    expect(emailIssue(`${'a'.repeat(LIMITS.email)}@b.co`)).toBe('Email address is invalid');
    expect(emailIssue('seller@listwise.test')).toBeNull();
    expect(passwordIssue('', null)).toBe('Password is required');
    expect(passwordIssue('x', null)).toBeNull();
    expect(passwordIssue('12345678', SIGN_UP_PASSWORD)).toBe('Password is too short');
    expect(checkCredentials({ email: '  a@b.co ', password: '' }, null)).toEqual({
      values: { email: 'a@b.co', password: '' },
      issues: { password: 'Password is required' },
    });
  });

  it('accepts exactly the addresses z.email() accepts', () => {
    fc.assert(
      fc.property(emailLike, (email) => {
        const trimmed = email.trim();
        if (trimmed.length === 0 || trimmed.length > LIMITS.email) return;
        expect(emailIssue(trimmed) === null).toBe(z.email().safeParse(trimmed).success);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the forms the same messages and values as the API’s zod schemas', () => {
    fc.assert(
      fc.property(emailLike, fc.string({ maxLength: 12 }), (email, password) => {
        for (const [schema, length] of [
          [loginSchema, null],
          [agentSignupSchema, SIGN_UP_PASSWORD],
        ] as const) {
          const checked = checkCredentials({ email, password }, length);
          const parsed = schema.safeParse({ email, password });
          expect(checked.issues).toEqual(zodMessages(parsed));
          if (parsed.success) expect(checked.values).toEqual(parsed.data);
        }
      }),
      { numRuns: 500 },
    );
  });
});
