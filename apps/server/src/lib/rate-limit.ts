import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/platform.ts';
import { AppError } from './app-error.ts';

/**
 * Fixed-window counters in Postgres, so every API instance shares one count. `hit` counts an attempt;
 * `check` refuses once a key has reached its maximum in the current window.
 */
export interface RateLimitRule {
  key: string;
  max: number;
  windowSeconds: number;
}

const windowStart = (now: Date, windowSeconds: number) =>
  new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);

export async function checkRateLimits(db: Database, now: Date, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    const [row] = await db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${rule.key} and ${rateLimitCounters.windowStart} = ${windowStart(now, rule.windowSeconds)}`);
    if (row && row.count >= rule.max) throw new AppError('too_many_requests');
  }
}

export async function hitRateLimits(db: Database, now: Date, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    await db
      .insert(rateLimitCounters)
      .values({ key: rule.key, windowStart: windowStart(now, rule.windowSeconds), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      });
  }
}

/** Check, then count: for calls where every attempt costs (e-mails sent). */
export async function consumeRateLimits(db: Database, now: Date, rules: RateLimitRule[]): Promise<void> {
  await checkRateLimits(db, now, rules);
  await hitRateLimits(db, now, rules);
}

/** Old windows are useless after a day; the maintenance job calls this. */
export async function pruneRateLimits(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${new Date(now.getTime() - 86_400_000)}`);
}
