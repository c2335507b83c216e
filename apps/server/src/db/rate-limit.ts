import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';
import { rateLimitCounters, rateLimitRefusals } from './schema/platform.ts';
import { RateLimitedError } from '../lib/app-error.ts';
import { theRow } from '../lib/rows.ts';

/**
 * Fixed-window counters in Postgres, so every API instance shares one count. An attempt is counted with an
 * atomic upsert that returns the new count, so concurrent requests can never slip past the limit together
 * (a read-then-write check would let every request in flight through).
 */
export interface RateLimitRule {
  /** `action:scope:identifier`, the scope one of THROTTLED_SCOPES: whom the limit is about. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** A key's scope: what its identifier names, and so what a refusal throttles (an account or a client address). */
const THROTTLED_SCOPES: Record<string, { kind: 'account' | 'client'; subject: (identifier: string) => string }> = {
  user: { kind: 'account', subject: (id) => `user:${id}` },
  email: { kind: 'account', subject: (email) => `email:${email}` },
  // `email:address`: the account is the e-mail's (an e-mail has no colon; an IPv6 address does).
  'email-ip': { kind: 'account', subject: (pair) => `email:${pair.slice(0, pair.indexOf(':'))}` },
  ip: { kind: 'client', subject: (address) => `ip:${address}` },
};

/** Whom a refusal under this key throttles; a key outside the `action:scope:identifier` form is a programming error. */
export function throttledSubject(key: string): { kind: 'account' | 'client'; subject: string } {
  const [, scope = '', ...rest] = key.split(':');
  const rule = THROTTLED_SCOPES[scope];
  const identifier = rest.join(':');
  if (!rule || !identifier) throw new Error(`rate limit key without a known scope and identifier: ${scope}`);
  return { kind: rule.kind, subject: rule.subject(identifier) };
}

/**
 * Notes whom a limit refused, one row per account or client address however often it is refused, so the metrics
 * count the accounts and clients being throttled across every replica rather than their requests. A limit counted
 * inside a transaction loses this row with the rollback its refusal causes: its caller records the refusal again
 * outside (`recordRefusalOf`).
 */
async function recordRefusal(db: Tx, now: Date, key: string): Promise<void> {
  const { kind, subject } = throttledSubject(key);
  await db
    .insert(rateLimitRefusals)
    .values({ subject, subjectKind: kind, refusedAt: now })
    .onConflictDoUpdate({ target: rateLimitRefusals.subject, set: { subjectKind: kind, refusedAt: now } });
}

/** Records the refusal an error reports, when it is a rate limit's (see recordRefusal). */
export async function recordRefusalOf(db: Database, now: Date, error: unknown): Promise<void> {
  if (error instanceof RateLimitedError && error.key) await recordRefusal(db, now, error.key);
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
      await recordRefusal(db, now, rule.key);
      throw new RateLimitedError(secondsLeftInWindow(now, rule.windowSeconds), rule.key);
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
    if (row && row.count >= rule.max) {
      await recordRefusal(db, now, rule.key);
      throw new RateLimitedError(secondsLeftInWindow(now, rule.windowSeconds), rule.key);
    }
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

/** Old windows and refusals are useless after a day; the maintenance job calls this. */
export async function pruneRateLimits(db: Database, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${dayAgo}`);
  await db.delete(rateLimitRefusals).where(sql`${rateLimitRefusals.refusedAt} < ${dayAgo}`);
}
