import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { charges, paymentCustomers, paymentMethods, testGatewayPaymentMethods } from '../../db/schema/payments.ts';
import { createAgentWithBasicDetails, saveCard } from '../../test/agent-factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { closePaymentsForAccount } from './card-detaching.ts';
import { reconcileCharges } from './charges.service.ts';

/** The payments part of closing an account: saved cards detached at the provider and forgotten; the ledger kept. */
let server: TestServer;
let realDetach: TestServer['deps']['payments']['detachPaymentMethod'];
beforeAll(async () => {
  server = await startTestServer();
  realDetach = server.deps.payments.detachPaymentMethod.bind(server.deps.payments);
});
afterAll(() => server?.stop());
afterEach(() => {
  server.deps.payments.detachPaymentMethod = realDetach;
});

const savedCards = (userId: string) => server.deps.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
const atProvider = async (id: string) =>
  (await server.deps.db.select().from(testGatewayPaymentMethods).where(eq(testGatewayPaymentMethods.id, id)))[0]!;

describe('closePaymentsForAccount', () => {
  it('detaches every saved card at the provider, forgets them and the customer, and keeps the ledger', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token, 'pm_card_visa');
    await saveCard(server, agent.token, 'pm_card_mastercard');
    const cards = await savedCards(agent.userId);
    expect(cards).toHaveLength(2);
    const ledgerBefore = await server.deps.db.select().from(charges).where(eq(charges.userId, agent.userId));

    await closePaymentsForAccount(server.deps, agent.userId);
    expect(await savedCards(agent.userId)).toEqual([]);
    expect(await server.deps.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, agent.userId))).toEqual([]);
    for (const card of cards) expect((await atProvider(card.providerPaymentMethodId)).customerId).toBeNull();
    expect(await server.deps.db.select().from(charges).where(eq(charges.userId, agent.userId))).toEqual(ledgerBefore);
    // Again: nothing left to do, and no error.
    await closePaymentsForAccount(server.deps, agent.userId);
  });

  it('keeps a card the provider could not detach, and the reconciler finishes it for a closed account', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token, 'pm_card_visa');
    const [card] = await savedCards(agent.userId);
    server.deps.payments.detachPaymentMethod = async () => {
      throw new Error('the provider is unreachable');
    };
    await expect(closePaymentsForAccount(server.deps, agent.userId)).rejects.toThrow('unreachable');
    expect(await savedCards(agent.userId)).toHaveLength(1);
    server.deps.payments.detachPaymentMethod = realDetach;

    await server.deps.db.update(users).set({ deletedAt: server.deps.clock.now() }).where(eq(users.id, agent.userId));
    await reconcileCharges(server.deps);
    expect(await savedCards(agent.userId)).toEqual([]);
    expect((await atProvider(card!.providerPaymentMethodId)).customerId).toBeNull();
  });
});
