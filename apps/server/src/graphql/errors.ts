import { isErrorCode, type ErrorCode } from '@listwise/domain/errors';
import type { GraphQLError } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { ZodError } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachableError, isQueryTimeoutError } from '../db/database-health.ts';
import { AppError, RateLimitedError, REQUEST_ERROR_STATUS } from '../lib/app-error.ts';
import { InputError } from '../lib/parse-input.ts';

/**
 * Turns anything a resolver or Yoga throws into the contract of ARCHITECTURE.md: `extensions.code` is a catalogue
 * code (`message` too, except for errors that describe the query), `extensions.field` names the input at fault.
 * A refusal of the whole request (parse, validation, limits, a bad body) carries its HTTP status; Yoga's own codes
 * (GRAPHQL_PARSE_FAILED, BAD_REQUEST…) never reach a client. Unknown errors are logged with the request id and
 * answered `internal_error`; nothing internal leaks.
 */
// Duck-typed on purpose: graphql ships CJS and ESM builds, and Yoga may hold the other copy of the class. For the
// same reason errors are made with Yoga's createGraphQLError: Yoga only strips `extensions.http` from its own class.
interface GraphQLErrorLike {
  name: 'GraphQLError';
  message: string;
  originalError?: unknown;
  extensions?: Record<string, unknown>;
  path?: readonly (string | number)[];
}
const isGraphQLError = (value: unknown): value is GraphQLErrorLike => value instanceof Error && value.name === 'GraphQLError';

// graphql-armor reports each limit as `Syntax Error: <what> limit of <n> exceeded…` ('Query validation error.' when
// the limits are not exposed).
const QUERY_LIMIT = /^Syntax Error: (.* limit of \d+ exceeded|Query validation error)/;

/** `extensions` for a code: the request-level HTTP status travels in `http`, which Yoga applies and strips. */
function extensionsFor(code: ErrorCode, options: { requestLevel: boolean; extra?: Record<string, unknown> }) {
  const status = (REQUEST_ERROR_STATUS as Partial<Record<ErrorCode, number>>)[code];
  return {
    code,
    ...options.extra,
    ...(options.requestLevel && status && { http: { status } }),
  };
}

/** Told of a failure that was the database's (db/database-health.ts marks it unreachable). */
export type DatabaseFailureListener = (error: unknown) => void;

export function toClientError(error: unknown, log: (error: unknown) => void, onDatabaseFailure?: DatabaseFailureListener): GraphQLError {
  const path = isGraphQLError(error) ? error.path : undefined;
  const requestLevel = !path;
  const badVariable = isGraphQLError(error) ? /^Variable "\$([^"]+)" got invalid value.*?(?: at "([^"]+)")?;/s.exec(error.message) : null;
  if (badVariable) {
    // graphql-js repeats the value it refused, and a value can be a password or bank details: name the field only.
    return createGraphQLError(`Variable "$${badVariable[1]}" got an invalid value`, {
      extensions: extensionsFor('bad_request', { requestLevel: true, extra: { field: badVariable[2] ?? badVariable[1] } }),
    });
  }
  let original: unknown = error;
  while (isGraphQLError(original) && original.originalError) original = original.originalError;
  // Already in contract shape (Yoga masks some errors twice): keep it as it is.
  if (isGraphQLError(original) && isErrorCode(original.extensions?.code)) {
    return createGraphQLError(original.message, { path, extensions: original.extensions });
  }
  if (original instanceof RateLimitedError) {
    // The whole answer is a 429, even when other fields of the operation resolved, so clients back off.
    return createGraphQLError(original.code, {
      path,
      extensions: { code: original.code, http: { status: 429, headers: { 'retry-after': String(original.retryAfterSeconds) } } },
    });
  }
  if (original instanceof AppError) {
    const extra = {
      ...(original.field && { field: original.field }),
      ...(original instanceof InputError && { reason: original.reason }),
    };
    return createGraphQLError(original.code, { path, extensions: extensionsFor(original.code, { requestLevel, extra }) });
  }
  if (original instanceof ZodError) {
    const issue = original.issues[0];
    return createGraphQLError('validation_failed', {
      path,
      extensions: { code: 'validation_failed', field: issue?.path.join('.'), reason: issue?.message },
    });
  }
  // Errors from graphql-js, graphql-armor and Yoga's request parsing describe the request, not the server.
  if (isGraphQLError(original)) return describeRequestError(original, path);
  // The database is gone or past its time limit: the whole answer is a 503 the client may retry, not a 200.
  if (isDatabaseUnreachableError(original) || isQueryTimeoutError(original)) {
    onDatabaseFailure?.(original);
    return createGraphQLError('service_unavailable', {
      path,
      extensions: {
        code: 'service_unavailable',
        http: { status: 503, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } },
      },
    });
  }
  log(original);
  return createGraphQLError('internal_error', { path, extensions: { code: 'internal_error' } });
}

function describeRequestError(error: GraphQLErrorLike, path: GraphQLErrorLike['path']): GraphQLError {
  const requestLevel = !path;
  if (QUERY_LIMIT.test(error.message)) {
    return createGraphQLError(error.message, { path, extensions: extensionsFor('query_too_complex', { requestLevel }) });
  }
  // Yoga's own refusals of the body (no query, a query that is not a string…) may quote a parser's internals.
  if (error.extensions?.code === 'BAD_REQUEST' && /JSON/i.test(error.message)) {
    return createGraphQLError('bad_request', { path, extensions: extensionsFor('bad_request', { requestLevel }) });
  }
  return createGraphQLError(error.message, { path, extensions: extensionsFor('bad_request', { requestLevel }) });
}

/**
 * Applies the contract to every result Yoga answers. `maskedErrors` alone misses some: validation errors (an
 * unknown field, introspection in production) are returned by Yoga as they are, with GRAPHQL_VALIDATION_FAILED.
 * Runs before the result is serialised, so the HTTP status of a request-level refusal is applied too.
 */
export function useErrorContract(log: (error: unknown) => void, onDatabaseFailure?: DatabaseFailureListener): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      setResult({ ...result, errors: result.errors.map((error) => toClientError(error, log, onDatabaseFailure)) });
    },
  };
}
