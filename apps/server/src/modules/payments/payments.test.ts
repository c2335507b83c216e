import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, paymentMethods, testGatewayPaymentIntents, testGatewayPaymentMethods } from '../../db/schema/payments.ts';
import { confirmSetupWithCard, createAgentWithBasicDetails, saveCard } from '../../test/agent-factories.ts';
import { createSeller, signUpAgent } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { chargeDefaultCard, hasDefaultPaymentMethod } from './payments.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const CREATE_SETUP_INTENT = `mutation { stripeCreateSetupIntent { id clientSecret } }`;
const CONFIRM = `mutation($id: String!) { stripeConfirmPaymentMethod(stripePaymentMethodId: $id) { id cardBrand cardSuffix } }`;
const DEFAULT_METHOD = `{ myDefaultPaymentMethod { cardBrand cardSuffix } }`;

async function newSetupIntent(token: string) {
  const result = await server.gql<{ stripeCreateSetupIntent: { id: string; clientSecret: string } }>(CREATE_SETUP_INTENT, {}, token);
  expect(result.errors).toBeUndefined();
  return result.data!.stripeCreateSetupIntent;
}

describe('stripeCreateSetupIntent', () => {
  it('answers a Stripe-like client secret, a new one each time', async () => {
    const { token } = await signUpAgent(server);
    const first = await newSetupIntent(token);
    const second = await newSetupIntent(token);
    expect(first.clientSecret).toMatch(/^seti_[A-Za-z0-9]{24}_secret_[A-Za-z0-9]{24}$/);
    expect(first.clientSecret.startsWith(`${first.id}_secret_`)).toBe(true);
    expect(second.clientSecret).not.toBe(first.clientSecret);
  });

  it('is for agents only: unauthorized without a session, forbidden for a seller', async () => {
    expect(codeOf(await server.gql(CREATE_SETUP_INTENT))).toBe('unauthorized');
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(CREATE_SETUP_INTENT, {}, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(CONFIRM, { id: 'pm_card_visa' }, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(DEFAULT_METHOD, {}, seller.token))).toBe('forbidden');
  });
});

