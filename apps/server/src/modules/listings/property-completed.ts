import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { PropertyRow } from './property-access.ts';

/**
 * A property completing (sold through an agent, or withdrawn) is announced here, in the lowest module that
 * completes properties, so modules above it act on it without the completing modules importing them: the
 * appointments module cancels the appointment requests still open (issue 23 item 13). Listeners run inside the
 * completing transaction, so what they change commits or rolls back with the completion.
 */
export interface PropertyCompleted {
  property: PropertyRow;
  /** The agent the property sold through (SOLD_UNCONDITIONALLY), whose appointment stands; null otherwise. */
  sellingAgentUserId: string | null;
}

type PropertyCompletedListener = (deps: Deps, tx: Tx, event: PropertyCompleted) => Promise<void>;

const listeners: PropertyCompletedListener[] = [];

/** Modules register at import time (the schema imports every module before the server takes a request). */
export function onPropertyCompleted(listener: PropertyCompletedListener) {
  listeners.push(listener);
}

/** Called by every path that makes a property COMPLETE, inside its transaction. */
export async function announcePropertyCompleted(deps: Deps, tx: Tx, event: PropertyCompleted) {
  for (const listener of listeners) await listener(deps, tx, event);
}
