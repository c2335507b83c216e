import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { agentNetworkAddresses } from '../../db/schema/reviews.ts';
import type { Deps } from '../../deps.ts';

/**
 * The network addresses agents' sessions use: a review sent from an address the reviewed agent used
 * within 30 days is held for an operator. Only agents' addresses are kept, one row per agent and address with the
 * last time it was seen. Each process writes a pair at most every 10 minutes: the map below only saves writes, the
 * table is the truth (a second server writes its own), and a row's time is at most 10 minutes stale.
 */
const REFRESH_MS = 10 * 60_000;
const MAX_REMEMBERED = 10_000;
const lastWritten = new Map<string, number>();

export async function recordAgentNetworkAddress(
  db: Tx,
  logger: Deps['logger'],
  agentUserId: string,
  address: string,
  now: Date,
): Promise<void> {
  const key = `${agentUserId} ${address}`;
  const previous = lastWritten.get(key);
  if (previous !== undefined && now.getTime() - previous < REFRESH_MS && now.getTime() >= previous) return;
  if (lastWritten.size >= MAX_REMEMBERED) lastWritten.clear();
  lastWritten.set(key, now.getTime());
  try {
    await db
      .insert(agentNetworkAddresses)
      .values({ agentUserId, address, lastUsedAt: now })
      .onConflictDoUpdate({
        target: [agentNetworkAddresses.agentUserId, agentNetworkAddresses.address],
        set: { lastUsedAt: sql`greatest(${agentNetworkAddresses.lastUsedAt}, excluded.last_used_at)` },
      });
  } catch (error) {
    // Never fails the agent's request; the next request after the refresh interval tries again.
    lastWritten.delete(key);
    logger.warn({ err: error }, 'could not record an agent network address');
  }
}
