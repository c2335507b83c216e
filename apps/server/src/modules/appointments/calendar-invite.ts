import ical, { ICalCalendarMethod } from 'ical-generator';
import type { AustralianState } from '@listwise/domain/enums';
import { TIME_ZONE_OF_STATE } from '@listwise/domain/time-zones';
import type { EmailAttachment } from '../../db/schema/platform.ts';

/**
 * Calendar invites for appointment requests (issue 12): an RFC 5545 VCALENDAR with METHOD:REQUEST and one
 * one-hour VEVENT at the requested time in the property's state, made with ical-generator. The UID is the same
 * for every copy of one appointment, so a calendar that receives it twice keeps one event.
 */

/** The time zone sellers and agents of a state keep their diaries in (one table, in packages/domain). */
export const STATE_TIME_ZONES = TIME_ZONE_OF_STATE;

const APPOINTMENT_LENGTH_MS = 60 * 60 * 1000;

/** How far a zone is ahead of UTC at an instant, in milliseconds (Intl knows every zone's daylight saving). */
function zoneOffsetMs(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const value = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock date and time ('2026-04-05', '10:30:00') happen in a zone. */
export function zonedTimeToInstant(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset on either side of a daylight-saving change.
  let instant = wall - zoneOffsetMs(zone, wall);
  instant = wall - zoneOffsetMs(zone, instant);
  return new Date(instant);
}

export interface AppointmentInvite {
  appointmentId: string;
  date: string;
  time: string;
  state: AustralianState;
  summary: string;
  description: string;
  location: string;
  appUrl: string;
  /** When the seller asked (DTSTAMP): fixed, so every copy of the invite is the same text. */
  requestedAt: Date;
}

export function appointmentStartsAt(invite: Pick<AppointmentInvite, 'date' | 'time' | 'state'>): Date {
  return zonedTimeToInstant(invite.date, invite.time, STATE_TIME_ZONES[invite.state]);
}

const uidOf = (appointmentId: string, appUrl: string) => `appointment-${appointmentId}@${new URL(appUrl).hostname}`;

/** The invite as iCalendar text. Times are written in UTC, and the state's zone is named for calendars that show it. */
export function appointmentCalendar(invite: AppointmentInvite): string {
  const start = appointmentStartsAt(invite);
  const calendar = ical({ name: 'Listwise appointment', prodId: { company: 'Listwise', product: 'appointments', language: 'EN' } });
  calendar.method(ICalCalendarMethod.REQUEST);
  calendar.x([{ key: 'X-WR-TIMEZONE', value: STATE_TIME_ZONES[invite.state] }]);
  calendar.createEvent({
    id: uidOf(invite.appointmentId, invite.appUrl),
    start,
    end: new Date(start.getTime() + APPOINTMENT_LENGTH_MS),
    stamp: invite.requestedAt,
    summary: invite.summary,
    description: invite.description,
    location: invite.location,
    url: `${invite.appUrl}`,
  });
  return calendar.toString();
}

/** The invite as an e-mail attachment (`text/calendar; method=REQUEST`). */
export function appointmentInviteAttachment(invite: AppointmentInvite): EmailAttachment {
  return {
    filename: 'appointment.ics',
    contentType: 'text/calendar; method=REQUEST; charset=utf-8',
    contentBase64: Buffer.from(appointmentCalendar(invite), 'utf8').toString('base64'),
  };
}

/** 'Add to Google Calendar': Google's event template link with the same times, title, place and details. */
export function googleCalendarUrl(invite: AppointmentInvite): string {
  const start = appointmentStartsAt(invite);
  const end = new Date(start.getTime() + APPOINTMENT_LENGTH_MS);
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: invite.summary,
    dates: `${stamp(start)}/${stamp(end)}`,
    details: invite.description,
    location: invite.location,
    ctz: STATE_TIME_ZONES[invite.state],
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
