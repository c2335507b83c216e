import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { connectDatabase, runMigrations, type DatabaseHandle } from './db/client.ts';
import { createDatabaseHealth } from './db/database-health.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import type { Deps } from './deps.ts';
import { buildHttpApp, type ExtraRoutes } from './http/app.ts';
import { startJobs } from './jobs/queue.ts';
import { queueNames, singleFlightQueueNames, startWorkers } from './app/workers.ts';
import { wireModules } from './app/wiring.ts';
import { createClock, type Clock } from './lib/clock.ts';
import { sweepOutbox } from './modules/notifications/email.service.ts';
import { importSuburbsIfEmpty } from './modules/suburbs/suburb-dataset.ts';
import { createSocialIdentityVerifiers } from './ports/identity/create-social-identity-verifiers.ts';
import { createOutboxMailer, createSmtpMailer } from './ports/mailer/mailer.ts';
import { createPaymentGateway } from './ports/payments/create-payment-gateway.ts';
import { createPlaces } from './app/create-places.ts';
import { createPushService } from './ports/push/create-push-service.ts';
import { createMediaStorage } from './ports/storage/create-media-storage.ts';
import { usePasswordHashing } from './lib/passwords.ts';
import { startObservability } from './observability/observability.ts';
import type { Server, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * Start-up order: config → database → migrations → reference data → jobs → http. Used by main.ts,
 * the API test harness and the end-to-end suite, so all three run the same server.
 */
export interface StartOptions {
  config: Config;
  logger?: Logger;
  clock?: Clock;
  /** Connection string; when absent the embedded Postgres under DATA_DIR is started. */
  databaseUrl?: string;
  runWorkers?: boolean;
  onQuery?: (sql: string, params: unknown[]) => void;
  /** Routes added to the HTTP app (the bench's bare routes); production never passes any. */
  extraRoutes?: ExtraRoutes[];
  /**
   * Readiness answers 503 (`starting`) until markReady() is called: main.ts seeds the demo data after the server
   * has started, and a probe (a load balancer, the journeys' start) must not send anyone in before it is there.
   */
  holdReadiness?: boolean;
}

export interface RunningServer {
  deps: Deps;
  url: string;
  /** Prometheus' endpoint when METRICS_PORT is set. */
  metricsUrl: string | null;
  database: DatabaseHandle;
  /** Readiness may say ready (with holdReadiness; without it the server is ready once started). */
  markReady: () => void;
  stop: () => Promise<void>;
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** Any constant shared by every replica: the key of the advisory lock around migrations and reference data. */
const PREPARE_LOCK_KEY = 7_146_912_001;

export async function prepareDatabase(url: string, logger: Logger): Promise<void> {
  // Replicas starting together against a fresh database: the first migrates and imports, the others wait on
  // this lock and then find the work done, instead of racing to create the same tables.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  const handle = connectDatabase(url, { max: 2 });
  try {
    await lock.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    await runMigrations(handle.db);
    const imported = await importSuburbsIfEmpty(handle.db);
    if (imported) logger.info({ suburbs: imported }, 'imported the Australian suburb dataset');
    await handle.db.execute(sql`analyze suburbs`);
  } finally {
    await handle.close();
    await lock.end(); // ending the session releases the lock
  }
}

const SHUTDOWN_STEP_MS = 8_000;

/** Whether a promise settles within the time given (it keeps running either way). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      promise.then(
        () => true as const,
        () => true as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The requests a server is answering, and a wait for none (the probes asked during a drain count too: they are quick). */
function countRequestsInFlight(server: Server) {
  let open = 0;
  const whenIdle: (() => void)[] = [];
  server.on('request', (_req, res: ServerResponse) => {
    open++;
    res.once('close', () => {
      open--;
      if (open === 0) for (const resolve of whenIdle.splice(0)) resolve();
    });
  });
  return { idle: () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenIdle.push(resolve))) };
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  // The modules' meeting points, before any request or job can record a charge or complete a property.
  wireModules();
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL });
  usePasswordHashing(config.passwordHashing);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = options.databaseUrl ?? config.DATABASE_URL;
  if (!databaseUrl) {
    logger.info({ dir: path.join(config.dataDir, 'postgres') }, 'starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), undefined, {
      log: (message, details) => logger.warn(details ?? {}, message),
      durable: config.embeddedDatabaseDurable,
    });
    await ensureDatabase(embedded.url('postgres'), 'listwise');
    databaseUrl = embedded.url('listwise');
  }
  await prepareDatabase(databaseUrl, logger);

  const database = connectDatabase(databaseUrl, {
    max: config.DATABASE_POOL_SIZE,
    onQuery: options.onQuery,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
  });
  const databaseHealth = createDatabaseHealth(() => database.pool.query('select 1'), logger);
  const jobs = await startJobs(databaseUrl, logger, queueNames(), singleFlightQueueNames(), config.DATABASE_POOL_SIZE);
  let draining = false;
  let starting = options.holdReadiness ?? false;
  const observability = await startObservability({
    config,
    logger,
    databaseUrl,
    pool: database.pool,
    databaseHealth,
    queueNames: queueNames(),
    isDraining: () => draining,
  });
  const mailer = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer();
  const storage = await createMediaStorage(config);
  const push = await createPushService(config, logger);
  if (config.isProduction && !config.S3_BUCKET) {
    // The only state a server would otherwise keep to itself (docs/scaling.md).
    logger.warn({ dir: config.dataDir }, 'media are stored on this server’s disk: a second server will not see them; set S3_BUCKET');
  }
  const payments = createPaymentGateway(config, database.db);
  const clock = options.clock ?? createClock();
  const places = createPlaces(config, { db: database.db, clock, logger });
  const socialIdentity = createSocialIdentityVerifiers(config);
  const deps: Deps = {
    config,
    db: database.db,
    databaseHealth,
    clock,
    logger,
    mailer,
    push,
    jobs,
    storage,
    payments,
    socialIdentity,
    places,
  };
  if (options.runWorkers !== false) {
    await startWorkers(deps);
    // After a crash, messages whose job died with the old process go out now rather than at the next sweep.
    await sweepOutbox(deps, { olderThanMs: 0 });
  }

  const http = await buildHttpApp(deps, options.extraRoutes, {
    metrics: observability.metrics,
    lifecycle: { isDraining: () => draining, isStarting: () => starting },
  });
  const inFlight = countRequestsInFlight(http.server);
  const address = await http.listen({ port: config.PORT, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');

  let stopping: Promise<void> | undefined;
  // Graceful, but bounded: in-flight requests and jobs get a few seconds, then connections are cut, so a
  // stuck upload or job can never hold a deploy (or a test run) open.
  const stop = () =>
    (stopping ??= (async () => {
      // Readiness says 503 from now on, so the load balancer sends no more, while the requests in flight finish on
      // an open listener (closing it first would refuse the probes instead of answering them).
      draining = true;
      jobs.beginStopping();
      await settlesWithin(inFlight.idle(), SHUTDOWN_STEP_MS);
      const closing = http.close();
      if (!(await settlesWithin(closing, SHUTDOWN_STEP_MS))) {
        logger.warn('requests still open at shutdown; closing their connections');
        http.server.closeAllConnections();
        await closing;
      }
      await settlesWithin(
        jobs.stop().catch((error) => logger.warn({ err: error }, 'job system did not stop cleanly')),
        SHUTDOWN_STEP_MS,
      );
      databaseHealth.stop();
      await observability.stop();
      if (!(await settlesWithin(database.close(), SHUTDOWN_STEP_MS))) logger.warn('database clients still busy at shutdown');
      await embedded?.stop();
    })());
  const markReady = () => {
    starting = false;
  };
  return { deps, url, metricsUrl: observability.metricsUrl, database, markReady, stop };
}
