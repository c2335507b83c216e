import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { mainProcessArgs, SERVER_DIR } from '../apps/server/src/test/main-process.ts';

/**
 * The real server (main.ts) as a process of its own on 127.0.0.1, with its job workers and its metrics port, on a
 * database the bench prepared: what the soak and the tracing-overhead bench load. `env` adds to or overrides the
 * bench's settings (the OTEL_* variables, for one).
 */
export interface ListwiseProcess {
  child: ChildProcess;
  url: string;
  metricsUrl: string;
  /** SIGTERM (the server drains), then SIGKILL if it has not exited within 20 s. */
  stop: () => Promise<void>;
}

/** A server compiled cold by tsx on a busy 2-core machine takes a minute or more to listen. */
const START_TIMEOUT_MS = 300_000;

export async function startListwise(databaseUrl: string, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ListwiseProcess> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    METRICS_PORT: String(metricsPort),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
  };
  for (const name of Object.keys(childEnv)) if (name.startsWith('OTEL_')) delete childEnv[name];
  // tsx passes the bench's --tsconfig (a relative path) on to child processes: the server resolves its own.
  delete childEnv.TSX_TSCONFIG_PATH;
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, mainProcessArgs(), { cwd: SERVER_DIR, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // The caller never gets this process to stop: stopped here, or it would outlive the bench.
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listwise is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  child.stdout!.resume();
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        exited.then(() => false),
        new Promise((resolve) => (timer = setTimeout(() => resolve(true), 20_000))),
      ]);
      clearTimeout(timer);
      if (late) child.kill('SIGKILL');
    },
  };
}
