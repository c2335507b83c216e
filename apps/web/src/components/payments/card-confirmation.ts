/**
 * Confirming a setup intent in the browser, the step between `stripeCreateSetupIntent` and
 * `stripeConfirmPaymentMethod`. With Stripe it is Stripe.js (`confirmCardSetup` with the card Elements); with the
 * built-in test gateway it is one POST to the gateway's confirm URL. Either way the card number goes to the payment
 * provider only, and the answer is a payment-method id or the provider's error.
 */
import { ERROR_MESSAGES } from '@listwise/domain/errors';

/** A card the provider declined while it was being saved (no payment was being made). */
export const CARD_DECLINED_WHILE_SAVING = 'Card declined, try another card';

export type CardConfirmation = { paymentMethodId: string } | { error: string };

/**
 * The provider's message for a failed card set-up: a card declined while saving it reads 'Card declined, try
 * another card' (nothing was being paid, so 'Payment declined' misleads); otherwise its text, or
 * 'Unexpected error'.
 */
export const providerErrorMessage = (error: { code?: string; message?: string } | null | undefined): string => {
  if (error?.code === 'card_declined') return CARD_DECLINED_WHILE_SAVING;
  return error?.message?.trim() || 'Unexpected error';
};

export interface TestCardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The built-in test gateway's confirmation (POST /payments/test-gateway/confirm-setup). */
export async function confirmWithTestGateway(
  url: string,
  clientSecret: string,
  card: TestCardDetails,
  billingName: string,
): Promise<CardConfirmation> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret, card, billingDetails: { name: billingName } }),
    });
  } catch {
    return { error: ERROR_MESSAGES.internal_error };
  }
  const body = (await response.json().catch(() => null)) as {
    setupIntent?: { paymentMethod?: string };
    error?: { code?: string; message?: string };
  } | null;
  if (response.ok && body?.setupIntent?.paymentMethod) return { paymentMethodId: body.setupIntent.paymentMethod };
  return { error: providerErrorMessage(body?.error) };
}
