import { format } from 'date-fns';

/** Display formats of spec §9. */
export const formatDate = (value: string | Date): string => format(new Date(value), 'd MMM yyyy');
export const formatDatePadded = (value: string | Date): string => format(new Date(value), 'dd MMM yyyy');
export const formatAppointmentDate = (value: string | Date): string => format(new Date(value), 'EEEE d MMMM');

/** '2:30pm' from '14:30:00'. */
export const formatAppointmentTime = (hhmmss: string): string => {
  const [h, m] = hhmmss.split(':').map(Number);
  const d = new Date(2000, 0, 1, h, m);
  return format(d, 'h:mmaaa');
};

const thousands = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 });
export const formatNumber = (value: number): string => thousands.format(value);
export const formatDollars = (value: number): string => `$${thousands.format(value)}`;

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
