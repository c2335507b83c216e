import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createPaymentGateway } from './create-payment-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/**
 * The Stripe adapter driven through the official SDK against a small fake of Stripe's HTTP API, so what the
 * adapter sends (paths, form fields, idempotency keys) and how it reads Stripe's answers (card errors, missing
 * objects) are checked without a Stripe account. The fake answers the way the API reference documents.
 */

interface Recorded {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
}

const requests: Recorded[] = [];
const card = (id: string, customer: string | null) => ({
  id,
  object: 'payment_method',
  type: 'card',
  customer,
  card: { brand: 'visa', last4: id === 'pm_mc' ? '4444' : '4242', exp_month: 12, exp_year: 2031 },
});
const stripeError = (status: number, error: Record<string, unknown>) => ({ status, body: { error } });

function answer(method: string, path: string, body: URLSearchParams): { status: number; body: unknown } {
  if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: 'cus_new', object: 'customer' } };
  if (method === 'POST' && path === '/v1/setup_intents') {
    return {
      status: 200,
      body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_abc', status: 'requires_payment_method' },
    };
  }
  const retrieve = path.match(/^\/v1\/payment_methods\/(\w+)$/);
  if (method === 'GET' && retrieve) {
    const id = retrieve[1]!;
    if (id === 'pm_missing') {
      return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${id}'` });
    }
    if (id === 'pm_theirs') return { status: 200, body: card(id, 'cus_other') };
    if (id === 'pm_unattached' || id === 'pm_mc') return { status: 200, body: card(id, null) };
    return { status: 200, body: card(id, 'cus_1') };
  }
  const attach = path.match(/^\/v1\/payment_methods\/(\w+)\/attach$/);
  if (method === 'POST' && attach) return { status: 200, body: card(attach[1]!, body.get('customer')) };
  if (method === 'POST' && path.startsWith('/v1/customers/')) return { status: 200, body: { id: path.split('/')[3], object: 'customer' } };
  if (method === 'POST' && path === '/v1/payment_intents') {
    const paymentMethod = body.get('payment_method');
    if (paymentMethod === 'pm_declined') {
      return stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method' },
      });
    }
    if (paymentMethod === 'pm_3ds') {
      return {
        status: 200,
        body: {
          id: 'pi_3ds',
          object: 'payment_intent',
          status: 'requires_action',
          last_payment_error: { message: 'This payment requires authentication.' },
        },
      };
    }
    return { status: 200, body: { id: 'pi_ok', object: 'payment_intent', status: 'succeeded' } };
  }
  if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: { id: 're_1', object: 'refund', status: 'succeeded' } };
  return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
}

const fake = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = new URLSearchParams(req.method === 'GET' ? url.search : raw);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      body,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      authorization: req.headers.authorization ?? null,
    });
    const result = answer(req.method ?? '', url.pathname, body);
    res.writeHead(result.status, { 'content-type': 'application/json', 'request-id': 'req_test' });
    res.end(JSON.stringify(result.body));
  });
});

let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  port = (fake.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
});

const gateway = () => createStripeGateway('sk_test_listwise', 'pk_test_listwise', { host: '127.0.0.1', port, protocol: 'http' });
const only = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);

