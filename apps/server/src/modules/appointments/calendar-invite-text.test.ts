import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentCalendar, appointmentInviteAttachment, type AppointmentInvite } from './calendar-invite.ts';

/**
 * The iCalendar text itself (RFC 5545 §3.1, RFC 5546): CRLF line ends, lines folded at 75 octets (multi-byte
 * characters never split), TEXT values escaped, and what each iTIP method must and must not carry. No server.
 */
const invite = (overrides: Partial<AppointmentInvite> = {}): AppointmentInvite => ({
  appointmentId: '6f1d1c9e-0000-4000-8000-000000000001',
  date: '2027-04-03',
  time: '10:30:00',
  state: 'NSW',
  summary: 'Appraisal appointment: 2/14 Campbell Parade, Bondi NSW',
  description: 'Requested by Zoë Ng; note: gate code 1234, park on the street\nSecond line',
  location: '2/14 Campbell Parade, Bondi NSW 2026',
  appUrl: 'https://listwise.example',
  stamp: new Date('2027-03-30T01:02:03Z'),
  sequence: 0,
  isCancelled: false,
  organizer: { name: 'Listwise', email: 'no-reply@listwise.example' },
  agent: { name: 'Olivia Agent', email: 'olivia@agency.example' },
  seller: { name: 'Zoë Ng', email: 'zoe@seller.example' },
  ...overrides,
});

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, event };
}

describe('appointment invites as iCalendar text', () => {
  it('ends every line with CRLF and folds long lines at 75 octets without splitting a character', () => {
    const longNote = `${'Ünïcödé '.repeat(30)}— €uro and emoji 🏠🏠🏠 at the end`;
    const text = appointmentCalendar(invite({ description: longNote }), 'REQUEST');
    // The last line too (RFC 5545 §3.1: every content line is delimited by CRLF).
    expect(text.endsWith('\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    // The description was long enough to need folding; continuation lines begin with one space.
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    // Unfolding (RFC 5545 §3.1) gives back the exact value: no character was cut in half.
    expect(String(parse(text).event.getFirstPropertyValue('description'))).toBe(longNote);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text values', () => {
    const text = appointmentCalendar(invite({ description: 'a, b; c \\ d\ne' }), 'REQUEST');
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('DESCRIPTION:a\\, b\\; c \\\\ d\\ne');
    expect(String(parse(text).event.getFirstPropertyValue('description'))).toBe('a, b; c \\ d\ne');
    expect(String(parse(text).event.getFirstPropertyValue('location'))).toBe('2/14 Campbell Parade, Bondi NSW 2026');
  });

  it('PUBLISH (the download) names the organizer and no attendee', () => {
    const text = appointmentCalendar(invite(), 'PUBLISH');
    const { calendar, event } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(String(event.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:no-reply@listwise.example');
    expect(event.getAllProperties('attendee')).toHaveLength(0);
    expect(event.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2027-04-02T23:30:00.000Z');
  });

  it('REQUEST names the organizer and both attendees; the agent needs to act, the seller asked', () => {
    const { calendar, event } = parse(appointmentCalendar(invite({ sequence: 2 }), 'REQUEST'));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('sequence')).toBe(2);
    const attendees = event.getAllProperties('attendee').map((p) => ({
      address: String(p.getFirstValue()).toLowerCase(),
      partstat: p.getParameter('partstat'),
      cn: p.getParameter('cn'),
    }));
    expect(attendees).toEqual([
      { address: 'mailto:olivia@agency.example', partstat: 'NEEDS-ACTION', cn: 'Olivia Agent' },
      { address: 'mailto:zoe@seller.example', partstat: 'ACCEPTED', cn: 'Zoë Ng' },
    ]);
    expect(event.getFirstProperty('organizer')!.getParameter('cn')).toBe('Listwise');
  });

  it('CANCEL keeps the UID, raises nothing itself (the caller’s SEQUENCE) and says CANCELLED', () => {
    const requested = parse(appointmentCalendar(invite({ sequence: 1 }), 'REQUEST'));
    const cancelled = parse(appointmentCalendar(invite({ sequence: 2, stamp: new Date('2027-04-01T00:00:00Z') }), 'CANCEL'));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.event.getFirstPropertyValue('uid')).toBe(requested.event.getFirstPropertyValue('uid'));
    expect(cancelled.event.getFirstPropertyValue('sequence')).toBe(2);
    expect(cancelled.event.getAllProperties('attendee')).toHaveLength(2);
  });

  it('writes the calendar properties, X-WR-TIMEZONE among them, before the event (RFC 5545 §3.4, §3.6)', () => {
    for (const method of ['PUBLISH', 'REQUEST', 'CANCEL'] as const) {
      const lines = appointmentCalendar(invite({ state: 'WA' }), method).split('\r\n');
      const zone = lines.indexOf('X-WR-TIMEZONE:Australia/Perth');
      expect(zone).toBeGreaterThan(lines.indexOf('BEGIN:VCALENDAR'));
      expect(zone).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
      expect(lines.filter((line) => line.startsWith('X-WR-TIMEZONE'))).toHaveLength(1);
      expect(parse(lines.join('\r\n')).calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Australia/Perth');
    }
  });

  it('a cancelled appointment’s download (PUBLISH) says CANCELLED, so importing it never brings the event back', () => {
    const { calendar, event } = parse(appointmentCalendar(invite({ sequence: 2, isCancelled: true }), 'PUBLISH'));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.getFirstPropertyValue('sequence')).toBe(2);
  });

  it('names the method in the attachment’s Content-Type (iMIP)', () => {
    expect(appointmentInviteAttachment(invite(), 'REQUEST').contentType).toBe('text/calendar; method=REQUEST; charset=utf-8');
    const cancel = appointmentInviteAttachment(invite(), 'CANCEL');
    expect(cancel.contentType).toBe('text/calendar; method=CANCEL; charset=utf-8');
    expect(Buffer.from(cancel.contentBase64, 'base64').toString('utf8')).toContain('METHOD:CANCEL\r\n');
  });
});
