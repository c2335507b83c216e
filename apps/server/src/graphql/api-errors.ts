import type { ErrorCode } from '@listwise/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachableError, isQueryTimeoutError } from '../db/database-health.ts';
import type { DatabaseFailureListener } from './errors.ts';
import { AppError, errorBody, RateLimitedError, REQUEST_ERROR_STATUS } from '../lib/app-error.ts';

/**
 * One error shape for every route of the API, GraphQL or not: `{ errors: [{ message, extensions: { code } }] }`
 * with a catalogue code and its HTTP status. Fastify's own refusals (a body that is not JSON, too large, of a
 * type no route reads) would otherwise answer `{ statusCode, code: "FST_ERR_…" }`, and an unexpected error its
 * message; both are translated here, and nothing internal (stack, SQL, Fastify codes) reaches the client.
 */
export function sendApiError(reply: FastifyReply, code: ErrorCode, status?: number, extensions?: Record<string, unknown>) {
  const httpStatus = status ?? (REQUEST_ERROR_STATUS as Partial<Record<ErrorCode, number>>)[code] ?? 400;
  return reply.status(httpStatus).type('application/json; charset=utf-8').send(errorBody(code, extensions));
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
};

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** The catalogue code and status of an error thrown while handling a request. */
export function classifyRequestError(error: FastifyError | Error): { code: ErrorCode; status: number } {
  if (error instanceof AppError) {
    return { code: error.code, status: (REQUEST_ERROR_STATUS as Partial<Record<ErrorCode, number>>)[error.code] ?? 400 };
  }
  const { code: fastifyCode, statusCode, validation } = error as Partial<FastifyError>;
  const known = fastifyCode ? FASTIFY_CODES[fastifyCode] : undefined;
  if (known) return { code: known, status: REQUEST_ERROR_STATUS[known as keyof typeof REQUEST_ERROR_STATUS] };
  if (validation) return { code: 'validation_failed', status: 400 };
  if (isDatabaseUnreachableError(error) || isQueryTimeoutError(error)) return { code: 'service_unavailable', status: 503 };
  if (statusCode && statusCode >= 400 && statusCode < 500) return { code: STATUS_CODES[statusCode] ?? 'bad_request', status: statusCode };
  return { code: 'internal_error', status: 500 };
}

export function registerApiErrors(app: FastifyInstance, onDatabaseFailure?: DatabaseFailureListener): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { code, status } = classifyRequestError(error);
    if (code === 'service_unavailable') {
      onDatabaseFailure?.(error);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (status >= 500) request.log.error({ err: error }, 'unexpected error in a request');
    else request.log.info({ err: error, code }, 'request refused');
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    return sendApiError(reply, code, status);
  });

  // Yoga answers a few refusals with no body at all (406 to an Accept it cannot serve; Fastify then sends `null`):
  // give them the shape too.
  app.addHook('onSend', async (request, reply, payload) => {
    const isEmpty = payload === null || payload === undefined || payload === '' || payload === 'null';
    if (reply.statusCode < 400 || !isEmpty || !request.url.startsWith('/graphql')) return payload;
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(errorBody(STATUS_CODES[reply.statusCode] ?? (reply.statusCode >= 500 ? 'internal_error' : 'bad_request')));
  });

  // GraphQL over HTTP is JSON here: a text/plain body (which Fastify would read by default) is refused with 415
  // rather than reaching Yoga, which answers it with an empty 415. Uploads parse their own bodies (media.routes.ts).
  app.removeContentTypeParser('text/plain');

  // Only POST runs operations (GET would let a link or an image tag run one).
  app.route({
    url: '/graphql',
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    handler: async (_request, reply) => sendApiError(reply.header('allow', 'POST'), 'method_not_allowed'),
  });
}
