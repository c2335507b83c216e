import { z } from 'zod';
import { australianStateSchema } from './enum-schemas.ts';
import type { AustralianState } from './enums.ts';
import { calendarDateIn, timeZoneOfState } from './time-zones.ts';

/**
 * Agents' licences. Every Australian agent holds a state licence or certificate of registration; the
 * agent enters its number and state, an operator checks it on the state's public register. Formats are checked
 * where the state's numbers follow a published shape (all digits in NSW, VIC and QLD); elsewhere 4–20 letters or
 * digits. Spaces and dashes people type are dropped before checking.
 */
export const AgentLicenceStatus = { PENDING: 'PENDING', VERIFIED: 'VERIFIED', REJECTED: 'REJECTED' } as const;
export type AgentLicenceStatus = (typeof AgentLicenceStatus)[keyof typeof AgentLicenceStatus];

export const LICENCE_MESSAGES = {
  numberRequired: 'Licence number is required',
  numberFormat: 'Licence number must be 4 to 20 letters or digits',
  digitsOnly: (state: string) => `A ${state} licence number is digits only (5 to 10 digits)`,
  stateRequired: 'Licence state is required',
  licenseeNameTooLong: 'Licensee name must be at most 196 characters',
  reasonRequired: 'Give a reason for the rejection',
  reasonTooLong: 'Reason must be at most 500 characters',
} as const;

const DIGITS_ONLY_STATES: readonly AustralianState[] = ['NSW', 'VIC', 'QLD'];

/** Where an operator checks a licence, per state. */
export const LICENCE_REGISTERS: Record<AustralianState, string> = {
  ACT: 'https://www.accesscanberra.act.gov.au/s/public-registers',
  NSW: 'https://verify.licence.nsw.gov.au/',
  NT: 'https://nt.gov.au/industry/licences/find-a-licensed-real-estate-agent',
  QLD: 'https://www.qld.gov.au/law/fair-trading/fair-trading-licences/check-a-licence',
  SA: 'https://www.cbs.sa.gov.au/public-registers',
  TAS: 'https://www.cbos.tas.gov.au/topics/licensing-and-registration/public-registers',
  VIC: 'https://www.consumer.vic.gov.au/licensing-and-registration/estate-agents/check-a-licence',
  WA: 'https://www.commerce.wa.gov.au/consumer-protection/check-licence',
};

