import pino, { type Logger } from 'pino';
import { loadConfig } from './config.ts';
import { handleShutdownSignalsInApp } from './db/embedded.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { createLogger } from './lib/logger.ts';
import { describeStartFailure } from './lib/startup-error.ts';
import { startServer } from './server.ts';

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

const server = await startServer({ config, logger }).catch((error: unknown) => couldNotStart(logger, error, config.PORT));

if (config.SEED_DEMO_DATA && !config.isProduction) {
  const logins = await seedDemoData(server.deps).catch(async (error: unknown) => {
    await server.stop();
    return couldNotStart(logger, error);
  });
  logger.info(
    'Demo logins (password for all: %s):\n%s',
    logins.password,
    logins.accounts.map((a) => `  ${a.role.padEnd(7)} ${a.email}`).join('\n'),
  );
}
logger.info(`Listwise is running at ${config.appUrl}${config.isProduction ? '' : ` (mailbox: ${config.appUrl}/dev/mailbox)`}`);

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
    clearTimeout(timer);
    process.exit(0);
  });
}
