import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { testGatewayPaymentIntents } from '../../db/schema/payments.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { OffSessionCharge, PaymentGateway } from '../../ports/payments/payment-gateway.ts';
import { createAgentWithBasicDetails, saveCard, setFreeTrialsAllowed, suburbId } from '../../test/agent-factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { STALE_CHARGE_MS } from './charges.service.ts';

type ProviderCall = PaymentGateway['chargeOffSession'];

/** What a test throws in place of the provider call to play a server dying there. */
export const CRASH = 'the server died here';

/**
 * The set-up of tests that follow a charge through the provider: a test server with no free trials, the provider
 * call that a test may intercept (and that is the real one again after each test), the clock reset after each test,
 * and the shortcuts such tests share. Call it at the top of the file; `server` is there from `beforeAll` on.
 */
export function useChargeTestServer() {
  let server: TestServer;
  let realCharge: ProviderCall;
  beforeAll(async () => {
    server = await startTestServer();
    realCharge = server.deps.payments.chargeOffSession.bind(server.deps.payments);
    await setFreeTrialsAllowed(server, 0);
  });
  afterAll(() => server?.stop());
  afterEach(() => {
    server.deps.payments.chargeOffSession = realCharge;
    server.deps.clock.reset();
  });

  return {
    get server() {
      return server;
    },
    /** The provider call itself. */
    realCharge: (charge: OffSessionCharge) => realCharge(charge),
    /** Runs `around` in place of the provider call (it may call `realCharge` itself, or not: a crash before it). */
    interceptProvider: (around: ProviderCall) => {
      server.deps.payments.chargeOffSession = around;
    },
    /** Past the reconciler's patience: the open charges are stale. */
    afterStale: () => server.deps.clock.advance(STALE_CHARGE_MS + 1000),
    intentsOf: (customerId: string) =>
      server.deps.db.select().from(testGatewayPaymentIntents).where(eq(testGatewayPaymentIntents.customerId, customerId)),
    liveIn: (suburb: number) => server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.suburbId, suburb)),
    /** An agent with basic details and `card` saved. */
    async paidAgent(card = 'pm_card_visa') {
      const agent = await createAgentWithBasicDetails(server);
      await saveCard(server, agent.token, card);
      return agent;
    },
    /** The suburb with no subscriptions and a maximum of `max` agents. */
    async emptySuburb(name: string, postcode: string, max = 5) {
      const id = await suburbId(server, name, postcode);
      await server.deps.db.delete(suburbSubscriptions).where(eq(suburbSubscriptions.suburbId, id));
      await server.deps.db.update(suburbs).set({ subscribedAgentsMax: max }).where(eq(suburbs.id, id));
      return id;
    },
  };
}