/** '10 123-456' → '10123456': what people type around the number is not part of it. */
export const normaliseLicenceNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export const agentLicenceSchema = z
  .object({
    licenceNumber: z.string({ error: LICENCE_MESSAGES.numberRequired }).transform(normaliseLicenceNumber),
    licenceState: australianStateSchema,
    licenseeName: z
      .string()
      .trim()
      .max(196, LICENCE_MESSAGES.licenseeNameTooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((value, ctx) => {
    const number = value.licenceNumber;
    if (!number) {
      ctx.addIssue({ code: 'custom', path: ['licenceNumber'], message: LICENCE_MESSAGES.numberRequired });
    } else if (DIGITS_ONLY_STATES.includes(value.licenceState)) {
      if (!/^\d{5,10}$/.test(number))
        ctx.addIssue({ code: 'custom', path: ['licenceNumber'], message: LICENCE_MESSAGES.digitsOnly(value.licenceState) });
    } else if (!/^[A-Z0-9]{4,20}$/.test(number)) {
      ctx.addIssue({ code: 'custom', path: ['licenceNumber'], message: LICENCE_MESSAGES.numberFormat });
    }
  });
export type AgentLicenceInput = z.input<typeof agentLicenceSchema>;

export const licenceDecisionSchema = z
  .object({ approved: z.boolean(), reason: z.string().trim().max(500, LICENCE_MESSAGES.reasonTooLong).nullish() })
  .refine((v) => v.approved || !!v.reason, { path: ['reason'], message: LICENCE_MESSAGES.reasonRequired });

// ——— Expiry ———

/**
 * A licence has an expiry date (a calendar date, YYYY-MM-DD). It is current through that whole day where the
 * licence was issued (the state's time zone): a Perth licence expiring today still holds this evening in Perth.
 * The agent is e-mailed 30 and 7 days before it; once it has passed, no new appraisal requests reach the agent
 * until a renewed licence is verified, and sellers stop seeing 'Licence verified'.
 */
export const LICENCE_EXPIRY_REMINDER_DAYS = [30, 7] as const;
export type LicenceExpiryReminder = (typeof LICENCE_EXPIRY_REMINDER_DAYS)[number];
/** Licences run one to five years; ten years ahead is a typo. */
export const LICENCE_EXPIRY_MAX_YEARS = 10;

export const LICENCE_EXPIRY_MESSAGES = {
  required: 'Licence expiry date is required',
  format: 'Enter the expiry date as a date, for example 30/06/2027',
  passed: 'This expiry date has passed: enter your renewed licence',
  tooFar: `The expiry date must be within ${LICENCE_EXPIRY_MAX_YEARS} years`,
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (not 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today's date where the licence's state is. */
export const licenceToday = (state: string, now: Date): string => calendarDateIn(now, timeZoneOfState(state));

/** What is wrong with an expiry date the agent typed, on `today` (the state's date); null when it is fine. */
export function licenceExpiryProblem(expiresOn: string | null | undefined, today: string): string | null {
  if (!expiresOn || !expiresOn.trim()) return LICENCE_EXPIRY_MESSAGES.required;
  if (!isCalendarDate(expiresOn.trim())) return LICENCE_EXPIRY_MESSAGES.format;
  if (expiresOn.trim() < today) return LICENCE_EXPIRY_MESSAGES.passed;
  if (daysBetween(today, expiresOn.trim()) > LICENCE_EXPIRY_MAX_YEARS * 366) return LICENCE_EXPIRY_MESSAGES.tooFar;
  return null;
}

/** The parts of a stored licence its standing depends on. */
export interface LicenceStandingInput {
  status: AgentLicenceStatus;
  /** The expiry of the licence on file; null for licences recorded before expiry dates were asked for. */
  expiresOn: string | null;
  /** The expiry an operator verified: kept while a renewal of the same number waits, so the mark stays until then. */
  verifiedUntil: string | null;
  /** Set when a licence that had expired was replaced: requests stay stopped until the renewal is verified. */
  lapsedOn: string | null;
}

/**
 * Whether sellers see 'Licence verified': an operator verified a licence whose expiry has not passed (a renewal of
 * the same number may be waiting for its check meanwhile). A licence verified before expiry dates were recorded
 * keeps its mark until the agent enters one.
 */
export const isLicenceVerifiedOn = (licence: LicenceStandingInput, today: string): boolean =>
  (licence.verifiedUntil !== null && licence.verifiedUntil >= today) || (licence.status === 'VERIFIED' && licence.expiresOn === null);

/**
 * Whether the licence stops new appraisal requests: the licence on file or the one last verified has expired, or
 * it replaced one that had, and no renewal has been verified since.
 */
export const isLicenceExpiredOn = (licence: LicenceStandingInput, today: string): boolean =>
  licence.lapsedOn !== null ||
  (licence.expiresOn !== null && licence.expiresOn < today) ||
  (licence.verifiedUntil !== null && licence.verifiedUntil < today);

/** The one word the console shows for a licence. */
export type LicenceStanding = 'PENDING' | 'VERIFIED' | 'REJECTED' | 'EXPIRED';
const LICENCE_STANDING_LABELS: Record<LicenceStanding, string> = {
  PENDING: 'Pending check',
  VERIFIED: 'Verified',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
};
export const licenceStandingLabel = (standing: LicenceStanding) => LICENCE_STANDING_LABELS[standing];
export function licenceStandingOn(licence: LicenceStandingInput, today: string): LicenceStanding {
  if (isLicenceExpiredOn(licence, today)) return 'EXPIRED';
  if (isLicenceVerifiedOn(licence, today)) return 'VERIFIED';
  return licence.status;
}

/**
 * The expiry reminder due today, if any: 30 days ahead (once), then 7 days ahead (once). A licence entered with
 * less than a week to run gets only the 7-day one. Null once the date has passed or both were sent for this date.
 */
export function licenceExpiryReminderDue(
  expiresOn: string,
  today: string,
  sent: { thirtyDaysFor: string | null; sevenDaysFor: string | null },
): LicenceExpiryReminder | null {
  const daysLeft = daysBetween(today, expiresOn);
  if (daysLeft < 0) return null;
  if (daysLeft <= 7) return sent.sevenDaysFor === expiresOn ? null : 7;
  if (daysLeft <= 30) return sent.thirtyDaysFor === expiresOn ? null : 30;
  return null;
}
