import { isSingleLine } from './single-line.ts';
import { z } from 'zod';
import { CompleteType } from './enums.ts';
import { isWholeCents } from './pricing.ts';

/**
 * Rules of the sale-status flow and the cashback claim (spec 001 §5 bank details, sale status) and of the
 * agent's sale confirmation (spec 000 §5 sale confirm), with the spec's messages. The seller and agent forms
 * resolve with these schemas; the sales resolvers parse their arguments with them too. Messages the spec
 * does not give are written in the same voice.
 */
/**
 * Australian bank accounts as the Direct Entry (ABA) file that pays the cashback carries them: a BSB of 6 digits,
 * an account number of at most 9 (banks use 5 to 9 digits), an account name of at most 32 characters from the
 * BECS character set. Tighter than the spec's 'max 196' because the bank would refuse anything longer.
 */
export const ACCOUNT_NUMBER_MIN_DIGITS = 5;
export const ACCOUNT_NUMBER_MAX_DIGITS = 9;
export const ACCOUNT_NAME_MAX_LENGTH = 32;
/** Typed forms of a BSB: '062000', '062-000', '062 000'. */
export const BSB_INPUT_MAX_LENGTH = 7;
const ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9 &'(),\-./]+$/;

export const SALE_MESSAGES = {
  bsbRequired: 'BSB is required',
  bsbInvalid: 'BSB is invalid',
  // Digits only, but too few or too many (say what is wrong, not just 'invalid').
  bsbLength: 'BSB must be 6 digits',
  bsbHint: '6 digits, like 062-000',
  accountNumberRequired: 'Account number is required',
  accountNumberInvalid: `Account number must be ${ACCOUNT_NUMBER_MIN_DIGITS} to ${ACCOUNT_NUMBER_MAX_DIGITS} digits`,
  accountNameRequired: 'Account name is required',
  accountNameTooLong: `Account name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`,
  accountNameInvalid: "Account name can use letters, numbers, spaces and & ' ( ) , - . / only",
  accountNameOneLine: 'Account name must be on one line',
  required: 'Required',
  salePriceRequired: 'Sale price is required',
  salePriceNegative: 'Sale price cannot be negative',
  salePriceTooLarge: 'Sale price is too large',
  salePriceWholeCents: 'Use at most 2 decimal places',
  contractDateRequired: 'Contract date is required',
  contractDateInvalid: 'Contract date is invalid',
} as const;

/** BSB: exactly six digits once a dash or space between the two groups of three is taken out. */
export const BSB_LENGTH = 6;
/** The largest sale price accepted, in dollars: far above any Australian sale, far below bigint cents. */
export const SALE_PRICE_MAX_DOLLARS = 10_000_000_000;

/** '062-000', '062 000', ' 062000 ' → '062000'; anything else is returned trimmed (and then refused). */
export const normaliseBsb = (value: string): string => {
  const trimmed = value.trim();
  const match = /^(\d{3})[-\s]?(\d{3})$/.exec(trimmed);
  return match ? `${match[1]}${match[2]}` : trimmed;
};

/** '062000' → '062-000', the form banks print and the ABA file needs. */
export const formatBsb = (bsb: string): string => `${bsb.slice(0, 3)}-${bsb.slice(3, 6)}`;

/** Account numbers are typed with spaces at times ('1234 5678'); those are not part of the number. */
export const normaliseAccountNumber = (value: string): string => value.replace(/\s+/g, '');

/** An account name collapsed to single spaces (the bank compares it with the account's title). */
export const normaliseAccountName = (value: string): string => value.trim().replace(/\s+/g, ' ');

export const bsbField = z
  .string({ error: SALE_MESSAGES.bsbRequired })
  .transform(normaliseBsb)
  .pipe(
    z
      .string()
      .min(1, SALE_MESSAGES.bsbRequired)
      .refine((bsb) => !/^\d+$/.test(bsb) || bsb.length === BSB_LENGTH, SALE_MESSAGES.bsbLength)
      .regex(new RegExp(`^\\d{${BSB_LENGTH}}$`), SALE_MESSAGES.bsbInvalid),
  );

export const accountNumberField = z
  .string({ error: SALE_MESSAGES.accountNumberRequired })
  .transform(normaliseAccountNumber)
  .pipe(
    z
      .string()
      .min(1, SALE_MESSAGES.accountNumberRequired)
      .regex(new RegExp(`^\\d{${ACCOUNT_NUMBER_MIN_DIGITS},${ACCOUNT_NUMBER_MAX_DIGITS}}$`), SALE_MESSAGES.accountNumberInvalid),
  );

export const accountNameField = z
  .string({ error: SALE_MESSAGES.accountNameRequired })
  .refine(isSingleLine, SALE_MESSAGES.accountNameOneLine)
  .transform(normaliseAccountName)
  .pipe(
    z
      .string()
      .min(1, SALE_MESSAGES.accountNameRequired)
      .max(ACCOUNT_NAME_MAX_LENGTH, SALE_MESSAGES.accountNameTooLong)
      .regex(ACCOUNT_NAME_PATTERN, SALE_MESSAGES.accountNameInvalid),
  );

