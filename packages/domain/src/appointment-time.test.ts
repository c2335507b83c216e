import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentNoteSchema } from './appraisal-validation.ts';
import {
  appointmentStartsAt,
  appointmentTimeZoneOf,
  appointmentTodayIn,
  formatAppointmentClock,
  formatAppointmentDay,
  formatAppointmentWhen,
  zonedTimeToInstant,
} from './appointment-time.ts';

// The device's zone is the process's TZ, which Node re-reads whenever it is set.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('appointment times in the property’s zone', () => {
  it('names the zone after the state’s city', () => {
    expect(appointmentTimeZoneOf('NSW')).toEqual({ zone: 'Australia/Sydney', label: 'Sydney time' });
    expect(appointmentTimeZoneOf('act')).toEqual({ zone: 'Australia/Sydney', label: 'Canberra time' });
    expect(appointmentTimeZoneOf('WA')).toEqual({ zone: 'Australia/Perth', label: 'Perth time' });
    expect(appointmentTimeZoneOf(null)).toEqual({ zone: 'Australia/Sydney', label: 'Sydney time' });
  });

  it('writes the spec’s weekday day month and h:mma, then the zone', () => {
    expect(formatAppointmentDay('2027-04-03')).toBe('Saturday 3 April');
    expect(formatAppointmentClock('10:30:00')).toBe('10:30am');
    expect(formatAppointmentClock('12:00:00')).toBe('12:00pm');
    expect(formatAppointmentClock('18:00:00')).toBe('6:00pm');
    expect(formatAppointmentWhen({ date: '2027-04-03', time: '10:30:00' }, 'NSW')).toBe('Saturday 3 April, 10:30am Sydney time');
    expect(formatAppointmentWhen({ date: '2027-12-31', time: '08:00:00' }, 'WA')).toBe('Friday 31 December, 8:00am Perth time');
  });

  it('says the same whatever zone the device is in', () => {
    const shown = () => [
      formatAppointmentWhen({ date: '2027-04-04', time: '10:30:00' }, 'NSW'),
      appointmentStartsAt({ date: '2027-04-04', time: '10:30:00' }, 'NSW').toISOString(),
    ];
    vi.stubEnv('TZ', 'Australia/Sydney');
    const inSydney = shown();
    for (const tz of ['America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      vi.stubEnv('TZ', tz);
      expect(shown()).toEqual(inSydney);
    }
    // Sunday 4 April 2027 is the day NSW leaves daylight saving: 10:30am is then AEST (+10).
    expect(inSydney).toEqual(['Sunday 4 April, 10:30am Sydney time', '2027-04-04T00:30:00.000Z']);
  });

  it('counts today where the property is', () => {
    // 11pm UTC on 2 April is already 3 April in Sydney, still 3 April 7am in Perth, and 2 April in New York.
    const now = new Date('2027-04-02T23:00:00Z');
    expect(appointmentTodayIn(now, 'NSW')).toBe('2027-04-03');
    expect(appointmentTodayIn(now, 'WA')).toBe('2027-04-03');
    expect(appointmentTodayIn(new Date('2027-04-02T15:00:00Z'), 'WA')).toBe('2027-04-02');
    expect(appointmentTodayIn(new Date('2027-04-02T15:00:00Z'), 'NSW')).toBe('2027-04-03');
  });

  it('finds the instant on either side of daylight saving', () => {
    expect(zonedTimeToInstant('2027-10-02', '10:00:00', 'Australia/Melbourne').toISOString()).toBe('2027-10-02T00:00:00.000Z');
    expect(zonedTimeToInstant('2027-10-04', '10:00:00', 'Australia/Melbourne').toISOString()).toBe('2027-10-03T23:00:00.000Z');
    expect(zonedTimeToInstant('2027-10-04', '10:00:00', 'Australia/Brisbane').toISOString()).toBe('2027-10-04T00:00:00.000Z');
  });
});

describe('the note for the agent', () => {
  const parse = (value: unknown) => appointmentNoteSchema.safeParse(value);

  it('is optional: nothing, blanks and whitespace are no note', () => {
    for (const empty of [undefined, null, '', '   ', '\n\t ']) expect(parse(empty)).toEqual({ success: true, data: null });
  });

  it('keeps to one line: line breaks and runs of spaces become one space', () => {
    expect(parse('  Gate code 1234.\r\n\r\nPark on   the street\u2028please ').data).toBe('Gate code 1234. Park on the street please');
  });

  it('takes at most 300 characters, counting an emoji as one', () => {
    expect(parse('a'.repeat(300)).success).toBe(true);
    expect(parse('🏠'.repeat(300)).success).toBe(true);
    expect(parse('a'.repeat(301)).error!.issues[0]!.message).toBe('Note must be at most 300 characters');
  });

  it('refuses control characters and direction overrides, and keeps markup as the text it is', () => {
    expect(parse('bell\u0007').error!.issues[0]!.message).toBe('Note must be plain text');
    expect(parse('evil\u202Etxt.exe').error!.issues[0]!.message).toBe('Note must be plain text');
    expect(parse('<b>Hi</b> & "bye"').data).toBe('<b>Hi</b> & "bye"');
  });
});
