import { dollarsToCents, centsToDollars } from './pricing.ts';
import { calendarDateIn, LISTWISE_TIME_ZONE } from './time-zones.ts';

/**
 * Display formats of spec §9. A date is the calendar date in Listwise's zone (Australia/Sydney), never the device's:
 * the e-mails, the tax invoice and the screens name the same day for a charge, a renewal or a claim, whether the
 * user reads them in Perth, in London or at 00:30 in Sydney (when UTC is still on the day before).
 */
export const formatDate = (value: string | Date): string => formatDateInZone(value);
export const formatDatePadded = (value: string | Date): string => formatDateInZone(value).padStart(11, '0');
// Appointment dates and times, always in the property's zone: see appointment-time.ts.

const thousands = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 });
const withCents = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatNumber = (value: number): string => thousands.format(value);

/**
 * Dollars as people write them: whole amounts without cents ('$1,100'), anything else with both cent digits
 * ('$1,234.50', never '$1,234.5'). Negative amounts put the sign first ('-$12.50').
 */
export const formatDollars = (value: number): string => {
  const isWhole = dollarsToCents(value) % 100 === 0;
  const digits = (isWhole ? thousands : withCents).format(Math.abs(value));
  return `${value < 0 ? '-' : ''}$${digits}`;
};

/** An amount kept in cents, printed as formatDollars prints dollars ('$1,234.50'). */
export const formatCents = (cents: number): string => formatDollars(centsToDollars(cents));

/**
 * Money shorthand: under a million a floored thousands style ('$650k', '$0k'); a million or more in
 * millions to one decimal in 100k steps ('$1.2m'); a missing value '?'.
 */
export const formatMoneyShort = (value: number | null | undefined): string => {
  if (value === null || value === undefined || Number.isNaN(value)) return '?';
  if (value >= 1_000_000) return `$${(Math.floor(value / 100_000) / 10).toFixed(1).replace(/\.0$/, '')}m`;
  return `$${Math.floor(value / 1000)}k`;
};

/** 'Xh left' when at least an hour remains (rounded), otherwise 'Xm left'. */
export const formatTimeLeft = (expiresAt: string | Date, now: Date = new Date()): string => {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms >= 60 * 60 * 1000) return `${Math.round(ms / (60 * 60 * 1000))}h left`;
  return `${Math.max(0, Math.round(ms / 60_000))}m left`;
};

/** Prefix https:// on a link that has no scheme. */
export const withScheme = (url: string): string => (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);

/**
 * The site a link an agent typed leads to ('realestate.com.au'), shown beside it so the seller sees where they
 * are going before they follow it; null when it is not a web address.
 */
export function linkDomain(url: string): string | null {
  // The host of an http(s) address: after the scheme and any user info, up to the port, path, query or fragment.
  const match = /^https?:\/\/(?:[^@/?#]*@)?([^:/?#]+)/i.exec(withScheme(url.trim()));
  const host = match?.[1]?.toLowerCase().replace(/^www\./, '');
  return host && /^[a-z0-9.-]+$/.test(host) && host.includes('.') ? host : null;
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'd MMM yyyy' of the calendar date an instant falls on in a zone (default Australia/Sydney), whatever the
 * machine's zone: what e-mails and documents written on the server use, so they agree with the web app.
 */
export const formatDateInZone = (value: string | Date, timeZone: string = LISTWISE_TIME_ZONE): string => {
  const [year, month, day] = calendarDateIn(value, timeZone).split('-').map(Number);
  return `${day} ${MONTHS_SHORT[month! - 1]} ${year}`;
};

/** '25 Nov 2026, 9:41 am AEDT': an instant in Listwise's zone, with the zone named (the console's logs). */
export const formatDateTimeInZone = (value: string | Date, timeZone: string = LISTWISE_TIME_ZONE): string => {
  const time = new Date(value).toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
  return `${formatDateInZone(value, timeZone)}, ${time}`;
};

/** 'd MMM yyyy' of a calendar date written YYYY-MM-DD (a contract date), with no time zone to shift it. */
export const formatCalendarDate = (isoDate: string): string => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS_SHORT[month! - 1]} ${year}`;
};

/** A count answer of the listing wizard (1 to 5, where 5 means '5+'). */
export const countLabel = (n: number) => (n >= 5 ? '5+' : String(n));
