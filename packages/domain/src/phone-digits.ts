/**
 * The form rule for phone numbers, apart from phone.ts: forms validate with it on pages that never format a
 * number, and phone.ts brings in libphonenumber-js (over 100 KB) that such pages must not download.
 */
export const startsWithTenDigits = (value: string): boolean => /^\d{10}/.test(value.replace(/\s+/g, ''));
