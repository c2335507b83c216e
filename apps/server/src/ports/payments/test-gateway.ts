import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { cardDigits, cardEntrySchema, detectCardBrand } from '@listwise/domain/payments';
import type { Database } from '../../db/client.ts';
import {
  testGatewayCustomers,
  testGatewayPaymentIntents,
  testGatewayPaymentMethods,
  testGatewaySetupIntents,
} from '../../db/schema/payments.ts';
import type { CardDetails, ChargeOutcome, OffSessionCharge, PaymentGateway } from './payment-gateway.ts';

/**
 * The built-in test gateway: behaves like Stripe in test mode so the product runs end to end with no outside
 * service. Setup intents carry client secrets (`seti_…_secret_…`); the browser's card form confirms one through
 * `confirmSetupIntent` (served at POST /payments/test-gateway/confirm-setup), which keeps only the card's brand
 * and last four digits. Stripe's test cards behave as they do at Stripe:
 *   4242 4242 4242 4242, 5555 5555 5555 4444, 3782 822463 10005 … succeed;
 *   4000 0000 0000 0002 (and 4000 0000 0000 9995) are declined when the card is set up;
 *   4000 0000 0000 0341 is saved but every charge to it is declined.
 * API clients without a browser use Stripe's test payment-method ids: `pm_card_visa`, `pm_card_mastercard`,
 * `pm_card_amex` (succeed) and `pm_card_chargeDeclined` (saved; charges declined), and one of its own,
 * `pm_card_refundFails` (charges succeed; every refund of them fails).
 *
 * Its charges (payment intents) are rows of its own table, as a provider keeps them on its side, so they outlive
 * a crash of the server that asked for them. `delayMs` (TEST_GATEWAY_DELAY_MS) is waited before a charge is
 * recorded and again before the answer, the two moments a crash test kills the server at.
 */
type ChargeBehaviour = 'succeed' | 'decline' | 'succeed_refund_fails';

interface TestCard {
  behaviour: ChargeBehaviour | 'decline_on_setup';
  declineCode?: string;
}

const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { behaviour: 'succeed' },
  '4000056655665556': { behaviour: 'succeed' },
  '5555555555554444': { behaviour: 'succeed' },
  '2223003122003222': { behaviour: 'succeed' },
  '5200828282828210': { behaviour: 'succeed' },
  '378282246310005': { behaviour: 'succeed' },
  '371449635398431': { behaviour: 'succeed' },
  '4000000000000341': { behaviour: 'decline' },
  '4000000000000002': { behaviour: 'decline_on_setup', declineCode: 'generic_decline' },
  '4000000000009995': { behaviour: 'decline_on_setup', declineCode: 'insufficient_funds' },
};

const MAGIC_PAYMENT_METHODS: Record<string, { brand: string; last4: string; behaviour: ChargeBehaviour }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'succeed' },
  pm_card_amex: { brand: 'amex', last4: '0005', behaviour: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341', behaviour: 'decline' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341', behaviour: 'decline' },
  pm_card_refundFails: { brand: 'visa', last4: '5100', behaviour: 'succeed_refund_fails' },
};

