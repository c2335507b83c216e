import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

let tracingOn = false;
/** Called by startTracing: servers built from then on correlate their logs and name their root spans. */
export const markTracingOn = () => (tracingOn = true);

/** The request's root span, as @fastify/otel keeps it on the request (absent for a route it does not trace). */
const requestSpan = (req: FastifyRequest): Span | null | undefined =>
  (req as unknown as { opentelemetry?: () => { span?: Span | null } }).opentelemetry?.().span;

/**
 * While tracing is on: the trace id on every log line of a request (its logger is given it as soon as the
 * request's span exists), and the GraphQL operation's name on the request's root span, so a trace reads
 * 'POST /graphql CreateListing' rather than 'request'. Nothing is added when tracing is off.
 */
export function registerTraceCorrelation(app: FastifyInstance) {
  if (!tracingOn) return;
  app.addHook('onRequest', async (req) => {
    const span = requestSpan(req);
    if (span) req.log = req.log.child({ trace_id: span.spanContext().traceId });
  });
  // onSend: the span is still open (it ends at onResponse).
  app.addHook('onSend', async (req) => {
    const operation = req.graphqlOperation?.name;
    const span = requestSpan(req);
    if (!span || !operation) return;
    span.setAttribute('graphql.operation.name', operation);
    span.updateName(`${req.method} ${req.routeOptions.url ?? 'unmatched'} ${operation}`);
  });
}
