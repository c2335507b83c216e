import type Stripe from 'stripe';
import type { CardDetails, ChargeOutcome, PaymentGateway } from './payment-gateway.ts';

/**
 * The Stripe adapter (STRIPE_SECRET_KEY): a Stripe customer per user, setup intents for saving cards off-session
 * (confirmed in the browser with Stripe Elements), and off-session payment intents in AUD, each created with
 * the ledger's idempotency key so a retried call never charges twice.
 */
/** Where the SDK sends its requests: Stripe's API unless pointed elsewhere (stripe-mock, a recording fake in tests). */
export type StripeConnection = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

export function createStripeGateway(secretKey: string, publishableKey: string | null, connection: StripeConnection = {}): PaymentGateway {
  // The SDK (218 modules, a tenth of a start's) is loaded at the first call to Stripe, not at every start: a server
  // on the built-in test gateway never needs it.
  let loading: Promise<{ stripe: Stripe; errors: typeof Stripe.errors }> | undefined;
  const sdk = () =>
    (loading ??= import('stripe').then(({ default: StripeSdk }) => ({
      stripe: new StripeSdk(secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Listwise' }, ...connection }),
      errors: StripeSdk.errors,
    })));

  const isMissing = async (error: unknown) => {
    const { errors } = await sdk();
    return error instanceof errors.StripeInvalidRequestError && error.code === 'resource_missing';
  };

  return {
    provider: 'STRIPE',
    publishableKey,

    async createCustomer({ userId, email, name }) {
      const { stripe } = await sdk();
      const customer = await stripe.customers.create(
        { email: email ?? undefined, name: name ?? undefined, metadata: { userId } },
        { idempotencyKey: `customer:${userId}` },
      );
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const { stripe } = await sdk();
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error('Stripe returned a setup intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async attachPaymentMethod(customerId, paymentMethodId): Promise<CardDetails | null> {
      const { stripe } = await sdk();
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (error) {
        if (await isMissing(error)) return null;
        throw error;
      }
      const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
      if (owner && owner !== customerId) return null;
      if (!owner) method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } });
      if (!method.card) return null;
      return {
        id: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },

    async detachPaymentMethod(paymentMethodId) {
      const { stripe } = await sdk();
      // Detaching twice is an error at Stripe: a card no longer attached (or gone) is already what was asked.
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (error) {
        if (await isMissing(error)) return;
        throw error;
      }
      if (!method.customer) return;
      await stripe.paymentMethods.detach(paymentMethodId);
    },

    async chargeOffSession(charge): Promise<ChargeOutcome> {
      const { stripe, errors } = await sdk();
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: charge.currency,
            customer: charge.customerId,
            payment_method: charge.paymentMethodId,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: charge.metadata,
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'SUCCEEDED', providerChargeId: intent.id };
        return {
          status: 'FAILED',
          providerChargeId: intent.id,
          failureCode: intent.status === 'requires_action' ? 'authentication_required' : intent.status,
          failureReason: intent.last_payment_error?.message ?? `Payment ${intent.status}`,
        };
      } catch (error) {
        if (error instanceof errors.StripeCardError) {
          return {
            status: 'FAILED',
            providerChargeId: error.payment_intent?.id ?? null,
            failureCode: error.decline_code ?? error.code ?? 'card_declined',
            failureReason: error.message,
          };
        }
        throw error;
      }
    },

    async findCharge(idempotencyKey): Promise<ChargeOutcome | null> {
      const { stripe } = await sdk();
      // Every payment intent carries its ledger key in its metadata (payments.service), so the key finds it.
      // Stripe's search lags writes by up to a minute: the reconciler asks only about charges older than that.
      const found = await stripe.paymentIntents.search({
        query: `metadata['idempotencyKey']:'${idempotencyKey.replace(/['\\]/g, (c) => `\\${c}`)}'`,
        limit: 1,
      });
      const intent = found.data[0];
      if (!intent) return null;
      if (intent.status === 'succeeded') return { status: 'SUCCEEDED', providerChargeId: intent.id };
      if (intent.status === 'processing') throw new Error(`Payment intent ${intent.id} is still processing`);
      return {
        status: 'FAILED',
        providerChargeId: intent.id,
        failureCode: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status,
        failureReason: intent.last_payment_error?.message ?? `Payment ${intent.status}`,
      };
    },

    async refund(providerChargeId, idempotencyKey) {
      const { stripe, errors } = await sdk();
      try {
        await stripe.refunds.create({ payment_intent: providerChargeId }, { idempotencyKey });
      } catch (error) {
        // Refunded already (by an operator in Stripe's dashboard): the money is back, which is all that was asked.
        if (error instanceof errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
        throw error;
      }
    },
  };
}
