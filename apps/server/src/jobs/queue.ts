import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { isDatabaseUnreachableError } from '../db/database-health.ts';
import { PreparingClient } from '../db/prepared-statements.ts';

/**
 * pg-boss on the application's own Postgres: durable jobs with retries that any number of
 * API or worker processes share. Queues are created here; handlers register in app/workers.ts.
 */
export const QUEUES = {
  sendEmail: 'email.send',
  sweepOutbox: 'email.sweep-outbox',
  /** Review invitations and reminders (modules/reviews); sent by a confirmed sale so its invitation goes at once. */
  reviewInvitations: 'reviews.invite',
  /** One push to one device (modules/notifications/push.service.ts). */
  sendPush: 'push.send',
  sweepPushes: 'push.sweep',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES] | (string & {});

export interface Jobs {
  boss: PgBoss;
  send(name: QueueName, data: object, options?: PgBoss.SendOptions): Promise<void>;
  /**
   * The server has begun to stop (server.ts, as it starts draining): a database connection lost from here on is
   * part of the stop, not a failure. stop() says it too.
   */
  beginStopping(): void;
  stop(): Promise<void>;
}

/**
 * How the job system's errors are logged. While the server stops, the database may stop with it: a terminal's
 * Ctrl+C reaches the embedded PostgreSQL too (it shares the terminal's process group), which ends every connection at
 * once and then refuses new ones while the workers still poll. The first such error is said at info and the rest not
 * at all; any other error, and the database lost while the server runs, stays an error.
 */
export function jobErrorLogger(logger: Logger, isStopping: () => boolean) {
  let lostSaid = false;
  return (error: Error) => {
    if (!(isStopping() && isDatabaseUnreachableError(error))) return logger.error({ err: withoutClient(error) }, 'job system error');
    if (lostSaid) return;
    lostSaid = true;
    const { code, message } = error as Error & { code?: unknown };
    logger.info({ code, message }, 'job system: the database closed its connections while stopping');
  };
}

/**
 * pg's errors carry the connection they came from (`client`: its socket, buffers and type tables, some 5 KB of
 * JSON); one log line should say what failed, not dump that. What stays: name, message, code, stack.
 */
export function withoutClient(error: Error) {
  if (!('client' in error)) return error;
  const { client: _client, ...rest } = error as Error & { client: unknown };
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, rest, {
    message: error.message,
    stack: error.stack,
  });
}

/**
 * Creates the queues, and makes the single-flight ones `stately` (pg-boss's queue policy): at most one job of the
 * queue active and one waiting, across every server, enforced by a unique index in PostgreSQL. A recurring job
 * still working when its next run is due is not started again beside itself; the next run waits for it, and
 * further runs due meanwhile fold into the waiting one. Queues made before they were single-flight are changed too.
 * The queues there already are read once: every server start (a deploy, a restart after a crash) would otherwise
 * spend two round trips a queue on queues that exist.
 */
export async function createQueues(boss: PgBoss, queues: readonly string[], singleFlight: readonly string[] = []): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const name of queues) {
    const options: PgBoss.Queue = { name, retryLimit: 5, retryDelay: 2, retryBackoff: true };
    const policy = singleFlight.includes(name) ? 'stately' : undefined;
    const queue = existing.get(name);
    if (!queue) await boss.createQueue(name, policy ? { ...options, policy } : options);
    else if (policy && queue.policy !== policy) await boss.updateQueue(name, { ...options, policy });
  }
}

/** pg-boss's own connections at most: its polling and its maintenance, beside the requests' pool. */
const JOBS_POOL_SIZE = 5;

export async function startJobs(
  connectionString: string,
  logger: Logger,
  queues: readonly string[],
  singleFlight: readonly string[] = [],
  /** The server's DATABASE_POOL_SIZE: the job system holds no more connections than the requests may. */
  serverPoolSize = JOBS_POOL_SIZE,
): Promise<Jobs> {
  // pg-boss's pool takes node-postgres's options: its statements are prepared once per connection too. Its queue
  // fetch runs at every poll of every queue, on a job table with a partition per queue. Left to choose, PostgreSQL
  // judges a generic plan by the cost of every partition and plans afresh at each poll (about a millisecond); a
  // generic plan prunes the partitions when it runs, so its connections always keep one.
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: Math.min(JOBS_POOL_SIZE, serverPoolSize),
    Client: PreparingClient,
    options: '-c plan_cache_mode=force_generic_plan',
  } as PgBoss.ConstructorOptions);
  let stopping = false;
  const logError = jobErrorLogger(logger, () => stopping);
  boss.on('error', logError);
  await boss.start();
  await createQueues(boss, queues, singleFlight);
  return {
    boss,
    send: async (name, data, options) => {
      await boss.send(name, data, options ?? {});
    },
    beginStopping: () => {
      stopping = true;
    },
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, timeout: 6_000, wait: true });
    },
  };
}
