import type { ErrorCode } from '@listwise/domain/errors';

/** The one error class of the service layer: a catalogue code, optionally the input field at fault. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('not_found');

/**
 * A rate limit refused the attempt; the window it counts in ends in `retryAfterSeconds`. `key` is the refusing
 * limit's, so a caller whose transaction rolls the refusal's record back can record it again outside.
 */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    readonly key?: string,
  ) {
    super('too_many_requests');
  }
}

/**
 * The HTTP status of the codes that refuse a whole request. Any other code is the failure of one GraphQL field
 * and answers 200 next to the data that did resolve (GraphQL over HTTP).
 */
export const REQUEST_ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  query_too_complex: 400,
  validation_failed: 400,
  upload_url_invalid: 403,
  upload_url_expired: 403,
  not_found: 404,
  method_not_allowed: 405,
  upload_url_already_used: 409,
  payload_too_large: 413,
  user_media_file_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Partial<Record<ErrorCode, number>>;

/** The one error body of the API, GraphQL or not: `{ errors: [{ message, extensions: { code } }] }`. */
export const errorBody = (code: ErrorCode, extensions: Record<string, unknown> = {}, message: string = code) => ({
  errors: [{ message, extensions: { code, ...extensions } }],
});
