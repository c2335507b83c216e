import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';
import { rateLimitCounters } from './schema/platform.ts';
import { RateLimitedError } from '../lib/app-error.ts';
import { theRow } from '../lib/rows.ts';

/**
 * Fixed-window counters in Postgres, so every API instance shares one count. An attempt is counted with an
 * atomic upsert that returns the new count, so concurrent requests can never slip past the limit together
 * (a read-then-write check would let every request in flight through).
 */
export interface RateLimitRule {
  key: string;
  max: number;
  windowSeconds: number;
}

const windowStart = (now: Date, windowSeconds: number) =>
  new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);

const secondsLeftInWindow = (now: Date, windowSeconds: number) =>
  Math.max(1, Math.ceil((windowStart(now, windowSeconds).getTime() + windowSeconds * 1000 - now.getTime()) / 1000));

/**
 * Counts an attempt against each rule in turn; refuses with `too_many_requests` at the first rule past its maximum.
 * A refused attempt is given back to every rule it was counted in and never reaches the later ones: so an address
 * that keeps hammering after its own limit does not also fill a wider limit shared with others (the per-e-mail
 * count of a login, which would lock the owner out from everywhere). Order the rules narrowest first.
 */
export async function consumeRateLimits(db: Tx, now: Date, rules: RateLimitRule[]): Promise<void> {
  const counted: RateLimitRule[] = [];
  for (const rule of rules) {
    const row = await db
      .insert(rateLimitCounters)
      .values({ key: rule.key, windowStart: windowStart(now, rule.windowSeconds), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count })
      .then(theRow);
    counted.push(rule);
    if (row.count > rule.max) {
      await releaseRateLimits(db, now, counted);
      throw new RateLimitedError(secondsLeftInWindow(now, rule.windowSeconds));
    }
  }
}

/**
 * Refuses with `too_many_requests` when any rule has already reached its maximum, counting nothing: for limits on
 * one kind of answer (counted with `consumeRateLimits` when it is given), checked before every attempt.
 */
export async function assertRateLimitsNotReached(db: Database, now: Date, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    const [row] = await db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, rule.key), eq(rateLimitCounters.windowStart, windowStart(now, rule.windowSeconds))));
    if (row && row.count >= rule.max) throw new RateLimitedError(secondsLeftInWindow(now, rule.windowSeconds));
  }
}

/**
 * Gives back an attempt counted by `consumeRateLimits` with the same `now` (a login that succeeded: only
 * failures count). Reserving first and releasing on success keeps concurrent guesses within the limit.
 */
export async function releaseRateLimits(db: Tx, now: Date, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    await db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(and(eq(rateLimitCounters.key, rule.key), eq(rateLimitCounters.windowStart, windowStart(now, rule.windowSeconds))));
  }
}

/** Old windows are useless after a day; the maintenance job calls this. */
export async function pruneRateLimits(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${new Date(now.getTime() - 86_400_000)}`);
}