describe('the Stripe adapter', () => {
  it('creates one customer per user (idempotent per user) with the secret key', async () => {
    const id = await gateway().createCustomer({ userId: 'u-1', email: 'nina@example.com', name: 'Nina Agent' });
    expect(id).toBe('cus_new');
    const [call] = only('POST', '/v1/customers');
    expect(call!.authorization).toBe('Bearer sk_test_listwise');
    expect(call!.idempotencyKey).toBe('customer:u-1');
    expect(Object.fromEntries(call!.body)).toMatchObject({ email: 'nina@example.com', name: 'Nina Agent', 'metadata[userId]': 'u-1' });
  });

  it('creates an off-session card setup intent for the customer and answers its client secret', async () => {
    expect(await gateway().createSetupIntent('cus_1')).toEqual({ id: 'seti_1', clientSecret: 'seti_1_secret_abc' });
    const [call] = only('POST', '/v1/setup_intents');
    expect(call!.body.get('customer')).toBe('cus_1');
    expect(call!.body.get('usage')).toBe('off_session');
    expect(call!.body.getAll('allowed_payment_method_types[0]')).toEqual(['card']);
  });

  it("saves the customer's confirmed card as the default: brand and last four only", async () => {
    const saved = await gateway().attachPaymentMethod('cus_1', 'pm_visa');
    expect(saved).toEqual({ id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 });
    expect(only('POST', '/v1/payment_methods/pm_visa/attach')).toHaveLength(0); // the setup intent attached it already
    const [update] = only('POST', '/v1/customers/cus_1');
    expect(update!.body.get('invoice_settings[default_payment_method]')).toBe('pm_visa');
  });

  it('attaches a card no customer owns yet, and refuses one of another customer or an unknown one', async () => {
    expect(await gateway().attachPaymentMethod('cus_1', 'pm_unattached')).toMatchObject({ id: 'pm_unattached', last4: '4242' });
    expect(only('POST', '/v1/payment_methods/pm_unattached/attach')[0]!.body.get('customer')).toBe('cus_1');

    requests.length = 0;
    expect(await gateway().attachPaymentMethod('cus_1', 'pm_theirs')).toBeNull();
    expect(await gateway().attachPaymentMethod('cus_1', 'pm_missing')).toBeNull();
    expect(requests.some((r) => r.method === 'POST')).toBe(false); // nothing attached, no default changed
  });

  it('charges off-session in AUD with the ledger key as the idempotency key', async () => {
    const outcome = await gateway().chargeOffSession({
      customerId: 'cus_1',
      paymentMethodId: 'pm_visa',
      amountCents: 99_000,
      currency: 'aud',
      description: 'Suburb subscription, 12 months: Bronte NSW 2024, Tamarama NSW 2026',
      idempotencyKey: 'subscription:abc',
      metadata: { chargeId: 'c-1', kind: 'SUBSCRIPTION' },
    });
    expect(outcome).toEqual({ status: 'SUCCEEDED', providerChargeId: 'pi_ok' });
    const [call] = only('POST', '/v1/payment_intents');
    expect(call!.idempotencyKey).toBe('subscription:abc');
    expect(Object.fromEntries(call!.body)).toMatchObject({
      amount: '99000',
      currency: 'aud',
      customer: 'cus_1',
      payment_method: 'pm_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[chargeId]': 'c-1',
    });
  });

  it("reads a declined card (Stripe's 402 card_error) and an intent needing authentication as failed charges", async () => {
    const base = { customerId: 'cus_1', amountCents: 49_500, currency: 'aud' as const, description: 'x', metadata: {} };
    expect(await gateway().chargeOffSession({ ...base, paymentMethodId: 'pm_declined', idempotencyKey: 'k1' })).toEqual({
      status: 'FAILED',
      providerChargeId: 'pi_declined',
      failureCode: 'insufficient_funds',
      failureReason: 'Your card has insufficient funds.',
    });
    expect(only('POST', '/v1/payment_intents')).toHaveLength(1); // a card error is an answer, never retried
    expect(await gateway().chargeOffSession({ ...base, paymentMethodId: 'pm_3ds', idempotencyKey: 'k2' })).toEqual({
      status: 'FAILED',
      providerChargeId: 'pi_3ds',
      failureCode: 'authentication_required',
      failureReason: 'This payment requires authentication.',
    });
  });

  it('refunds a payment intent with its own idempotency key', async () => {
    await gateway().refund('pi_ok', 'refund:subscription:abc');
    const [call] = only('POST', '/v1/refunds');
    expect(call!.body.get('payment_intent')).toBe('pi_ok');
    expect(call!.idempotencyKey).toBe('refund:subscription:abc');
  });
});

describe('choosing the gateway', () => {
  const db = {} as Database; // the Stripe adapter never touches the database; the test gateway only when used

  it('uses Stripe when both keys are configured, the built-in test gateway when neither is', () => {
    const stripe = createPaymentGateway({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, db);
    expect(stripe.provider).toBe('STRIPE');
    expect(stripe.publishableKey).toBe('pk_test_1');
    const test = createPaymentGateway({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined }, db);
    expect(test.provider).toBe('TEST');
    expect(test.publishableKey).toBeNull();
  });

  it('refuses one key without the other (the browser could not confirm cards)', () => {
    expect(() => createPaymentGateway({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: undefined }, db)).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() => createPaymentGateway({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, db)).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/,
    );
  });
});
