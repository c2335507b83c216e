import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { queueNames, singleFlightQueueNames } from '../app/workers.ts';
import { createDatabaseFromTemplate } from '../test/harness.ts';
import { capturingLogger } from '../test/log-capture.ts';
import { jobErrorLogger, startJobs, type Jobs } from './queue.ts';

/**
 * A Ctrl+C in the terminal reaches the embedded PostgreSQL as well as the server (one process group), and it ends
 * every connection at once (then refuses new ones) while the server is still draining. The database lost while the
 * server stops is part of the stop, said once at info; lost while it runs, it is an error.
 */

const INFO = 30;
const ERROR = 50;
const adminShutdown = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('job system errors', () => {
  it('says the database lost while stopping once, at info, and keeps every other error an error', async () => {
    const { logger, lines } = capturingLogger();
    let stopping = false;
    const log = jobErrorLogger(logger, () => stopping);
    log(adminShutdown());
    stopping = true;
    log(adminShutdown());
    log(new Error('Connection terminated unexpectedly'));
    // The postmaster has gone: the workers' next polls are refused.
    log(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    log(Object.assign(new Error('relation "pgboss.job" does not exist'), { code: '42P01' }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [ERROR, 'job system error'],
      [INFO, 'job system: the database closed its connections while stopping'],
      [ERROR, 'job system error'],
    ]);
  });

  describe('against a real PostgreSQL that ends the connections', () => {
    let jobs: Jobs | undefined;
    afterEach(async () => {
      await jobs?.stop().catch(() => undefined);
      jobs = undefined;
    });

    /** Starts the job system on a database of its own, with a worker polling, then ends its connections as a stopping PostgreSQL does. */
    async function endConnections(options: { stopping: boolean }) {
      const url = await createDatabaseFromTemplate(inject('adminDatabaseUrl'));
      const { logger, lines } = capturingLogger();
      jobs = await startJobs(url, logger, queueNames(), singleFlightQueueNames());
      await jobs.boss.work(queueNames()[0]!, { pollingIntervalSeconds: 0.5 }, async () => undefined);
      await jobs.boss.send(queueNames()[0]!, {});
      if (options.stopping) jobs.beginStopping();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const database = new URL(url).pathname.slice(1);
        // pg_terminate_backend ends a session exactly as a fast shutdown does: 57P01, admin_shutdown.
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [database],
        );
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await expect
        .poll(() => lines.filter((line) => line.level >= INFO && /job system/.test(line.msg)).length, { timeout: 10_000 })
        .toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return lines.filter((line) => /job system/.test(line.msg));
    }

    it('logs the loss as an error while the server runs', async () => {
      const said = await endConnections({ stopping: false });
      expect(said.some((line) => line.level === ERROR && line.msg === 'job system error')).toBe(true);
    });

    it('says it once, at info, once the server has begun to stop', async () => {
      const said = await endConnections({ stopping: true });
      expect(said).toEqual([
        expect.objectContaining({ level: INFO, msg: 'job system: the database closed its connections while stopping', code: '57P01' }),
      ]);
    });
  });
});
