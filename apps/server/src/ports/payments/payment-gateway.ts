import type { PaymentProvider } from '../../db/schema/payments.ts';

/**
 * The PaymentGateway port: customers, card set-up (setup intents confirmed by the browser) and off-session
 * charges with idempotency keys. Two adapters: the built-in test gateway (default; Stripe-like objects kept in
 * Postgres) and Stripe (when STRIPE_SECRET_KEY is set). The ledger and the rules live in modules/payments.
 */
export interface CardDetails {
  /** The provider's payment-method id (`pm_…`). */
  id: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export type ChargeOutcome =
  | { status: 'SUCCEEDED'; providerChargeId: string }
  | { status: 'FAILED'; providerChargeId: string | null; failureCode: string; failureReason: string };

export interface OffSessionCharge {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: 'aud';
  description: string;
  /** The provider deduplicates on it: a repeated call returns the first call's outcome, never a second charge. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** The browser's key for Stripe Elements; null for the test gateway. */
  readonly publishableKey: string | null;
  createCustomer(input: { userId: string; email: string | null; name: string | null }): Promise<string>;
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  /**
   * The card behind a payment method the customer confirmed (attaching it when the provider has not yet).
   * Null when the id is unknown or belongs to another customer.
   */
  attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<CardDetails | null>;
  /**
   * Detaches a saved card from its customer for good (an account closing): it can never be charged again.
   * Safe to repeat: a card already detached, or unknown to the provider, is left as it is.
   */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  chargeOffSession(charge: OffSessionCharge): Promise<ChargeOutcome>;
  /**
   * What the provider did with the charge made with this idempotency key: its outcome, or null when no such
   * charge reached it. The reconciler asks this of charges a crash left without an outcome; it never charges.
   */
  findCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
  refund(providerChargeId: string, idempotencyKey: string): Promise<void>;
}
