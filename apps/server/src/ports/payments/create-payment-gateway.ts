import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { createTestGateway } from './test-gateway.ts';

/**
 * Stripe when its keys are configured, else the built-in test gateway. The two keys go together: the server
 * charges with the secret key and the browser's card form (Stripe Elements) needs the publishable one, so one
 * without the other would leave agents with a card form that cannot work. That refuses to start.
 */
export function createPaymentGateway(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'> & Partial<Pick<Config, 'TEST_GATEWAY_DELAY_MS'>>,
  db: Database,
): PaymentGateway {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = config;
  if (!!secretKey !== !!publishableKey) {
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY for Stripe, or neither for the built-in test gateway');
  }
  if (secretKey && publishableKey) return createStripeGateway(secretKey, publishableKey);
  return createTestGateway(db, { delayMs: config.TEST_GATEWAY_DELAY_MS ?? 0 });
}
