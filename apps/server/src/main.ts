import { loadConfig } from './config.ts';
import { handleShutdownSignalsInApp } from './db/embedded.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { createLogger } from './lib/logger.ts';
import { startServer } from './server.ts';

/** `npm start`: the whole product on one process with built-in defaults (see docs/configuration.md). */
const config = loadConfig();
const logger = await createLogger(config);

const server = await startServer({ config, logger }).catch((error) => {
  logger.fatal({ err: error }, 'Listwise could not start');
  process.exit(1);
});

if (config.SEED_DEMO_DATA && !config.isProduction) {
  const logins = await seedDemoData(server.deps);
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
