import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MIGRATIONS_DIR } from '../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-health.ts';
import type { Deps } from '../deps.ts';

/**
 * The probes (docs/deploying.md 'Health'):
 * - `/health/live`: the process answers; nothing else is asked, so a slow database never gets a replica restarted.
 * - `/health/ready` (and `/health`, for older probes): started (main.ts seeds the demo data first), not draining, the
 *   database answering within READY_DATABASE_MS, every migration this build knows applied. Each answers within about a
 *   second whatever the database does: a paused one (which neither answers nor refuses) costs one check at a time,
 *   shared by every probe that arrives meanwhile, so probes never pile up connections.
 */
export const READY_DATABASE_MS = 1000;

export interface Lifecycle {
  /** Until the process says it has started (RunningServer.markReady): readiness says 503, reason `starting`. */
  isStarting: () => boolean;
  /** From the shutdown signal on: readiness says 503 while the requests in flight finish. */
  isDraining: () => boolean;
}

type NotReady = 'starting' | 'draining' | 'database' | 'migrations';

const knownMigrations = (): number =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: Deps,
  lifecycle: Lifecycle = { isStarting: () => false, isDraining: () => false },
) {
  const expectedMigrations = knownMigrations();
  let checking: Promise<NotReady | null> | undefined;

  const checkDatabase = async (): Promise<NotReady | null> => {
    // The database health's ping first: it marks the database unreachable (or reachable again) for GraphQL too.
    if (!(await deps.databaseHealth.check())) return 'database';
    try {
      const result = await deps.db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
      return (result.rows[0]?.applied ?? 0) >= expectedMigrations ? null : 'migrations';
    } catch (error) {
      deps.databaseHealth.noteFailure(error);
      return 'database';
    }
  };

  const notReady = async (): Promise<NotReady | null> => {
    if (lifecycle.isDraining()) return 'draining';
    if (lifecycle.isStarting()) return 'starting';
    // Known unreachable: at once, while the database health's own probe watches for its return.
    if (!deps.databaseHealth.isReachable()) return 'database';
    checking ??= checkDatabase().finally(() => (checking = undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<NotReady>((resolve) => (timer = setTimeout(() => resolve('database'), READY_DATABASE_MS)));
    try {
      return await Promise.race([checking, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  const answer = async (reply: FastifyReply) => {
    const reason = await notReady();
    if (!reason) return { status: 'ok' };
    return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ status: 'unavailable', reason });
  };

  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_req, reply) => answer(reply));
  app.get('/health', async (_req, reply) => answer(reply));
}
