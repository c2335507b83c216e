import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { DatabaseGauges } from './database-gauges.ts';
import type { Metrics } from './metrics.ts';

export interface MetricsServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * `GET /metrics` in Prometheus' text format on a listener of its own (METRICS_PORT on METRICS_HOST, loopback
 * unless set otherwise), so the figures are never reachable through the public port or its load balancer.
 */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  metrics: Metrics;
  databaseGauges: DatabaseGauges;
  /** Samples what is read from memory at scrape time (the pool, the database's reachability, draining). */
  sample: () => void;
  logger: Logger;
}): Promise<MetricsServer> {
  const { metrics, databaseGauges, sample, logger } = options;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    void (async () => {
      try {
        await databaseGauges.refresh();
        sample();
        const body = await metrics.registry.metrics();
        res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body);
      } catch (error) {
        logger.warn({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
      }
    })();
  });
  server.keepAliveTimeout = 65_000; // longer than Prometheus' scrape interval: one connection per scraper
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
