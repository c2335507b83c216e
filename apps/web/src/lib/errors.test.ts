import { describe, expect, it } from 'vitest';
import { Client, CombinedError, fetchExchange } from 'urql';
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

describe('refusals of the whole request (one error shape, with an HTTP status)', () => {
  /** What urql makes of the server's answer: the real fetch exchange over a canned response. */
  async function answer(status: number, code: string) {
    const body = JSON.stringify({ errors: [{ message: code, extensions: { code } }] });
    const client = new Client({
      url: 'http://localhost/graphql',
      exchanges: [fetchExchange],
      fetch: async () => new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8' } }),
    });
    const result = await client.query('{ staticCashbackAmount }', {}).toPromise();
    return result.error;
  }

  it.each([
    [400, 'bad_request', 'Something went wrong sending that, please try again.'],
    [400, 'invalid_json', 'Something went wrong sending that, please try again.'],
    [400, 'query_too_complex', 'That asked for too much at once, please try again with less.'],
    [405, 'method_not_allowed', 'Something went wrong sending that, please try again.'],
    [413, 'payload_too_large', 'That is too much to send at once.'],
    [415, 'unsupported_media_type', 'That type of content is not supported.'],
    [429, 'too_many_requests', 'Too many attempts, please wait a few minutes and try again'],
  ])('answers %i %s with its catalogue text, not as a network failure', async (status, code, text) => {
    const error = await answer(status, code);
    expect(errorCode(error)).toBe(code);
    expect(errorMessage(error)).toBe(text);
    expect(alertErrorMessage(error)).toBe(text);
    expect(isNetworkFailure(error)).toBe(false);
  });
});
