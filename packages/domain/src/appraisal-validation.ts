import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { CommissionType } from './enums.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { dollarsToCents, isWholeCents } from './pricing.ts';

/**
 * Rules of the appraisal loop (spec 000 §5 appraisal steps, spec 001 §5 appointment) with the spec's messages.
 * The drafting forms and the request-appointment form resolve with these schemas; the appraisal resolvers
 * parse their arguments with them too. Messages the spec does not give are written in the same voice.
 */
export const APPRAISAL_MESSAGES = {
  minPriceRequired: 'Min price is required',
  maxPriceRequired: 'Max price is required',
  minPriceTooLow: 'Min price must be at least $50,000',
  maxPriceTooLow: 'Max price must be at least $50,000',
  maxNotLargerThanMin: 'Max price must be larger than the min price',
  wholeDollars: 'Enter a whole number of dollars',
  commissionTypeRequired: 'Commission type is required',
  percentageRequired: 'Percentage is required',
  percentagePositive: 'Percentage must be greater than 0',
  percentageTooHigh: 'Percentage must be at most 100',
  flatFeeRequired: 'Flat fee is required',
  flatFeePositive: 'Flat fee must be greater than 0',
  twoDecimals: 'Use at most 2 decimal places',
  marketingFeeRequired: 'Marketing fee is required',
  marketingFeePositive: 'Marketing fee must be greater than 0',
  inclusionRequired: 'Inclusion is required',
  inclusionTooLong: 'Inclusion must be at most 50 characters',
  tooManyInclusions: 'You can add at most 20 inclusions',
  addressRequired: 'Address is required',
  addressTooLong: 'Address must be at most 255 characters',
  salePriceRequired: 'Sale price is required',
  salePricePositive: 'Sale price must be greater than 0',
  urlTooLong: 'URL must be at most 255 characters',
  urlInvalid: 'URL is invalid',
  tooManyComparableSales: 'You can add at most 3 comparable sales',
  saleDateInvalid: 'Sale date is invalid',
  saleDateInFuture: 'Sale date must not be in the future',
  additionalNotesRequired: 'Additional notes are required',
  additionalNotesTooLong: 'Additional notes must be at most 3500 characters',
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  dateInvalid: 'Date is invalid',
  dateInPast: 'Date must not be in the past',
  dateIsSunday: 'Appointments are not available on Sundays',
  timeNotAvailable: 'Time must be between 8:00am and 6:00pm, on the hour or half hour',
  appointmentNoteTooLong: `Note must be at most ${LIMITS.appointmentNote} characters`,
  appointmentNoteInvalid: 'Note must be plain text',
} as const;

const M = APPRAISAL_MESSAGES;
export const MAX_MARKETING_INCLUSIONS = 20;

/** True when a number has at most two decimal places (cents), tolerant of binary floating-point noise. */
export const hasAtMostTwoDecimals = isWholeCents;

const money = (required: string, positive: string) =>
  z.number({ error: required }).refine(Number.isFinite, required).gt(0, positive).refine(hasAtMostTwoDecimals, M.twoDecimals);

// Selling range: whole dollars, each at least 50,000, max above min (spec 000 §5).
export const sellingRangeSchema = z
  .object({
    sellingRangeMin: z
      .number({ error: M.minPriceRequired })
      .refine(Number.isFinite, M.minPriceRequired)
      .min(LIMITS.sellingRangeMin, M.minPriceTooLow)
      .int(M.wholeDollars),
    sellingRangeMax: z
      .number({ error: M.maxPriceRequired })
      .refine(Number.isFinite, M.maxPriceRequired)
      .min(LIMITS.sellingRangeMin, M.maxPriceTooLow)
      .int(M.wholeDollars),
  })
  .refine((v) => v.sellingRangeMax > v.sellingRangeMin, { message: M.maxNotLargerThanMin, path: ['sellingRangeMax'] });

/**
 * The max the form proposes when min is left and max is still empty: min × 1.1 in whole dollars, rounded down so the
 * proposal is never above the 10% cap of NSW and VIC (rounding 55,555 × 1.1 up would give 61,111, a dollar too wide).
 */
export const defaultSellingRangeMax = (min: number): number => Math.floor((min * 11) / 10);

