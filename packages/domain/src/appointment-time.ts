import type { AustralianState } from './enums.ts';
import { calendarDateIn, timeZoneOfState } from './time-zones.ts';

/**
 * Appointment dates and times. An appointment is a wall-clock date and time where the property
 * is ('2027-04-03', '10:30:00'): every screen and e-mail shows it in the property's zone and names that zone
 * ('Saturday 3 April, 10:30am Sydney time'), whatever zone the reader's device or the server is in. Nothing here
 * reads the machine's zone: dates are worked out with UTC arithmetic and Intl with an explicit zone.
 */

/** The city each state's zone is known by: Canberra keeps Sydney's clock but is named for itself. */
const CITY_OF_STATE: Record<AustralianState, string> = {
  NSW: 'Sydney',
  ACT: 'Canberra',
  VIC: 'Melbourne',
  QLD: 'Brisbane',
  SA: 'Adelaide',
  WA: 'Perth',
  TAS: 'Hobart',
  NT: 'Darwin',
};

export interface AppointmentTimeZone {
  /** IANA zone, e.g. 'Australia/Sydney'. */
  zone: string;
  /** How the zone is named after a time: 'Sydney time'. */
  label: string;
}

/** The zone of a property in a state ('NSW', 'wa'); an unknown state keeps Listwise's own zone (Sydney). */
export function appointmentTimeZoneOf(state: string | null | undefined): AppointmentTimeZone {
  const key = state?.trim().toUpperCase() as AustralianState | undefined;
  const city = (key && CITY_OF_STATE[key]) || 'Sydney';
  return { zone: timeZoneOfState(state), label: `${city} time` };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const splitDate = (date: string) => date.split('-').map(Number) as [number, number, number];

/** 'Saturday 3 April' from '2027-04-03' (spec §9: weekday day month), the same in every zone. */
export function formatAppointmentDay(date: string): string {
  const [y, m, d] = splitDate(date);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${d} ${MONTHS[m - 1]}`;
}

/** '10:30am' from '10:30:00' (spec §9: h:mma). */
export function formatAppointmentClock(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

/** '10:30am Sydney time'. */
export const formatAppointmentClockIn = (time: string, state: string | null | undefined): string =>
  `${formatAppointmentClock(time)} ${appointmentTimeZoneOf(state).label}`;

/** 'Saturday 3 April, 10:30am Sydney time': an appointment as every screen and e-mail shows it. */
export const formatAppointmentWhen = (appointment: { date: string; time: string }, state: string | null | undefined): string =>
  `${formatAppointmentDay(appointment.date)}, ${formatAppointmentClockIn(appointment.time, state)}`;

/** Today's date (YYYY-MM-DD) where the property is: the first day its appointment calendar offers. */
export const appointmentTodayIn = (now: Date, state: string | null | undefined): string =>
  calendarDateIn(now, appointmentTimeZoneOf(state).zone);

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
  const [y, m, d] = splitDate(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset on either side of a daylight-saving change.
  let instant = wall - zoneOffsetMs(zone, wall);
  instant = wall - zoneOffsetMs(zone, instant);
  return new Date(instant);
}

/** When an appointment at a property in `state` starts, as an instant. */
export const appointmentStartsAt = (appointment: { date: string; time: string }, state: string | null | undefined): Date =>
  zonedTimeToInstant(appointment.date, appointment.time, appointmentTimeZoneOf(state).zone);
