import type { Tx } from '../../db/client.ts';
import type { ChargeRow, ChargePurposeType } from '../../db/schema/payments.ts';
import type { Deps } from '../../deps.ts';

/**
 * What each charge's purpose does with its outcome: the handlers the modules that sell something give, wired once
 * by the server's composition and asked by charges.service when an outcome is recorded or an open charge resumed.
 */

/** What a purpose does when its charge's outcome is recorded, inside that transaction. */
export interface ChargePurposeHandler {
  /** The money was taken: make what it bought active, or answer why it must be refunded. */
  onPaid(deps: Deps, tx: Tx, charge: ChargeRow): Promise<{ refund: string } | void>;
  /** The charge was declined, or never reached the provider: let go of what the intent held. */
  onFailed(deps: Deps, tx: Tx, charge: ChargeRow): Promise<void>;
  /** Whether a paid charge of this purpose gets a tax invoice (everything an agent buys does). */
  invoiced?: boolean;
  /**
   * What the reconciler does with an open charge the provider never saw: charge it now with its key (automatic
   * charges the user already agreed to: renewals, lead fees), or, by default, record it failed as never charged
   * (a purchase whose buyer was told nothing, or saw an error, is not made behind their back).
   */
  resumeWhenAbsent?: boolean;
  /**
   * For a charge resumed when absent, of an account still open: whether it is still wanted now (a renewal the agent
   * has since turned off is not). Not wanted: recorded failed as never charged. Asked outside any lock: a change made right after is met
   * by `onPaid`, which refunds.
   */
  stillWanted?(deps: Deps, db: Tx, charge: ChargeRow): Promise<boolean>;
}

/** A charge that buys nothing of its own (an operator's or a test's): nothing to make active, nothing to invoice. */
export const noPurposeCharge: ChargePurposeHandler = { onPaid: async () => undefined, onFailed: async () => undefined, invoiced: false };

let handlers: Readonly<Partial<Record<ChargePurposeType, ChargePurposeHandler>>> = {};

/**
 * What each purpose does when its outcome is recorded, shared by the request path and the reconciler. Wired once
 * by the server's composition (app/wiring.ts), which names a handler for every purpose.
 */
export function useChargePurposes(wired: Readonly<Record<ChargePurposeType, ChargePurposeHandler>>) {
  handlers = { ...wired };
}

/** The purposes whose outcomes can be recorded now (app/wiring.test.ts checks every purpose is among them). */
export const chargePurposesHandled = (): ChargePurposeType[] => Object.keys(handlers) as ChargePurposeType[];

export function handlerOf(charge: ChargeRow): ChargePurposeHandler {
  const handler = handlers[charge.purpose.type];
  if (!handler) throw new Error(`No handler for charges of purpose ${charge.purpose.type}`);
  return handler;
}
