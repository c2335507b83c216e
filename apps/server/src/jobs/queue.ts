import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
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
  stop(): Promise<void>;
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
  boss.on('error', (error) => logger.error({ err: withoutClient(error) }, 'job system error'));
  await boss.start();
  await createQueues(boss, queues, singleFlight);
  return {
    boss,
    send: async (name, data, options) => {
      await boss.send(name, data, options ?? {});
    },
    stop: () => boss.stop({ graceful: true, timeout: 6_000, wait: true }),
  };
}