/**
 * Estimated selling prices: in NSW and Victoria an agent's estimate to a vendor is a single figure or
 * a range whose top is at most 10% above its bottom (NSW Property and Stock Agents Regulation; VIC Estate Agents Act
 * 1980 s 47AF). Elsewhere a wider range is allowed once the agent confirms a warning. Plain English, not legal advice:
 * a lawyer must confirm whether other states' rules (e.g. QLD, SA guidance) call for more than a warning.
 */
export const STATES_CAPPING_SELLING_RANGE = ['NSW', 'VIC'] as const;
export const SELLING_RANGE_RULE =
  'In NSW and VIC the top of the range can be at most 10% above the bottom (an agent elsewhere is asked to confirm a wider range).';

export const isSellingRangeCapped = (state: string | null | undefined): boolean =>
  (STATES_CAPPING_SELLING_RANGE as readonly string[]).includes(state ?? '');

/** max ≤ min × 1.10, in integer arithmetic so 1.1's binary fraction cannot let a dollar through or refuse one. */
export const isSellingRangeWithinTenPercent = (min: number, max: number): boolean => dollarsToCents(max) * 10 <= dollarsToCents(min) * 11;

/** The drafting form's rule for a property in `state`: the spec's range rules, plus the 10% cap in NSW and VIC. */
export const sellingRangeSchemaFor = (state: string | null | undefined) =>
  isSellingRangeCapped(state)
    ? sellingRangeSchema.refine((v) => isSellingRangeWithinTenPercent(v.sellingRangeMin, v.sellingRangeMax), {
        message: ERROR_MESSAGES.selling_range_too_wide,
        path: ['sellingRangeMax'],
      })
    : sellingRangeSchema;

// Commission: a type, then a percentage (0 < p ≤ 100, 2 decimals, including GST) or a flat fee (> 0, 2 decimals, including GST).
export const commissionSchema = z
  .object({
    commissionType: z.enum([CommissionType.FLAT_FEE, CommissionType.PERCENTAGE], { error: M.commissionTypeRequired }),
    percentageRate: z.number().nullish(),
    flatFeeCostDollars: z.number().nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.commissionType === CommissionType.PERCENTAGE) {
      const parsed = money(M.percentageRequired, M.percentagePositive)
        .max(LIMITS.commissionPercentageMax, M.percentageTooHigh)
        .safeParse(v.percentageRate ?? undefined);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message, path: ['percentageRate'] });
    } else {
      const parsed = money(M.flatFeeRequired, M.flatFeePositive).safeParse(v.flatFeeCostDollars ?? undefined);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message, path: ['flatFeeCostDollars'] });
    }
  })
  // Only the value of the chosen type is kept: switching type clears the other one.
  .transform((v) => ({
    commissionType: v.commissionType,
    percentageRate: v.commissionType === CommissionType.PERCENTAGE ? (v.percentageRate ?? null) : null,
    flatFeeCostDollars: v.commissionType === CommissionType.FLAT_FEE ? (v.flatFeeCostDollars ?? null) : null,
  }));

export const marketingInclusionField = z
  .string({ error: M.inclusionRequired })
  .trim()
  .min(1, M.inclusionRequired)
  .max(LIMITS.marketingInclusion, M.inclusionTooLong);

// Marketing fee: a one-time cost in dollars and a list of inclusions.
export const marketingFeeSchema = z.object({
  costDollars: money(M.marketingFeeRequired, M.marketingFeePositive),
  marketingInclusions: z.array(marketingInclusionField).max(MAX_MARKETING_INCLUSIONS, M.tooManyInclusions).default([]),
});

/** 'Looks like a web address': an optional http(s) scheme, a dotted host name, an optional path. */
const WEB_ADDRESS = /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * One comparable sale. `today` (YYYY-MM-DD in Sydney) bounds its sale date: a sale that has not happened yet is no
 * evidence for a selling range. The date is optional, as appraisals sent before it was asked have
 * none; an empty one is sent (and stored) as null.
 */
export const comparableSaleSchema = (today: string) =>
  z.object({
    address: z.string({ error: M.addressRequired }).trim().min(1, M.addressRequired).max(LIMITS.comparableSaleAddress, M.addressTooLong),
    salePriceDollars: money(M.salePriceRequired, M.salePricePositive),
    saleDate: z
      .string()
      .trim()
      .refine((v) => v === '' || isCalendarDate(v), M.saleDateInvalid)
      .refine((v) => v === '' || !isCalendarDate(v) || v <= today, M.saleDateInFuture)
      .nullish()
      .transform((v) => (v ? v : null)),
    // An empty url is sent (and stored) as null.
    url: z
      .string()
      .trim()
      .max(LIMITS.comparableSaleUrl, M.urlTooLong)
      .refine((v) => v === '' || WEB_ADDRESS.test(v), M.urlInvalid)
      .nullish()
      .transform((v) => (v ? v : null)),
  });

