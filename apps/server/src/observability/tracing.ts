import { createRequire } from 'node:module';
import path from 'node:path';
import { markTracingOn } from './tracing-hooks.ts';

/**
 * OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK then reads the standard OTEL_*
 * variables (protocol, headers, service name, sampler). Off, nothing is loaded into requests at all: no tracer,
 * no hooks, no patched driver (bench/tracing-overhead.ts measures what is left). Nor is OpenTelemetry loaded into the
 * process: its packages are imported here only when tracing is on, as loading them took about a fifth of a server
 * start (bench/server-start.ts; tracing.test.ts checks a start with tracing off loads none of them).
 *
 * A request is one trace: Fastify's request span is its root (the GraphQL operation's name on it, see
 * tracing-hooks.ts) and each SQL statement a child span.
 */
export interface Tracing {
  shutdown: () => Promise<void>;
}

export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return null;
  const [{ FastifyOtelInstrumentation }, { NodeSDK }, { PgInstrumentation }] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'listwise',
    instrumentations: [
      // Hooks into every Fastify instance made from now on (Fastify announces each one on a diagnostics channel).
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      // requireParentSpan: the job system's polling, outside any request, makes no traces of its own.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  markTracingOn();
  // The server is ECMAScript modules, which the driver's require hook does not see; requiring pg and its pool once
  // here patches their shared classes, whichever way (import or require) they were or will be loaded.
  const require = createRequire(import.meta.url);
  const pgMain = require.resolve('pg');
  require(pgMain);
  createRequire(path.dirname(pgMain))('pg-pool');
  return { shutdown: () => sdk.shutdown() };
}
