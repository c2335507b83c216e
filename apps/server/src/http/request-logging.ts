import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * One log line per request, at `debug`; `info` only for a request that failed (HTTP 4xx/5xx or a GraphQL
 * error) or was slow, so production logs at `info` stay quiet for healthy traffic (Fastify's own request
 * logging, two info lines per request, is off in app.ts).
 */
export const SLOW_REQUEST_MS = 500;

/**
 * Yoga plugin: notes each operation's name, root fields and error codes on the Fastify request for the request log
 * and the metrics (`FastifyRequest.graphqlOperation`, declared in observability/request-metrics.ts).
 */
export const recordOperationOutcome: Plugin<object, { req: FastifyRequest }> = {
  onParams: ({ params, context }) => {
    if (context?.req) context.req.graphqlOperation = { name: params.operationName ?? null, errorCodes: [] };
  },
  // The name written in the document when the request did not send one.
  onExecute: ({ args }) => {
    const operation = (args.contextValue as { req?: FastifyRequest }).req?.graphqlOperation;
    if (!operation) return;
    const definition = getOperationAST(args.document, args.operationName);
    if (!operation.name) operation.name = definition?.name?.value ?? null;
    operation.rootFields =
      definition?.selectionSet.selections.flatMap((selection) => (selection.kind === 'Field' ? [selection.name.value] : [])) ?? [];
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
