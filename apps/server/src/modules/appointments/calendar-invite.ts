import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { appointmentStartsAt, appointmentTimeZoneOf } from '@listwise/domain/appointment-time';
import type { EmailAttachment } from '../../db/schema/platform.ts';

/**
 * Calendar invites for appointment requests, RFC 5545 text made with ical-generator (which
 * writes CRLF line ends, folds lines at 75 octets and escapes `\ ; ,` and line breaks). One UID per appointment
 * and three iTIP methods (RFC 5546, docs/decisions/0017-appointment-invites.md):
 * - PUBLISH for the file a reader downloads ('Add to calendar'): ORGANIZER, no ATTENDEE, as §3.2.1 requires;
 * - REQUEST for the invite e-mailed when the seller asks or changes the appointment: ORGANIZER and every ATTENDEE;
 * - CANCEL, STATUS:CANCELLED, when the seller cancels or the property completes.
 * SEQUENCE counts the changes, so a calendar applies a change or a cancellation over the copy it holds.
 */

export type InviteMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface InvitePerson {
  name: string;
  email: string;
}

export interface AppointmentInvite {
  appointmentId: string;
  date: string;
  time: string;
  /** The property's state: the zone the appointment's wall-clock time is in. */
  state: string | null;
  summary: string;
  description: string;
  location: string;
  appUrl: string;
  /** DTSTAMP: when this version was made (asked, last changed or cancelled), so every copy of a version is the same text. */
  stamp: Date;
  sequence: number;
  /** The appointment was cancelled: every copy of it, the downloaded one too, says STATUS:CANCELLED. */
  isCancelled: boolean;
  /** Listwise sends the invites, so it is their organizer; replies are not asked for (RSVP=FALSE). */
  organizer: InvitePerson;
  /** The agent (whose answer the calendar waits for) and the seller (who asked, so has accepted). */
  agent: InvitePerson | null;
  seller: InvitePerson | null;
}

const APPOINTMENT_LENGTH_MS = 60 * 60 * 1000;

export const inviteStartsAt = (invite: Pick<AppointmentInvite, 'date' | 'time' | 'state'>): Date =>
  appointmentStartsAt({ date: invite.date, time: invite.time }, invite.state);

const uidOf = (appointmentId: string, appUrl: string) => `appointment-${appointmentId}@${new URL(appUrl).hostname}`;

const METHODS: Record<InviteMethod, ICalCalendarMethod> = {
  PUBLISH: ICalCalendarMethod.PUBLISH,
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
};

/**
 * The invite as iCalendar text. Times are written in UTC, and the property's zone is named (X-WR-TIMEZONE) for
 * calendars that show it. RFC 5545 puts calendar properties before the components (§3.4, §3.6) and ends every
 * content line, the last included, with CRLF; ical-generator writes its x-properties after the events and no CRLF
 * after END:VCALENDAR, so the zone is written in place and the final CRLF added here.
 */
export function appointmentCalendar(invite: AppointmentInvite, method: InviteMethod): string {
  const generated = generateCalendar(invite, method);
  const zoneLine = `X-WR-TIMEZONE:${appointmentTimeZoneOf(invite.state).zone}\r\n`;
  const firstComponent = generated.indexOf('BEGIN:VEVENT');
  const text = `${generated.slice(0, firstComponent)}${zoneLine}${generated.slice(firstComponent)}`;
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

function generateCalendar(invite: AppointmentInvite, method: InviteMethod): string {
  const start = inviteStartsAt(invite);
  const calendar = ical({ name: 'Listwise appointment', prodId: { company: 'Listwise', product: 'appointments', language: 'EN' } });
  calendar.method(METHODS[method]);
  const event = calendar.createEvent({
    id: uidOf(invite.appointmentId, invite.appUrl),
    sequence: invite.sequence,
    start,
    end: new Date(start.getTime() + APPOINTMENT_LENGTH_MS),
    stamp: invite.stamp,
    summary: invite.summary,
    description: invite.description,
    location: invite.location,
    url: invite.appUrl,
    organizer: { name: invite.organizer.name, email: invite.organizer.email },
    // Until the agent confirms with the seller, the time is what the seller asked for, not an agreed meeting; a
    // cancelled appointment's download says so too, so importing it never brings the event back.
    status: method === 'CANCEL' || invite.isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.TENTATIVE,
  });
  // PUBLISH must not name attendees (RFC 5546 §3.2.1); REQUEST and CANCEL name everyone the event is for.
  if (method !== 'PUBLISH') {
    if (invite.agent) {
      event.createAttendee({
        name: invite.agent.name,
        email: invite.agent.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: false,
      });
    }
    if (invite.seller) {
      event.createAttendee({
        name: invite.seller.name,
        email: invite.seller.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      });
    }
  }
  return calendar.toString();
}

/** The invite as an e-mail attachment, its Content-Type naming the method as iMIP (RFC 6047) asks. */
export function appointmentInviteAttachment(invite: AppointmentInvite, method: Exclude<InviteMethod, 'PUBLISH'>): EmailAttachment {
  return {
    filename: method === 'CANCEL' ? 'cancelled-appointment.ics' : 'appointment.ics',
    contentType: `text/calendar; method=${method}; charset=utf-8`,
    contentBase64: Buffer.from(appointmentCalendar(invite, method), 'utf8').toString('base64'),
  };
}

/** 'Add to Google Calendar': Google's event template link with the same times, title, place and details. */
export function googleCalendarUrl(invite: AppointmentInvite): string {
  const start = inviteStartsAt(invite);
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
    ctz: appointmentTimeZoneOf(invite.state).zone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
