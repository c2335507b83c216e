import { describe, expect, it } from 'vitest';
import { CombinedError } from 'urql';
import { alertErrorMessage, errorCode, errorMessage, isNetworkFailure } from '@/lib/errors';

const gqlError = (code: string, extensions: Record<string, unknown> = { code }) =>
  new CombinedError({ graphQLErrors: [{ message: code, extensions }] });

describe('errorMessage', () => {
  it('maps catalogue codes to the spec texts', () => {
    expect(errorMessage(gqlError('invalid_credentials'))).toBe('Incorrect email or password');
    expect(errorMessage(gqlError('email_is_already_in_use'))).toBe('Email address is already in use');
    expect(errorMessage(gqlError('invalid_password_reset_token'))).toBe('Password reset link no longer valid');
  });

  it('reads the code from the message when extensions carry none', () => {
    expect(errorCode(gqlError('password_too_short', {}))).toBe('password_too_short');
  });

  it('falls back for unknown GraphQL errors', () => {
    expect(errorMessage(gqlError('something_new'))).toBe('An unexpected error occurred.');
    expect(alertErrorMessage(gqlError('something_new'))).toBe('An unexpected error occurred, please try again later.');
    expect(alertErrorMessage(gqlError('payment_declined'))).toBe('Payment declined');
  });

  it('tells a network failure from an unreadable response', () => {
    const offline = new CombinedError({ networkError: new TypeError('Failed to fetch') });
    expect(isNetworkFailure(offline)).toBe(true);
    expect(errorMessage(offline)).toBe('Encountered network error.');

    const unreadable = new CombinedError({ networkError: new SyntaxError('Unexpected token <'), response: { status: 500 } });
    expect(isNetworkFailure(unreadable)).toBe(false);
    expect(errorMessage(unreadable)).toBe('Unexpected server error');

    const gateway = new CombinedError({ networkError: new Error('Bad Gateway'), response: { status: 502 } });
    expect(isNetworkFailure(gateway)).toBe(true);
  });

  it('handles things that are not GraphQL errors', () => {
    expect(errorMessage(undefined)).toBe('An unexpected error occurred.');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Encountered network error.');
  });
});
