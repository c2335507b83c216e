import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { CompleteType } from './enums.ts';

/**
 * Rules of the sale-status flow and the cashback claim (spec 001 §5 bank details, sale status) and of the
 * agent's sale confirmation (spec 000 §5 sale confirm), with the spec's messages. The seller and agent forms
 * resolve with these schemas; the sales resolvers parse their arguments with them too. Messages the spec
 * does not give are written in the same voice.
 */
export const SALE_MESSAGES = {
  bsbRequired: 'BSB is required',
  bsbInvalid: 'BSB is invalid',
  accountNumberRequired: 'Account number is required',
  accountNumberTooLong: `Account number must be at most ${LIMITS.accountNumber} characters`,
  required: 'Required',
  salePriceRequired: 'Sale price is required',
  salePriceNegative: 'Sale price cannot be negative',
  salePriceTooLarge: 'Sale price is too large',
  salePriceWholeCents: 'Use at most 2 decimal places',
  contractDateRequired: 'Contract date is required',
  contractDateInvalid: 'Contract date is invalid',
} as const;

/** BSB: exactly six digits (the input's max length is 6). */
export const BSB_LENGTH = 6;
/** The largest sale price accepted, in dollars: far above any Australian sale, far below bigint cents. */
export const SALE_PRICE_MAX_DOLLARS = 10_000_000_000;

export const bsbField = z
  .string({ error: SALE_MESSAGES.bsbRequired })
  .trim()
  .min(1, SALE_MESSAGES.bsbRequired)
  .regex(new RegExp(`^\\d{${BSB_LENGTH}}$`), SALE_MESSAGES.bsbInvalid);

export const accountNumberField = z
  .string({ error: SALE_MESSAGES.accountNumberRequired })
  .trim()
  .min(1, SALE_MESSAGES.accountNumberRequired)
  .max(LIMITS.accountNumber, SALE_MESSAGES.accountNumberTooLong);

/** The claim page: where the cashback is paid. */
export const bankDetailsSchema = z.object({ bsb: bsbField, accountNumber: accountNumberField });
export type BankDetailsValues = z.infer<typeof bankDetailsSchema>;

/** The three answers of 'Have you sold your property yet?'. */
export const saleStatusSchema = z.object({
  completeType: z.enum([CompleteType.SOLD_UNCONDITIONALLY, CompleteType.DECIDED_NOT_TO_SELL, CompleteType.DECIDED_NOT_TO_USE_LISTWISE], {
    error: SALE_MESSAGES.required,
  }),
});
export type SaleStatusValues = z.infer<typeof saleStatusSchema>;

/** propertyCompletedWithoutListwise: only the two 'not sold' answers. */
export const completedWithoutListwiseSchema = z.object({
  completeType: z.enum([CompleteType.DECIDED_NOT_TO_SELL, CompleteType.DECIDED_NOT_TO_USE_LISTWISE], { error: SALE_MESSAGES.required }),
});

/** 'Which agent did you engage with?': one radio required. */
export const sellingAgentSchema = z.object({
  sellingAgentId: z.string({ error: SALE_MESSAGES.required }).min(1, SALE_MESSAGES.required),
});
export type SellingAgentValues = z.infer<typeof sellingAgentSchema>;

/** True for a real calendar date written YYYY-MM-DD. */
export const isIsoCalendarDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export const salePriceField = z
  .number({ error: SALE_MESSAGES.salePriceRequired })
  .refine(Number.isFinite, SALE_MESSAGES.salePriceRequired)
  .min(0, SALE_MESSAGES.salePriceNegative)
  .max(SALE_PRICE_MAX_DOLLARS, SALE_MESSAGES.salePriceTooLarge)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, SALE_MESSAGES.salePriceWholeCents);

export const contractDateField = z
  .string({ error: SALE_MESSAGES.contractDateRequired })
  .trim()
  .min(1, SALE_MESSAGES.contractDateRequired)
  .min(10, SALE_MESSAGES.contractDateInvalid)
  .refine(isIsoCalendarDate, SALE_MESSAGES.contractDateInvalid);

/** confirmPropertySale(id, salePrice, contractDate): the price in dollars, the date sent as YYYY-MM-DD. */
export const confirmPropertySaleSchema = z.object({ salePrice: salePriceField, contractDate: contractDateField });
export type ConfirmPropertySaleValues = z.infer<typeof confirmPropertySaleSchema>;

/** '123456' → '***-456': only the last three digits of a BSB are ever shown. */
export const maskBsb = (bsb: string): string => `***-${bsb.trim().slice(-3)}`;

/**
 * '123456789' → '*****6789': at most the last four characters are shown, and never fewer than four are hidden,
 * so a short account number is not revealed whole.
 */
export const maskAccountNumber = (accountNumber: string): string => {
  const value = accountNumber.trim();
  const shown = Math.min(4, Math.max(0, value.length - 4));
  return `*****${shown ? value.slice(-shown) : ''}`;
};

/** Operator settings (the console's settings form): the cashback in dollars and the free-trial allowance. */
export const SETTINGS_MESSAGES = {
  cashbackRequired: 'Cashback amount is required',
  cashbackNegative: 'Cashback amount cannot be negative',
  cashbackTooLarge: 'Cashback amount must be at most $100,000',
  cashbackWholeCents: 'Use at most 2 decimal places',
  freeTrialsRequired: 'Free trial allowance is required',
  freeTrialsInvalid: 'Free trial allowance must be a whole number from 0 to 100',
  subscribedAgentsMaxInvalid: 'Agent maximum must be a whole number from 0 to 100',
  leadFeeRequired: 'Lead fee is required',
  leadFeeInvalid: 'Lead fee must be from $0 to $100,000 before GST',
} as const;

export const adminSettingsSchema = z.object({
  staticCashbackAmount: z
    .number({ error: SETTINGS_MESSAGES.cashbackRequired })
    .refine(Number.isFinite, SETTINGS_MESSAGES.cashbackRequired)
    .min(0, SETTINGS_MESSAGES.cashbackNegative)
    .max(100_000, SETTINGS_MESSAGES.cashbackTooLarge)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, SETTINGS_MESSAGES.cashbackWholeCents),
  totalFreeTrialsAllowed: z
    .number({ error: SETTINGS_MESSAGES.freeTrialsRequired })
    .int(SETTINGS_MESSAGES.freeTrialsInvalid)
    .min(0, SETTINGS_MESSAGES.freeTrialsInvalid)
    .max(100, SETTINGS_MESSAGES.freeTrialsInvalid),
  /** The lead fee before GST; absent keeps the current one (older clients send only the first two). */
  leadFeeExcludingGst: z
    .number({ error: SETTINGS_MESSAGES.leadFeeRequired })
    .refine(Number.isFinite, SETTINGS_MESSAGES.leadFeeRequired)
    .min(0, SETTINGS_MESSAGES.leadFeeInvalid)
    .max(100_000, SETTINGS_MESSAGES.leadFeeInvalid)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, SETTINGS_MESSAGES.cashbackWholeCents)
    .optional(),
});
export type AdminSettingsValues = z.infer<typeof adminSettingsSchema>;

export const subscribedAgentsMaxSchema = z.object({
  subscribedAgentsMax: z
    .number({ error: SETTINGS_MESSAGES.subscribedAgentsMaxInvalid })
    .int(SETTINGS_MESSAGES.subscribedAgentsMaxInvalid)
    .min(0, SETTINGS_MESSAGES.subscribedAgentsMaxInvalid)
    .max(100, SETTINGS_MESSAGES.subscribedAgentsMaxInvalid),
});
