/**
 * Turning a failed call into the text the user sees (spec 000 §8), in one place.
 * The server answers a catalogue code in `message` and `extensions.code`; the domain catalogue holds the texts.
 */
import type { CombinedError } from 'urql';
import { ERROR_MESSAGES, FALLBACK_MESSAGES, isErrorCode, type ErrorCode } from '@listwise/domain/errors';

type MaybeCombinedError = Pick<CombinedError, 'graphQLErrors' | 'networkError'> & { response?: unknown };

const isCombinedError = (error: unknown): error is MaybeCombinedError =>
  typeof error === 'object' && error !== null && 'graphQLErrors' in error && Array.isArray((error as CombinedError).graphQLErrors);

/** The first catalogue code carried by the error, if any. */
export const errorCode = (error: unknown): ErrorCode | null => {
  if (!isCombinedError(error)) return null;
  for (const gqlError of error.graphQLErrors) {
    const code = gqlError.extensions?.code ?? gqlError.message;
    if (isErrorCode(code)) return code;
    if (isErrorCode(gqlError.message)) return gqlError.message;
  }
  return null;
};

/** The field a `validation_failed` (or other field-level) error names, if any. */
export const errorField = (error: unknown): string | null => {
  if (!isCombinedError(error)) return null;
  const field = error.graphQLErrors[0]?.extensions?.field;
  return typeof field === 'string' ? field : null;
};

/**
 * A transport failure: no response at all (offline, DNS, refused), or a gateway in front of the API
 * saying the API is down. Distinct from a response that arrived but could not be read.
 */
export const isNetworkFailure = (error: unknown): boolean => {
  if (!isCombinedError(error) || !error.networkError) return false;
  const response = error.response as { status?: number } | undefined;
  if (!response || typeof response.status !== 'number') return true;
  return response.status === 502 || response.status === 503 || response.status === 504;
};

/** The inline message: the catalogue text, else the spec's fallbacks. */
export const errorMessage = (error: unknown): string => {
  const code = errorCode(error);
  if (code) return ERROR_MESSAGES[code];
  if (isCombinedError(error)) {
    if (error.networkError) return isNetworkFailure(error) ? FALLBACK_MESSAGES.network : FALLBACK_MESSAGES.unparseable;
    return FALLBACK_MESSAGES.unknown;
  }
  if (error instanceof TypeError) return FALLBACK_MESSAGES.network;
  if (error instanceof SyntaxError) return FALLBACK_MESSAGES.unparseable;
  return FALLBACK_MESSAGES.unknown;
};

/** The alert variant: the catalogue text, otherwise a general apology. */
export const alertErrorMessage = (error: unknown): string => {
  const code = errorCode(error);
  return code ? ERROR_MESSAGES[code] : FALLBACK_MESSAGES.alert;
};
