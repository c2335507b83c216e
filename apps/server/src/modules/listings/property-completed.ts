import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import { theRow } from '../../lib/rows.ts';
import type { PropertyRow } from '../../db/schema/properties.ts';

/**
 * A property completing (sold through an agent, or withdrawn) is announced here, in the lowest module that
 * completes properties, so modules above it act on it without the completing modules importing them: the
 * appointments module cancels the appointment requests still open. Listeners run inside the
 * completing transaction, so what they change commits or rolls back with the completion.
 */
export interface PropertyCompleted {
  property: PropertyRow;
  /** The agent the property sold through (SOLD_UNCONDITIONALLY), whose appointment stands; null otherwise. */
  sellingAgentUserId: string | null;
}

export type PropertyCompletedListener = (deps: Deps, tx: Tx, event: PropertyCompleted) => Promise<void>;

let listeners: readonly PropertyCompletedListener[] = [];

/** The listeners, wired once by the server's composition (app/wiring.ts), which names every module's. */
export function usePropertyCompletedListeners(wired: readonly PropertyCompletedListener[]) {
  listeners = [...wired];
}

/** The listeners told of a completion now (app/wiring.test.ts checks each module's is among them). */
export const propertyCompletedListeners = (): readonly PropertyCompletedListener[] => listeners;

/** Called by every path that makes a property COMPLETE, inside its transaction. */
export async function announcePropertyCompleted(deps: Deps, tx: Tx, event: PropertyCompleted) {
  for (const listener of listeners) await listener(deps, tx, event);
}

/**
 * Completes a property, the one way every path does it (sold through an agent: modules/sales; withdrawn:
 * withdrawPublishedProperty), in the caller's transaction on a property it locked and authorised. The property
 * becomes COMPLETE with its complete type; requests still pending are no longer required; agents held for a seller
 * awaiting verification are dropped (an approval must not send them out any more); a change notice not yet sent is
 * dropped (agents are not told a completed listing changed); and listeners are told (appointment requests still
 * open with other agents are cancelled).
 */
export async function completeProperty(
  deps: Deps,
  tx: Tx,
  property: PropertyRow,
  completeType: NonNullable<PropertyRow['completeType']>,
  sellingAgentUserId: string | null,
): Promise<PropertyRow> {
  const now = deps.clock.now();
  const completed = await tx
    .update(properties)
    .set({ state: 'COMPLETE', completeType, completedAt: now, heldAgentUserIds: [], changeNoticeDueAt: null, updatedAt: now })
    .where(eq(properties.id, property.id))
    .returning()
    .then(theRow);
  await tx
    .update(propertyAppraisalRequests)
    .set({ state: 'NOT_REQUIRED', completedAt: now })
    .where(and(eq(propertyAppraisalRequests.propertyId, property.id), eq(propertyAppraisalRequests.state, 'PENDING')));
  await announcePropertyCompleted(deps, tx, { property: completed, sellingAgentUserId });
  return completed;
}
