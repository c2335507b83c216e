import { z } from 'zod';
import { GST_RATE, LEAD_FEE_DOLLARS, SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from './constants.ts';
import { dollarsToCents } from './pricing.ts';

/**
 * Cards and charges shared by the card form (web), the built-in test payment gateway (server) and the ledger.
 * Only a card's brand and last four digits are ever kept; the number itself goes to the payment provider.
 */
/** The payment provider holding a customer, a card or a charge: the built-in test gateway, or Stripe. */
export const PaymentProvider = { TEST: 'TEST', STRIPE: 'STRIPE' } as const;
export type PaymentProvider = (typeof PaymentProvider)[keyof typeof PaymentProvider];

export const ChargeKind = { SUBSCRIPTION: 'SUBSCRIPTION', RENEWAL: 'RENEWAL', LEAD_FEE: 'LEAD_FEE' } as const;
export type ChargeKind = (typeof ChargeKind)[keyof typeof ChargeKind];

export const ChargeStatus = { PENDING: 'PENDING', SUCCEEDED: 'SUCCEEDED', FAILED: 'FAILED', REFUNDED: 'REFUNDED' } as const;
export type ChargeStatus = (typeof ChargeStatus)[keyof typeof ChargeStatus];

/** GST-inclusive prices in cents: a suburb year ($495 including $45 GST) and the lead fee ($1,000 + GST = $1,100). */
export const SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS = dollarsToCents(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS);
export const LEAD_FEE_INCLUDING_GST_CENTS = dollarsToCents(LEAD_FEE_DOLLARS * (1 + GST_RATE));

/** A price before GST, with GST added (10%), in whole cents. */
export const withGstCents = (excludingGstCents: number): number => Math.round(excludingGstCents * (1 + GST_RATE));

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

export const CARD_BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** The card network from the leading digits: Visa 4, Mastercard 51–55 and 2221–2720, Amex 34 and 37. */
export const detectCardBrand = (number: string): CardBrand => {
  const digits = cardDigits(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  const first4 = Number(digits.slice(0, 4));
  if (digits.length >= 4 && first4 >= 2221 && first4 <= 2720) return 'mastercard';
  return 'unknown';
};

/** The Luhn checksum every card number carries. */
export const passesLuhn = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** '4242424242424242' → '4242 4242 4242 4242'; Amex groups 4-6-5. */
export const formatCardNumber = (value: string): string => {
  const digits = cardDigits(value).replace(/\D/g, '').slice(0, 19);
  const groups = detectCardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let index = 0;
  for (const size of groups) {
    if (index >= digits.length) break;
    parts.push(digits.slice(index, index + size));
    index += size;
  }
  return parts.join(' ');
};

/** '0429' or '04/29' or '04 / 2029' → { month: 4, year: 2029 }, or null. */
export const parseCardExpiry = (value: string): { month: number; year: number } | null => {
  const match = value.replace(/\s/g, '').match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
};

/** A card is usable through the last day of its expiry month. */
export const isCardExpired = (expiry: { month: number; year: number }, now: Date): boolean =>
  expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1);

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Your card number is invalid.',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcRequired: 'CVC is required',
  cvcInvalid: "Your card's security code is invalid.",
  billingNameRequired: 'Name on card is required',
} as const;

/** The card form (number, expiry 'MM / YY', CVC); `now` decides what counts as expired. */
export const cardEntrySchema = (now: Date = new Date()) =>
  z
    .object({
      cardNumber: z
        .string()
        .min(1, CARD_MESSAGES.numberRequired)
        .refine((v) => {
          const digits = cardDigits(v);
          return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
        }, CARD_MESSAGES.numberInvalid),
      expiry: z
        .string()
        .min(1, CARD_MESSAGES.expiryRequired)
        .refine((v) => parseCardExpiry(v) !== null, CARD_MESSAGES.expiryInvalid)
        .refine((v) => {
          const expiry = parseCardExpiry(v);
          return !expiry || !isCardExpired(expiry, now);
        }, CARD_MESSAGES.expiryPast),
      cvc: z.string().min(1, CARD_MESSAGES.cvcRequired),
    })
    .superRefine((value, ctx) => {
      const expectedLength = detectCardBrand(value.cardNumber) === 'amex' ? 4 : 3;
      if (value.cvc && !new RegExp(`^\\d{${expectedLength}}$`).test(value.cvc.trim())) {
        ctx.addIssue({ code: 'custom', path: ['cvc'], message: CARD_MESSAGES.cvcInvalid });
      }
    });

export type CardEntry = z.infer<ReturnType<typeof cardEntrySchema>>;