/** The claim page: where the cashback is paid (account name, BSB, account number), normalised. */
export const bankDetailsSchema = z.object({ accountName: accountNameField, bsb: bsbField, accountNumber: accountNumberField });
export type BankDetailsInput = z.input<typeof bankDetailsSchema>;
export type BankDetailsValues = z.output<typeof bankDetailsSchema>;

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
  .refine(isWholeCents, SALE_MESSAGES.salePriceWholeCents);

export const contractDateField = z
  .string({ error: SALE_MESSAGES.contractDateRequired })
  .trim()
  .min(1, SALE_MESSAGES.contractDateRequired)
  .min(10, SALE_MESSAGES.contractDateInvalid)
  .refine(isIsoCalendarDate, SALE_MESSAGES.contractDateInvalid);

/**
 * The contract date must be a day that has happened (today at the latest where the property is) and cannot be
 * before the listing was published (a sale through Listwise follows the listing). Both dates are calendar dates
 * (YYYY-MM-DD) in the property's state's zone; see time-zones.ts. Answers the catalogue code of the broken rule.
 */
export type ContractDateProblem = 'contract_date_in_future' | 'contract_date_before_listing';
export const contractDateProblem = (
  contractDate: string,
  bounds: { today: string; listedOn: string | null },
): ContractDateProblem | null => {
  // ISO calendar dates compare correctly as strings.
  if (contractDate > bounds.today) return 'contract_date_in_future';
  if (bounds.listedOn && contractDate < bounds.listedOn) return 'contract_date_before_listing';
  return null;
};

/** 'This is not my sale': an optional note for the operator who looks into it. */
export const DISPUTE_REASON_MAX_LENGTH = 1000;
export const disputePropertySaleSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(DISPUTE_REASON_MAX_LENGTH, `Use at most ${DISPUTE_REASON_MAX_LENGTH} characters`)
    .optional()
    .transform((v) => v || null),
});

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
    .refine(isWholeCents, SETTINGS_MESSAGES.cashbackWholeCents),
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
    .refine(isWholeCents, SETTINGS_MESSAGES.cashbackWholeCents)
    .optional(),
  /** Payout ABA files end with a balancing debit from Listwise's account (some banks need one); absent keeps it. */
  abaBalancingRecord: z.boolean().optional(),
});
export type AdminSettingsValues = z.infer<typeof adminSettingsSchema>;

export const subscribedAgentsMaxSchema = z.object({
  subscribedAgentsMax: z
    .number({ error: SETTINGS_MESSAGES.subscribedAgentsMaxInvalid })
    .int(SETTINGS_MESSAGES.subscribedAgentsMaxInvalid)
    .min(0, SETTINGS_MESSAGES.subscribedAgentsMaxInvalid)
    .max(100, SETTINGS_MESSAGES.subscribedAgentsMaxInvalid),
});

/**
 * Why an operator did something that changes money or a seller's claim (waiving a lead fee, returning a claim the
 * bank rejected, settling a disputed sale): required, kept in the audit log, and told to the seller where it ends
 * their claim.
 */
export const OPERATOR_REASON_MAX_LENGTH = 1000;
export const OPERATOR_REASON_MESSAGES = {
  required: 'Enter a reason',
  tooLong: `Use at most ${OPERATOR_REASON_MAX_LENGTH} characters`,
} as const;
const operatorReasonField = z
  .string({ error: OPERATOR_REASON_MESSAGES.required })
  .trim()
  .min(1, OPERATOR_REASON_MESSAGES.required)
  .max(OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MESSAGES.tooLong);
export const operatorReasonSchema = z.object({ reason: operatorReasonField });

/**
 * settleDisputedPropertySale: the sale stands (the agent's price and contract date, as the operator learnt them,
 * are recorded as a confirmation would) or is void.
 */
export const DISPUTE_SETTLEMENTS = ['SALE_STANDS', 'SALE_VOID'] as const;
export const settleDisputedSaleSchema = z
  .object({
    outcome: z.enum(DISPUTE_SETTLEMENTS),
    reason: operatorReasonField,
    salePrice: salePriceField.optional(),
    contractDate: contractDateField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.outcome !== 'SALE_STANDS') return;
    if (value.salePrice === undefined) ctx.addIssue({ code: 'custom', path: ['salePrice'], message: SALE_MESSAGES.salePriceRequired });
    if (value.contractDate === undefined)
      ctx.addIssue({ code: 'custom', path: ['contractDate'], message: SALE_MESSAGES.contractDateRequired });
  });
export type SettleDisputedSaleValues = z.infer<typeof settleDisputedSaleSchema>;
