import type { AustralianState } from './enums.ts';

/**
 * Australian time zones. Dates people read (e-mails, the contract-date rule, an ABA file's processing date) are
 * the calendar date where the property or the business is, never the server's zone: a server on UTC would
 * otherwise show a subscription ending the day before the web app (in the reader's browser) does.
 */
export const LISTWISE_TIME_ZONE = 'Australia/Sydney';

/** The zone of each state and territory's capital (the zone most of its people live in). */
export const TIME_ZONE_OF_STATE: Record<AustralianState, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};

/** The zone of a state ('NSW', 'wa'), or Listwise's own zone when the state is unknown. */
export const timeZoneOfState = (state: string | null | undefined): string =>
  (state && TIME_ZONE_OF_STATE[state.trim().toUpperCase() as AustralianState]) || LISTWISE_TIME_ZONE;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(value: Date, timeZone: string) {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    partFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(value).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day! };
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export const calendarDateIn = (value: Date | string, timeZone: string = LISTWISE_TIME_ZONE): string => {
  const { year, month, day } = partsIn(new Date(value), timeZone);
  return `${year}-${month}-${day}`;
};
