import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { isErrorCode } from '@listwise/domain/errors';
import type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The GraphQL operation this request ran: its name, root fields and the codes of the errors it answered. */
    graphqlOperation?: { name: string | null; rootFields?: string[]; errorCodes: string[] };
  }
}

/** Operation names are the client's to choose: past this many distinct ones, further names count as 'other'. */
const MAX_OPERATION_NAMES = 300;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Bounds what a client sends as an operation name to a label Prometheus can keep. */
export function operationLabel(seen: Set<string>, name: string | null): string {
  if (!name) return 'anonymous';
  if (!OPERATION_NAME.test(name)) return 'other';
  if (seen.has(name)) return name;
  if (seen.size >= MAX_OPERATION_NAMES) return 'other';
  seen.add(name);
  return name;
}

/** The outcome label: ok, the first error's catalogue code, or 'error' for one outside the catalogue. */
export function outcomeLabel(errorCodes: readonly string[]): string {
  const first = errorCodes[0];
  if (first === undefined) return 'ok';
  return isErrorCode(first) ? first : 'error';
}

/** Counts and times every request by route pattern (never the URL) and every GraphQL operation by name and outcome. */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  const operationNames = new Set<string>();
  app.addHook('onResponse', async (req: FastifyRequest, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: req.method, route, status_class: `${String(reply.statusCode)[0]}xx` }, seconds);
    const operation = req.graphqlOperation;
    if (!operation) return;
    const labels = { operation: operationLabel(operationNames, operation.name), outcome: outcomeLabel(operation.errorCodes) };
    metrics.graphqlOperations.inc(labels);
    metrics.graphqlDuration.observe(labels, seconds);
    const fields = operation.rootFields ?? [];
    if (fields.includes('login') && operation.errorCodes.includes('invalid_credentials')) metrics.loginsFailed.inc();
    // Root fields come from the schema (a document naming others fails validation first), so the label is bounded.
    if (operation.errorCodes.includes('too_many_requests')) for (const field of fields) metrics.throttled.inc({ field });
  });
}

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Times every statement on the pool, by outcome: each client the pool opens gets its `query` wrapped, whether it
 * is called with a callback (the pool's own `query`) or for a promise (Drizzle's transactions).
 */
export function observeQueryTimes(pool: pg.Pool, metrics: Metrics) {
  pool.on('connect', (client) => {
    const original = client.query as unknown as QueryFunction;
    const timed: QueryFunction = function (this: unknown, ...args) {
      const started = performance.now();
      const done = (failed: boolean) =>
        metrics.dbQueryDuration.observe({ outcome: failed ? 'error' : 'ok' }, (performance.now() - started) / 1000);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          done(Boolean(error));
          (callback as QueryFunction)(error, result);
        };
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result instanceof Promise)
        result.then(
          () => done(false),
          () => done(true),
        );
      return result;
    };
    client.query = timed as unknown as typeof client.query;
  });
  return {
    /** The pool's connections now: in use, idle, and requests waiting for one. */
    sample: () => {
      metrics.dbPool.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      metrics.dbPool.set({ state: 'idle' }, pool.idleCount);
      metrics.dbPool.set({ state: 'waiting' }, pool.waitingCount);
    },
  };
}
