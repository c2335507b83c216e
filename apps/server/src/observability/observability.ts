import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DatabaseHealth } from '../db/database-health.ts';
import { createDatabaseGauges } from './database-gauges.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { startMetricsServer } from './metrics-server.ts';
import { observeQueryTimes } from './request-metrics.ts';

export interface Observability {
  metrics: Metrics;
  metricsUrl: string | null;
  stop: () => Promise<void>;
}

/** A server's metrics: counted from its requests and pool, served on METRICS_PORT when that is set. */
export async function startObservability(options: {
  config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST'>;
  logger: Logger;
  databaseUrl: string;
  pool: pg.Pool;
  databaseHealth: DatabaseHealth;
  queueNames: readonly string[];
  isDraining: () => boolean;
}): Promise<Observability> {
  const { config, logger, databaseHealth, isDraining } = options;
  const metrics = createMetrics();
  const queries = observeQueryTimes(options.pool, metrics);
  const databaseGauges = createDatabaseGauges(options.databaseUrl, metrics, options.queueNames);
  const sample = () => {
    queries.sample();
    metrics.databaseUp.set(databaseHealth.isReachable() ? 1 : 0);
    metrics.draining.set(isDraining() ? 1 : 0);
  };
  const server =
    config.METRICS_PORT === undefined
      ? null
      : await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST, metrics, databaseGauges, sample, logger });
  return {
    metrics,
    metricsUrl: server?.url ?? null,
    stop: async () => {
      await server?.close();
      await databaseGauges.close();
    },
  };
}
