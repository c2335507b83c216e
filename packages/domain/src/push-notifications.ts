/**
 * Push notifications on a user's devices (Web Push). Each kind mirrors an e-mail that is sent anyway: a push never
 * goes where its e-mail would not (the same category switch), and the kinds that are only news can be switched off
 * on their own. Quiet hours hold a push until they end unless the kind is urgent: something about a meeting that may
 * be only hours away.
 */
import { z } from 'zod';
import type { EmailAudience, EmailCategory } from './email-categories.ts';

export const PushKind = {
  NEW_APPRAISAL_REQUEST: 'NEW_APPRAISAL_REQUEST',
  APPOINTMENT_REQUESTED: 'APPOINTMENT_REQUESTED',
  APPOINTMENT_CHANGED: 'APPOINTMENT_CHANGED',
  APPOINTMENT_CANCELLED: 'APPOINTMENT_CANCELLED',
  SALE_TO_CONFIRM: 'SALE_TO_CONFIRM',
  REVIEW_PUBLISHED: 'REVIEW_PUBLISHED',
  APPRAISAL_RECEIVED: 'APPRAISAL_RECEIVED',
  APPRAISAL_REQUEST_DECLINED: 'APPRAISAL_REQUEST_DECLINED',
  APPOINTMENT_CONFIRMED: 'APPOINTMENT_CONFIRMED',
  APPOINTMENT_CHANGE_CONFIRMED: 'APPOINTMENT_CHANGE_CONFIRMED',
} as const;
export type PushKind = (typeof PushKind)[keyof typeof PushKind];
export const PUSH_KINDS = Object.values(PushKind);
export const pushKindSchema = z.enum(PUSH_KINDS as [PushKind, ...PushKind[]]);

export interface PushKindRule {
  label: string;
  description: string;
  audience: EmailAudience;
  /** The e-mail category whose switch also stops this push; null: a service message, always e-mailed. */
  emailCategory: EmailCategory | null;
  /** Whether the user can switch this kind off (the leads and the appraisals, what Listwise is for, cannot). */
  optional: boolean;
  /** Urgent pushes are not held by quiet hours. */
  urgent: boolean;
}

export const PUSH_KIND_RULES: Record<PushKind, PushKindRule> = {
  NEW_APPRAISAL_REQUEST: {
    label: 'New appraisal requests',
    description: 'A seller in your suburb asks for an appraisal.',
    audience: 'AGENT',
    emailCategory: null,
    optional: false,
    urgent: false,
  },
  APPOINTMENT_REQUESTED: {
    label: 'Appointment requests',
    description: 'A seller asks to meet you.',
    audience: 'AGENT',
    emailCategory: null,
    optional: true,
    urgent: false,
  },
  APPOINTMENT_CHANGED: {
    label: 'Appointment changes',
    description: 'A seller changes the time of a meeting. Sent during quiet hours too.',
    audience: 'AGENT',
    emailCategory: null,
    optional: true,
    urgent: true,
  },
  APPOINTMENT_CANCELLED: {
    label: 'Appointment cancellations',
    description: 'A meeting is cancelled. Sent during quiet hours too.',
    audience: 'AGENT',
    emailCategory: null,
    optional: true,
    urgent: true,
  },
  SALE_TO_CONFIRM: {
    label: 'Sales to confirm',
    description: 'A seller reports a sale through you.',
    audience: 'AGENT',
    emailCategory: null,
    optional: false,
    urgent: false,
  },
  REVIEW_PUBLISHED: {
    label: 'Reviews',
    description: 'A review about you is published.',
    audience: 'AGENT',
    emailCategory: 'REVIEWS',
    optional: true,
    urgent: false,
  },
  APPRAISAL_RECEIVED: {
    label: 'Appraisals received',
    description: 'An agent sends you an appraisal.',
    audience: 'SELLER',
    emailCategory: null,
    optional: false,
    urgent: false,
  },
  APPRAISAL_REQUEST_DECLINED: {
    label: 'Agents who decline',
    description: 'An agent says no to your request.',
    audience: 'SELLER',
    emailCategory: null,
    optional: true,
    urgent: false,
  },
  APPOINTMENT_CONFIRMED: {
    label: 'Appointments confirmed',
    description: 'Your appointment request has reached the agent.',
    audience: 'SELLER',
    emailCategory: null,
    optional: true,
    urgent: false,
  },
  APPOINTMENT_CHANGE_CONFIRMED: {
    label: 'Appointments changed',
    description: 'The change to your appointment has reached the agent.',
    audience: 'SELLER',
    emailCategory: null,
    optional: true,
    urgent: false,
  },
};

/** The kinds a user of this type can receive, in the order Profile Settings lists them. */
export const pushKindsFor = (userType: string): PushKind[] => PUSH_KINDS.filter((kind) => PUSH_KIND_RULES[kind].audience === userType);

/** Quiet hours, as minutes after midnight in the user's zone: from 9 pm to 7 am unless the user changes them. */
export const DEFAULT_QUIET_HOURS = { enabled: true, startMinute: 21 * 60, endMinute: 7 * 60 } as const;

export interface QuietHours {
  enabled: boolean;
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

/** 'HH:MM' (24-hour) ⇄ minutes after midnight. */
export const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM')
  .transform((v) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3)));
export const formatTimeOfDay = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Whether an IANA zone name is one this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

// One formatter per zone: making one costs far more than using it, and the walk below uses it for every minute.
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The minute of the day (0–1439) an instant falls on in a zone. */
function minuteOfDayIn(at: Date, timeZone: string): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

const isWithin = (minute: number, start: number, end: number) =>
  start < end ? minute >= start && minute < end : minute >= start || minute < end;

/**
 * When a non-urgent push made at `at` may go: at once outside quiet hours, else the first minute after they end.
 * Most nights the zone's clock runs straight on to the end; on a daylight-saving night it does not, and walking
 * minute by minute (at most a day) finds the end without zone arithmetic.
 */
export function deliverAfterQuietHours(at: Date, quietHours: QuietHours): Date {
  const { enabled, startMinute, endMinute, timeZone } = quietHours;
  if (!enabled || startMinute === endMinute) return at;
  const minute = minuteOfDayIn(at, timeZone);
  if (!isWithin(minute, startMinute, endMinute)) return at;
  const startOfMinute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  const straightOn = new Date(startOfMinute.getTime() + ((endMinute - minute + 24 * 60) % (24 * 60)) * 60_000);
  if (minuteOfDayIn(straightOn, timeZone) === endMinute) return straightOn;
  for (let step = 1; step <= 24 * 60 + 60; step++) {
    const candidate = new Date(startOfMinute.getTime() + step * 60_000);
    if (!isWithin(minuteOfDayIn(candidate, timeZone), startMinute, endMinute)) return candidate;
  }
  return at;
}

/** 'in 5 hours', 'in 40 minutes': what a push says of the time an appraisal request has left. */
export function timeLeftText(expiresAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 60_000));
  if (minutes >= 120) return `${Math.floor(minutes / 60)} hours left`;
  if (minutes >= 60) return '1 hour left';
  if (minutes === 0) return 'expiring now';
  return `${minutes} minute${minutes === 1 ? '' : 's'} left`;
}