describe('saving a card through the browser form (test gateway)', () => {
  it('confirms a setup intent with 4242 4242 4242 4242, keeping only brand and last four', async () => {
    const { token, userId } = await signUpAgent(server);
    const intent = await newSetupIntent(token);
    const confirmed = await confirmSetupWithCard(server, intent.clientSecret, { number: '4242 4242 4242 4242' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.setupIntent).toMatchObject({ id: intent.id, status: 'succeeded', paymentMethod: expect.stringMatching(/^pm_/) });

    const saved = await server.gql<{ stripeConfirmPaymentMethod: { cardBrand: string; cardSuffix: string } }>(
      CONFIRM,
      { id: confirmed.body.setupIntent!.paymentMethod },
      token,
    );
    expect(saved.data!.stripeConfirmPaymentMethod).toMatchObject({ cardBrand: 'visa', cardSuffix: '4242' });
    expect((await server.gql(DEFAULT_METHOD, {}, token)).data).toEqual({
      myDefaultPaymentMethod: { cardBrand: 'visa', cardSuffix: '4242' },
    });
    expect(await hasDefaultPaymentMethod(server.deps.db, userId, server.deps)).toBe(true);

    // The full number is nowhere in the database.
    const stored = await server.deps.db.execute<{ found: boolean }>(
      `select exists(select 1 from test_gateway_payment_methods t where t::text like '%4242424242424242%')
        or exists(select 1 from payment_methods p where p::text like '%4242424242424242%') as found` as never,
    );
    expect(stored.rows[0]!.found).toBe(false);
  });

  it('detects Mastercard and Amex from the number', async () => {
    const { token } = await signUpAgent(server);
    for (const [number, brand, suffix, cvc] of [
      ['5555 5555 5555 4444', 'mastercard', '4444', '123'],
      ['3782 822463 10005', 'amex', '0005', '1234'],
    ] as const) {
      const intent = await newSetupIntent(token);
      const confirmed = await confirmSetupWithCard(server, intent.clientSecret, { number, cvc });
      const saved = await server.gql<{ stripeConfirmPaymentMethod: { cardBrand: string; cardSuffix: string } }>(
        CONFIRM,
        { id: confirmed.body.setupIntent!.paymentMethod },
        token,
      );
      expect(saved.data!.stripeConfirmPaymentMethod).toMatchObject({ cardBrand: brand, cardSuffix: suffix });
    }
    // The last card saved is the default.
    expect((await server.gql(DEFAULT_METHOD, {}, token)).data).toEqual({
      myDefaultPaymentMethod: { cardBrand: 'amex', cardSuffix: '0005' },
    });
    const rows = await server.deps.db.select().from(paymentMethods);
    const defaults = rows.filter((r) => r.isDefault && r.cardSuffix === '4444');
    expect(defaults).toHaveLength(0);
  });

  it('declines 4000 0000 0000 0002 with "Payment declined" and saves nothing', async () => {
    const { token } = await signUpAgent(server);
    const intent = await newSetupIntent(token);
    const declined = await confirmSetupWithCard(server, intent.clientSecret, { number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', message: 'Payment declined' });
    expect((await server.gql(DEFAULT_METHOD, {}, token)).data).toEqual({ myDefaultPaymentMethod: null });
  });

  it('rejects an invalid number, a past expiry, a wrong CVC, an unknown secret and a used secret', async () => {
    const { token } = await signUpAgent(server);
    const intent = await newSetupIntent(token);
    expect((await confirmSetupWithCard(server, intent.clientSecret, { number: '4242 4242 4242 4241' })).body.error).toMatchObject({
      code: 'incorrect_number',
    });
    expect(
      (await confirmSetupWithCard(server, intent.clientSecret, { number: '4242424242424242', expYear: 2020 })).body.error,
    ).toMatchObject({
      code: 'invalid_expiry_year',
    });
    expect((await confirmSetupWithCard(server, intent.clientSecret, { number: '4242424242424242', cvc: '12' })).body.error).toMatchObject({
      code: 'invalid_cvc',
    });
    const unknown = await confirmSetupWithCard(server, `${intent.id}_secret_wrong`, { number: '4242424242424242' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.code).toBe('resource_missing');
    expect((await confirmSetupWithCard(server, intent.clientSecret, { number: '4242424242424242' })).status).toBe(200);
    expect((await confirmSetupWithCard(server, intent.clientSecret, { number: '4242424242424242' })).body.error!.code).toBe(
      'setup_intent_unexpected_state',
    );
    const malformed = await fetch(`${server.url}/payments/test-gateway/confirm-setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nope: true }),
    });
    expect(malformed.status).toBe(400);
  });

  it("answers not_found for another agent's payment method or an unknown id", async () => {
    const owner = await signUpAgent(server);
    const other = await signUpAgent(server);
    const intent = await newSetupIntent(owner.token);
    const confirmed = await confirmSetupWithCard(server, intent.clientSecret, { number: '4242424242424242' });
    await newSetupIntent(other.token); // the other agent has a customer too
    expect(codeOf(await server.gql(CONFIRM, { id: confirmed.body.setupIntent!.paymentMethod }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(CONFIRM, { id: 'pm_does_not_exist' }, other.token))).toBe('not_found');
    expect((await server.gql(DEFAULT_METHOD, {}, other.token)).data).toEqual({ myDefaultPaymentMethod: null });
  });
});

describe('stripeConfirmPaymentMethod with test payment-method ids', () => {
  it('saves pm_card_visa and pm_card_chargeDeclined as the default card', async () => {
    const { token } = await signUpAgent(server);
    expect(await saveCard(server, token, 'pm_card_visa')).toMatchObject({ cardBrand: 'visa', cardSuffix: '4242' });
    expect(await saveCard(server, token, 'pm_card_chargeDeclined')).toMatchObject({ cardBrand: 'visa', cardSuffix: '0341' });
    expect((await server.gql(DEFAULT_METHOD, {}, token)).data).toEqual({
      myDefaultPaymentMethod: { cardBrand: 'visa', cardSuffix: '0341' },
    });
  });
});

describe('concurrent saves', () => {
  it('keeps exactly one default card when two cards are saved at once', async () => {
    const { token, userId } = await signUpAgent(server);
    await Promise.all([saveCard(server, token, 'pm_card_visa'), saveCard(server, token, 'pm_card_mastercard')]);
    const rows = await server.deps.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });
});

describe('chargeDefaultCard', () => {
  it('charges, records amount and GST, and never charges twice for one idempotency key', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token);
    const request = {
      userId: agent.userId,
      amountCents: 110_000,
      kind: 'LEAD_FEE' as const,
      description: 'Lead fee',
      idempotencyKey: `lead-fee:${agent.userId}`,
      referenceId: 'sale-1',
    };
    const first = await chargeDefaultCard(server.deps, request);
    expect(first).toMatchObject({ status: 'SUCCEEDED', amountCents: 110_000, gstCents: 10_000, kind: 'LEAD_FEE', referenceId: 'sale-1' });
    expect(first.providerChargeId).toMatch(/^pi_/);

    const again = await Promise.all([chargeDefaultCard(server.deps, request), chargeDefaultCard(server.deps, request)]);
    expect(again.map((c) => c.id)).toEqual([first.id, first.id]);
    expect(await server.deps.db.select().from(charges).where(eq(charges.userId, agent.userId))).toHaveLength(1);
    const intents = await server.deps.db
      .select()
      .from(testGatewayPaymentIntents)
      .where(eq(testGatewayPaymentIntents.idempotencyKey, request.idempotencyKey));
    expect(intents).toHaveLength(1);
  });

  it('keeps exactly one charge when many calls with one key race', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token);
    const request = {
      userId: agent.userId,
      amountCents: 49_500,
      kind: 'RENEWAL' as const,
      description: 'Renewal',
      idempotencyKey: `race:${agent.userId}`,
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => chargeDefaultCard(server.deps, request)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results[0]!.gstCents).toBe(4_500);
    const intents = await server.deps.db
      .select()
      .from(testGatewayPaymentIntents)
      .where(eq(testGatewayPaymentIntents.idempotencyKey, request.idempotencyKey));
    expect(intents).toHaveLength(1);
  });

  it('throws payment_declined on a declined card and keeps the FAILED attempt in the ledger', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token, 'pm_card_chargeDeclined');
    const request = {
      userId: agent.userId,
      amountCents: 49_500,
      kind: 'SUBSCRIPTION' as const,
      description: 'x',
      idempotencyKey: `d:${agent.userId}`,
    };
    await expect(chargeDefaultCard(server.deps, request)).rejects.toMatchObject({ code: 'payment_declined' });
    // Same key again: the same answer, no second attempt at the provider.
    await expect(chargeDefaultCard(server.deps, request)).rejects.toMatchObject({ code: 'payment_declined' });
    const rows = await server.deps.db.select().from(charges).where(eq(charges.userId, agent.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'FAILED', failureCode: 'card_declined', amountCents: 49_500, gstCents: 4_500 });
  });

  it('throws user_missing_stripe_customer without a saved card and records nothing', async () => {
    const agent = await createAgentWithBasicDetails(server);
    expect(await hasDefaultPaymentMethod(server.deps.db, agent.userId, server.deps)).toBe(false);
    await expect(
      chargeDefaultCard(server.deps, {
        userId: agent.userId,
        amountCents: 100,
        kind: 'LEAD_FEE',
        description: 'x',
        idempotencyKey: `n:${agent.userId}`,
      }),
    ).rejects.toMatchObject({ code: 'user_missing_stripe_customer' });
    expect(await server.deps.db.select().from(charges).where(eq(charges.userId, agent.userId))).toHaveLength(0);
  });

  it('never touches a card the provider does not know as the customer’s', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token);
    const [method] = await server.deps.db.select().from(paymentMethods).where(eq(paymentMethods.userId, agent.userId));
    // Simulate a card detached at the provider: the charge fails and is recorded, nothing is taken.
    await server.deps.db
      .update(testGatewayPaymentMethods)
      .set({ customerId: 'cus_someone_else' })
      .where(eq(testGatewayPaymentMethods.id, method!.providerPaymentMethodId));
    await expect(
      chargeDefaultCard(server.deps, {
        userId: agent.userId,
        amountCents: 100,
        kind: 'LEAD_FEE',
        description: 'x',
        idempotencyKey: `x:${agent.userId}`,
      }),
    ).rejects.toMatchObject({ code: 'payment_declined' });
  });
});

describe('paymentGatewayConfig', () => {
  it('tells the browser to use the built-in test gateway', async () => {
    const result = await server.gql(`{ paymentGatewayConfig { kind publishableKey testConfirmSetupUrl } }`);
    expect(result.data).toEqual({
      paymentGatewayConfig: { kind: 'TEST', publishableKey: null, testConfirmSetupUrl: '/payments/test-gateway/confirm-setup' },
    });
  });
});
