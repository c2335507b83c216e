import { gstPartOfInclusiveCents } from './pricing.ts';

/**
 * Tax invoices for what agents pay (every lead fee e-mails one). An Australian tax invoice names the
 * supplier and its ABN, says 'Tax invoice', has a date and number, describes what was sold, and shows the GST.
 */

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * The ABR's check: subtract 1 from the first digit, weight the 11 digits, and the sum is a multiple of 89.
 * Spaces are ignored ('51 824 753 556').
 */
export const isValidAbn = (value: string): boolean => {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index]!, 0);
  return sum % 89 === 0;
};

/**
 * The agency's ABN as the agent gives it: blank clears it (null), otherwise 11 digits (spaces
 * allowed) passing the ABR check, stored without spaces; anything else is `undefined` (the caller answers invalid_abn).
 */
export const normaliseAgencyAbn = (value: string | null): string | null | undefined => {
  if (value === null || value.trim() === '') return null;
  return isValidAbn(value) ? value.replace(/\s+/g, '') : undefined;
};

/** '51824753556' → '51 824 753 556', the way an ABN is printed. */
export const formatAbn = (value: string): string => {
  const d = value.replace(/\s+/g, '');
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8, 11)}`;
};

/** 'LW-000042': invoice numbers run in one sequence, padded so they sort as text too. */
export const formatInvoiceNumber = (sequence: number): string => `LW-${String(sequence).padStart(6, '0')}`;

/** A GST-inclusive amount split the way the invoice prints it: the parts always add up to the total. */
export const invoiceAmounts = (totalCents: number) => {
  const gstCents = gstPartOfInclusiveCents(totalCents);
  return { excludingGstCents: totalCents - gstCents, gstCents, totalCents };
};
