import type { ChargePurposeType } from '../db/schema/payments.ts';
import { cancelAppointmentsOfCompletedProperty } from '../modules/appointments/appointments.service.ts';
import { usePropertyCompletedListeners, type PropertyCompletedListener } from '../modules/listings/property-completed.ts';
import { noPurposeCharge, useChargePurposes, type ChargePurposeHandler } from '../modules/payments/charge-purposes.ts';
import { leadFeeChargePurpose } from '../modules/sales/lead-fees.service.ts';
import { renewalChargePurpose } from '../modules/subscriptions/subscription-renewals.service.ts';
import { suburbPurchaseChargePurpose } from '../modules/subscriptions/suburb-purchase.service.ts';
import { reactivationChargePurpose } from '../modules/subscriptions/subscriptions.service.ts';

/**
 * Where modules meet, wired in one place rather than by importing a module for its side effects: what each
 * charge's purpose does when its outcome is recorded (payments calls up into the modules that sell), and who is
 * told when a property completes (listings calls up into the modules that act on it). The server wires these
 * before it serves a request or runs a job (server.ts); app/wiring.test.ts fails when one is missing.
 */

/** A handler for every purpose: the type names each one, so a purpose without its handler does not compile. */
export const CHARGE_PURPOSES: Readonly<Record<ChargePurposeType, ChargePurposeHandler>> = {
  'suburb-purchase': suburbPurchaseChargePurpose,
  reactivation: reactivationChargePurpose,
  renewal: renewalChargePurpose,
  'lead-fee': leadFeeChargePurpose,
  none: noPurposeCharge,
};

/** Told, in the completing transaction, when a property completes (sold or withdrawn). */
export const PROPERTY_COMPLETED_LISTENERS: readonly PropertyCompletedListener[] = [
  // Appointment requests still open with other agents are cancelled, and their agents and the seller told.
  cancelAppointmentsOfCompletedProperty,
];

export function wireModules() {
  useChargePurposes(CHARGE_PURPOSES);
  usePropertyCompletedListeners(PROPERTY_COMPLETED_LISTENERS);
}
