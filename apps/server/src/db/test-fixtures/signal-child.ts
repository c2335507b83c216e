/**
 * Child process for embedded-shutdown.test.ts: starts the embedded database, then on SIGTERM waits a moment
 * (as the app does while it drains requests and jobs) and reports whether the database is still there.
 */
import pg from 'pg';
import { handleShutdownSignalsInApp, startEmbeddedPostgres } from '../embedded.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: signal-child.ts <data directory> [app-handles-signals]');
const database = await startEmbeddedPostgres(dir);
if (process.argv[3] === 'app-handles-signals') handleShutdownSignalsInApp();

process.on('SIGTERM', async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const client = new pg.Client({ connectionString: database.url('postgres') });
  try {
    await client.connect();
    await client.query('select 1');
    console.log('DATABASE_STILL_UP');
  } catch {
    console.log('DATABASE_GONE');
  } finally {
    await client.end().catch(() => undefined);
  }
  await database.stop();
  process.exit(0);
});
console.log('READY');
