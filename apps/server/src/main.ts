import pino, { type Logger } from 'pino';
import { loadConfig } from './config.ts';
import { handleShutdownSignalsInApp } from './db/embedded.ts';
import { seedDemoData } from './app/seed/demo.ts';
import { createLogger } from './lib/logger.ts';
import { startupBanner, type StartupBannerInput } from './lib/startup-banner.ts';
import { describeStartFailure } from './lib/startup-error.ts';
import { startServer } from './server.ts';
import { startTracing } from './observability/tracing.ts';

/** `npm start`: the whole product on one process with built-in defaults (see docs/configuration.md). */
// Every start failure is logged with its cause (message and stack) and a hint of the fix (lib/startup-error.ts).
const couldNotStart = (logger: Logger, error: unknown, port?: number): never => {
  logger.fatal(describeStartFailure(error, { port }), 'Listwise could not start');
  process.exit(1);
};
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return couldNotStart(pino(), error);
  }
})();
const logger = await createLogger(config);
// Before any server is built: the Fastify instrumentation hooks into instances made after it.
const tracing = await startTracing();
if (tracing)
  logger.info({ endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT }, 'tracing on');

// Readiness waits for the demo data (below): the journeys' start and a load balancer go by it.
const server = await startServer({ config, logger, holdReadiness: true }).catch((error: unknown) =>
  couldNotStart(logger, error, config.PORT),
);

let demo: StartupBannerInput['demo'] = null;
if (config.SEED_DEMO_DATA && !config.isProduction) {
  demo = await seedDemoData(server.deps).catch(async (error: unknown) => {
    await server.stop();
    return couldNotStart(logger, error);
  });
  logger.info({ accounts: demo.accounts.length }, 'demo data seeded');
}
server.markReady();
const mailboxUrl = config.isProduction ? null : `${config.appUrl}/dev/mailbox`;
logger.info({ appUrl: config.appUrl, mailboxUrl }, 'Listwise is running');
// The last thing printed is plain text a newcomer can read, not a JSON line with \n inside.
process.stdout.write(startupBanner({ appUrl: config.appUrl, mailboxUrl, demo }));

// From here the app's shutdown owns SIGINT/SIGTERM: it drains requests and jobs, then stops the database.
handleShutdownSignalsInApp();
let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down gracefully');
    const timer = setTimeout(() => process.exit(1), 15_000);
    await server.stop();
    // The spans of the last requests leave before the process does.
    await tracing?.shutdown().catch(() => undefined);
    clearTimeout(timer);
    process.exit(0);
  });
}
