import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import { countHeldPlaces } from '../payments/charges.service.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';
import { countLiveSubscriptions } from '../suburbs/suburbs.service.ts';

/** The places a suburb has left, and the agent lock every claim, reactivation and renewal takes first. */

/**
 * Runs `work` in a transaction that holds the agent's row lock: one subscription change per agent at a time.
 * FOR NO KEY UPDATE, not FOR UPDATE: rows referencing the user (the ledger) can still be written meanwhile.
 * No money moves inside it.
 */
export async function inAgentTransaction<T>(deps: Deps, agentUserId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    await lockAgent(tx, agentUserId);
    return work(tx);
  });
}

export const lockAgent = (tx: Tx, agentUserId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, agentUserId)).for('no key update');

/** Places taken in each suburb: live subscriptions and places held by open charges (but `exceptChargeId`'s). */
export async function countPlacesTaken(tx: Tx, suburbIds: number[], now: Date, exceptChargeId?: string) {
  // One query at a time: a transaction is one connection, and pg (9) refuses a query while another is running.
  const live = await countLiveSubscriptions(tx, suburbIds, now);
  const held = await countHeldPlaces(tx, suburbIds, exceptChargeId);
  return new Map(suburbIds.map((id) => [id, (live.get(id) ?? 0) + (held.get(id) ?? 0)]));
}

/** Suburbs the agent's open charges hold (a purchase or a reactivation under way). */
export const suburbsHeldBy = (open: ChargeRow[]) =>
  new Set(open.flatMap((c) => (c.purpose && 'suburbIds' in c.purpose ? (c.purpose.suburbIds ?? []) : [])));
