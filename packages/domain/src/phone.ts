import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Australian phone numbers: typed and shown in national format with a leading 0 ('0412 345 678'),
 * sent and stored in international format ('+61412345678').
 */
export { startsWithTenDigits } from './phone-digits.ts';

/** International (E.164) form, or null when the number does not parse as Australian. */
export const toInternationalPhone = (value: string): string | null => {
  const parsed = parsePhoneNumberFromString(value.replace(/\s+/g, ''), 'AU');
  return parsed && parsed.isValid() ? parsed.number : null;
};

/** National format with a leading 0; returns the input unchanged when it cannot be parsed. */
export const toNationalPhone = (value: string | null | undefined): string => {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value, 'AU');
  return parsed ? parsed.formatNational() : value;
};
