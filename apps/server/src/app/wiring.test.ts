import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_PURPOSE_TYPES } from '../db/schema/payments.ts';
import { cancelAppointmentsOfCompletedProperty } from '../modules/appointments/appointments.service.ts';
import { propertyCompletedListeners } from '../modules/listings/property-completed.ts';
import { chargePurposesHandled } from '../modules/payments/charge-purposes.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { CHARGE_PURPOSES, PROPERTY_COMPLETED_LISTENERS } from './wiring.ts';

/** The server wires where modules meet when it starts; nothing is left to an import's side effect. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('the server’s wiring', () => {
  it('records the outcome of a charge of every purpose: each has its handler once the server started', () => {
    expect(server.url).toBeTruthy();
    expect([...chargePurposesHandled()].sort()).toEqual([...CHARGE_PURPOSE_TYPES].sort());
    for (const type of CHARGE_PURPOSE_TYPES) {
      expect(CHARGE_PURPOSES[type], type).toMatchObject({ onPaid: expect.any(Function), onFailed: expect.any(Function) });
    }
  });

  it('tells every module that acts on a completed property', () => {
    expect(propertyCompletedListeners()).toEqual(PROPERTY_COMPLETED_LISTENERS);
    expect(propertyCompletedListeners()).toContain(cancelAppointmentsOfCompletedProperty);
  });
});
