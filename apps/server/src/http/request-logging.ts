import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * One log line per request, at `debug`; `info` only for a request that failed (HTTP 4xx/5xx or a GraphQL
 * error) or was slow, so production logs at `info` stay quiet for healthy traffic (Fastify's own request
 * logging, two info lines per request, is off in app.ts).
 */
export const SLOW_REQUEST_MS = 500;

declare module 'fastify' {
  interface FastifyRequest {
    /** The GraphQL operation this request ran, and the codes of the errors it answered (set by the GraphQL route). */
    graphqlOperation?: { name: string | null; errorCodes: string[] };
  }
}

/** Yoga plugin: notes each operation's name and error codes on the Fastify request for the request log. */
export const recordOperationOutcome: Plugin<object, { req: FastifyRequest }> = {
  onParams: ({ params, context }) => {
    if (context?.req) context.req.graphqlOperation = { name: params.operationName ?? null, errorCodes: [] };
  },
  // The name written in the document when the request did not send one.
  onExecute: ({ args }) => {
    const operation = (args.contextValue as { req?: FastifyRequest }).req?.graphqlOperation;
    if (operation && !operation.name) operation.name = getOperationAST(args.document, args.operationName)?.name?.value ?? null;
  },
  onResultProcess: ({ result, serverContext }) => {
    const operation = serverContext.req?.graphqlOperation;
    if (!operation || Symbol.asyncIterator in Object(result)) return;
    for (const single of Array.isArray(result) ? result : [result]) {
      for (const error of (single as { errors?: readonly { message: string; extensions?: { code?: unknown } }[] }).errors ?? []) {
        operation.errorCodes.push(typeof error.extensions?.code === 'string' ? error.extensions.code : error.message);
      }
    }
  },
};

export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const responseTimeMs = Math.round(reply.elapsedTime * 10) / 10;
    const operation = req.graphqlOperation;
    const line = {
      method: req.method,
      url: req.url,
      statusCode: reply.statusCode,
      responseTimeMs,
      ...(operation && { operation: operation.name, ...(operation.errorCodes.length > 0 && { errors: operation.errorCodes }) }),
    };
    const failed = reply.statusCode >= 400 || (operation?.errorCodes.length ?? 0) > 0;
    if (failed) req.log.info(line, 'request failed');
    else if (responseTimeMs > SLOW_REQUEST_MS) req.log.info(line, 'slow request');
    else req.log.debug(line, 'request completed');
  });
}