/** The message the card form shows for a declined card (the catalogue's text for payment_declined). */
export const DECLINED_MESSAGE = 'Payment declined';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomToken = (length = 24) => Array.from(crypto.randomBytes(length), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
const newId = (prefix: string) => `${prefix}_${randomToken()}`;
const hashSecret = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

export interface ConfirmSetupInput {
  clientSecret: string;
  card: { number: string; expMonth: number; expYear: number; cvc: string };
  billingName?: string | null;
}

export type ConfirmSetupResult =
  | { setupIntent: { id: string; status: 'succeeded'; paymentMethod: string } }
  | { error: { type: 'card_error' | 'invalid_request_error'; code: string; declineCode?: string; message: string } };

export interface TestPaymentGateway extends PaymentGateway {
  readonly provider: 'TEST';
  confirmSetupIntent(input: ConfirmSetupInput, now: Date): Promise<ConfirmSetupResult>;
}

export const isTestGateway = (gateway: PaymentGateway): gateway is TestPaymentGateway => gateway.provider === 'TEST';

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export function createTestGateway(db: Database, options: { delayMs?: number } = {}): TestPaymentGateway {
  const delayMs = options.delayMs ?? 0;
  const cardError = (code: string, message: string, declineCode?: string): ConfirmSetupResult => ({
    error: { type: 'card_error', code, message, ...(declineCode && { declineCode }) },
  });

  return {
    provider: 'TEST',
    publishableKey: null,

    async createCustomer({ email, name }) {
      const id = newId('cus');
      await db.insert(testGatewayCustomers).values({ id, email, name });
      return id;
    },

    async createSetupIntent(customerId) {
      const id = newId('seti');
      const clientSecret = `${id}_secret_${randomToken()}`;
      await db
        .insert(testGatewaySetupIntents)
        .values({ id, clientSecretHash: hashSecret(clientSecret), customerId, status: 'requires_payment_method' });
      return { id, clientSecret };
    },

    async confirmSetupIntent(input, now) {
      const intent = await db.query.testGatewaySetupIntents.findFirst({
        where: eq(testGatewaySetupIntents.clientSecretHash, hashSecret(input.clientSecret)),
      });
      if (!intent) return { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setup intent.' } };
      if (intent.status === 'succeeded') {
        return {
          error: {
            type: 'invalid_request_error',
            code: 'setup_intent_unexpected_state',
            message: 'This card has already been set up. Please try again.',
          },
        };
      }
      const parsed = cardEntrySchema(now).safeParse({
        cardNumber: input.card.number,
        expiry: `${input.card.expMonth}/${input.card.expYear}`,
        cvc: input.card.cvc,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const code = { cardNumber: 'incorrect_number', expiry: 'invalid_expiry_year', cvc: 'invalid_cvc' }[String(issue.path[0])];
        return cardError(code ?? 'invalid_request', issue.message);
      }
      const digits = cardDigits(input.card.number);
      const testCard = TEST_CARDS[digits];
      const decline = async (declineCode: string, message: string) => {
        await db.update(testGatewaySetupIntents).set({ lastErrorCode: declineCode }).where(eq(testGatewaySetupIntents.id, intent.id));
        return cardError('card_declined', message, declineCode);
      };
      if (!testCard) return decline('test_mode_live_card', `${DECLINED_MESSAGE}: use a test card such as 4242 4242 4242 4242.`);
      if (testCard.behaviour === 'decline_on_setup') return decline(testCard.declineCode ?? 'generic_decline', DECLINED_MESSAGE);

      const paymentMethodId = newId('pm');
      await db.transaction(async (tx) => {
        await tx.insert(testGatewayPaymentMethods).values({
          id: paymentMethodId,
          customerId: intent.customerId,
          cardBrand: detectCardBrand(digits),
          last4: digits.slice(-4),
          expMonth: input.card.expMonth,
          expYear: input.card.expYear < 100 ? 2000 + input.card.expYear : input.card.expYear,
          billingName: input.billingName?.slice(0, 200) ?? null,
          chargeBehaviour: testCard.behaviour as ChargeBehaviour,
        });
        await tx
          .update(testGatewaySetupIntents)
          .set({ status: 'succeeded', paymentMethodId, lastErrorCode: null })
          .where(eq(testGatewaySetupIntents.id, intent.id));
      });
      return { setupIntent: { id: intent.id, status: 'succeeded', paymentMethod: paymentMethodId } };
    },

    async attachPaymentMethod(customerId, paymentMethodId): Promise<CardDetails | null> {
      const magic = MAGIC_PAYMENT_METHODS[paymentMethodId];
      if (magic) {
        // As at Stripe, a test payment-method id makes a new card attached to the customer.
        const id = newId('pm');
        const expYear = new Date().getUTCFullYear() + 3;
        await db.insert(testGatewayPaymentMethods).values({
          id,
          customerId,
          cardBrand: magic.brand,
          last4: magic.last4,
          expMonth: 12,
          expYear,
          chargeBehaviour: magic.behaviour,
        });
        return { id, brand: magic.brand, last4: magic.last4, expMonth: 12, expYear };
      }
      const method = await db.query.testGatewayPaymentMethods.findFirst({ where: eq(testGatewayPaymentMethods.id, paymentMethodId) });
      if (!method) return null;
      if (method.customerId === null) {
        const [attached] = await db
          .update(testGatewayPaymentMethods)
          .set({ customerId })
          .where(and(eq(testGatewayPaymentMethods.id, method.id), isNull(testGatewayPaymentMethods.customerId)))
          .returning();
        if (!attached) return null;
      } else if (method.customerId !== customerId) {
        return null;
      }
      return { id: method.id, brand: method.cardBrand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear };
    },

    async detachPaymentMethod(paymentMethodId) {
      await db.update(testGatewayPaymentMethods).set({ customerId: null }).where(eq(testGatewayPaymentMethods.id, paymentMethodId));
    },

    async chargeOffSession(charge: OffSessionCharge): Promise<ChargeOutcome> {
      await sleep(delayMs);
      const outcome = await chargeOnce(charge);
      await sleep(delayMs);
      return outcome;
    },

    async findCharge(idempotencyKey) {
      const intent = await db.query.testGatewayPaymentIntents.findFirst({
        where: eq(testGatewayPaymentIntents.idempotencyKey, idempotencyKey),
      });
      return intent ? outcomeOf(intent) : null;
    },

    async refund(providerChargeId) {
      const intent = await db.query.testGatewayPaymentIntents.findFirst({ where: eq(testGatewayPaymentIntents.id, providerChargeId) });
      if (!intent || intent.status !== 'succeeded') throw new Error(`No such succeeded payment intent: ${providerChargeId}`);
      const method = await db.query.testGatewayPaymentMethods.findFirst({
        where: eq(testGatewayPaymentMethods.id, intent.paymentMethodId),
      });
      if (method?.chargeBehaviour === 'succeed_refund_fails')
        throw new Error('The card issuer refused the refund (test card pm_card_refundFails).');
      await db
        .update(testGatewayPaymentIntents)
        .set({ refundedAt: new Date() })
        .where(and(eq(testGatewayPaymentIntents.id, providerChargeId), isNull(testGatewayPaymentIntents.refundedAt)));
    },
  };

  async function chargeOnce(charge: OffSessionCharge): Promise<ChargeOutcome> {
    const replay = await db.query.testGatewayPaymentIntents.findFirst({
      where: eq(testGatewayPaymentIntents.idempotencyKey, charge.idempotencyKey),
    });
    if (replay) return outcomeOf(replay);
    const method = await db.query.testGatewayPaymentMethods.findFirst({
      where: eq(testGatewayPaymentMethods.id, charge.paymentMethodId),
    });
    const failureCode =
      !method || method.customerId !== charge.customerId
        ? 'resource_missing'
        : method.chargeBehaviour === 'decline'
          ? 'card_declined'
          : null;
    const [created] = await db
      .insert(testGatewayPaymentIntents)
      .values({
        id: newId('pi'),
        idempotencyKey: charge.idempotencyKey,
        customerId: charge.customerId,
        paymentMethodId: charge.paymentMethodId,
        amountCents: charge.amountCents,
        currency: charge.currency,
        description: charge.description,
        status: failureCode ? 'failed' : 'succeeded',
        failureCode,
      })
      .onConflictDoNothing({ target: testGatewayPaymentIntents.idempotencyKey })
      .returning();
    // A concurrent call with the same key won the insert: answer what it answered.
    const intent =
      created ??
      (await db.query.testGatewayPaymentIntents.findFirst({
        where: eq(testGatewayPaymentIntents.idempotencyKey, charge.idempotencyKey),
      }));
    return outcomeOf(intent!);
  }
}

function outcomeOf(intent: typeof testGatewayPaymentIntents.$inferSelect): ChargeOutcome {
  if (intent.status === 'succeeded') return { status: 'SUCCEEDED', providerChargeId: intent.id };
  const failureCode = intent.failureCode ?? 'card_declined';
  return {
    status: 'FAILED',
    providerChargeId: intent.id,
    failureCode,
    failureReason: failureCode === 'card_declined' ? 'Your card was declined.' : 'No such payment method.',
  };
}