export const comparableSalesSchema = (today: string) =>
  z.object({
    comparableSales: z.array(comparableSaleSchema(today)).max(LIMITS.comparableSalesMax, M.tooManyComparableSales),
  });

export const additionalNotesSchema = z.object({
  additionalNotes: z
    .string({ error: M.additionalNotesRequired })
    .trim()
    .min(1, M.additionalNotesRequired)
    .max(LIMITS.additionalNotes, M.additionalNotesTooLong),
});

// Appointments (spec 001 §5, §9): Monday–Saturday, today or later, 8:00am–6:00pm every 30 minutes.
export const APPOINTMENT_FIRST_SLOT_MINUTES = 8 * 60;
export const APPOINTMENT_LAST_SLOT_MINUTES = 18 * 60;
export const APPOINTMENT_SLOT_STEP_MINUTES = 30;

const pad = (n: number) => String(n).padStart(2, '0');

/** The offered times as 'HH:mm:ss', 08:00:00 through 18:00:00. */
export const APPOINTMENT_TIME_SLOTS: readonly string[] = Array.from(
  { length: (APPOINTMENT_LAST_SLOT_MINUTES - APPOINTMENT_FIRST_SLOT_MINUTES) / APPOINTMENT_SLOT_STEP_MINUTES + 1 },
  (_, i) => {
    const minutes = APPOINTMENT_FIRST_SLOT_MINUTES + i * APPOINTMENT_SLOT_STEP_MINUTES;
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
  },
);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether 'YYYY-MM-DD' names a real calendar date. */
export const isCalendarDate = (value: string): boolean => {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** Whether 'YYYY-MM-DD' falls on a Sunday (a property of the calendar date, whatever the time zone). */
export const isSundayDate = (value: string): boolean => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() === 0;
};

// Control characters other than whitespace, and the bidirectional overrides that make text read differently
// from how it is stored: a note is plain text shown to the agent and in an e-mail.
// eslint-disable-next-line no-control-regex
const NOT_PLAIN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** A note on one line: every run of spaces, tabs and line breaks becomes one space, and the ends are trimmed. */
export const toSingleLine = (value: string): string => value.replace(/[\s\u2028\u2029]+/g, ' ').trim();

/**
 * The seller's short note to the agent with an appointment request: optional, one line, plain
 * text, at most LIMITS.appointmentNote characters (counted as people count them, not UTF-16 units). An empty
 * note is no note (null).
 */
export const appointmentNoteSchema = z
  .string()
  .nullish()
  .transform((v) => toSingleLine(v ?? ''))
  .refine((v) => !NOT_PLAIN_TEXT.test(v), M.appointmentNoteInvalid)
  .refine((v) => [...v].length <= LIMITS.appointmentNote, M.appointmentNoteTooLong)
  .transform((v) => v || null);

/**
 * The request-appointment form. `today` is 'YYYY-MM-DD' where the property is (appointmentTodayIn): the form
 * and the server both offer the days of the property's own calendar, whatever the device's zone.
 */
export const appointmentRequestSchema = (today: string) =>
  z.object({
    appointmentDate: z
      .string({ error: M.dateRequired })
      .trim()
      .min(1, M.dateRequired)
      .refine(isCalendarDate, M.dateInvalid)
      .refine((v) => !isCalendarDate(v) || v >= today, M.dateInPast)
      .refine((v) => !isCalendarDate(v) || !isSundayDate(v), M.dateIsSunday),
    appointmentTime: z
      .string({ error: M.timeRequired })
      .trim()
      .min(1, M.timeRequired)
      .refine((v) => APPOINTMENT_TIME_SLOTS.includes(v), M.timeNotAvailable),
    note: appointmentNoteSchema,
  });
export type AppointmentRequestInput = z.input<ReturnType<typeof appointmentRequestSchema>>;
export type AppointmentRequestValues = z.output<ReturnType<typeof appointmentRequestSchema>>;
