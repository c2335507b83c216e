import { describe, expect, it } from 'vitest';
import { ABA_LINE_END, ABA_RECORD_LENGTH, buildAbaFile, type AbaPayer } from './aba-file.ts';
import { formatCalendarDate, formatCents, formatDateInZone, formatDateTimeInZone, formatDollars } from './format.ts';
import { percentOf, roundTo } from './numbers.ts';
import { centsToDecimalText, centsToDollars, dollarsToCents, isWholeCents } from './pricing.ts';
import { bankDetailsSchema, contractDateProblem, normaliseBsb, SALE_MESSAGES } from './sale-validation.ts';
import { formatAbn, formatInvoiceNumber, invoiceAmounts, isValidAbn, normaliseAgencyAbn } from './tax-invoice.ts';
import { calendarDateIn, timeZoneOfState } from './time-zones.ts';

const firstIssue = (input: Record<string, unknown>) => {
  const result = bankDetailsSchema.safeParse({ accountName: 'Jo Citizen', bsb: '062000', accountNumber: '12345678', ...input });
  return result.success ? null : { field: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
};

describe('formatDollars', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [1234.56, '$1,234.56'],
    [1100, '$1,100'],
    [0, '$0'],
    [0.5, '$0.50'],
    [1_000_000, '$1,000,000'],
    [-12.5, '-$12.50'],
  ])('%s is %s', (value, text) => expect(formatDollars(value)).toBe(text));
});

describe('money conversion (the one home of * 100 and / 100)', () => {
  it('turns dollars into whole cents, rounding binary noise at the cent', () => {
    expect(dollarsToCents(12.5)).toBe(1250);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1100.0000000000002)).toBe(110_000);
    expect(centsToDollars(1250)).toBe(12.5);
  });
  it.each([
    [1250, '$12.50'],
    [110_000, '$1,100'],
    [5, '$0.05'],
    [-1250, '-$12.50'],
  ])('prints %s cents as %s', (cents, text) => expect(formatCents(cents)).toBe(text));
  it('writes cents as a plain decimal for files', () => {
    expect(centsToDecimalText(123_450)).toBe('1234.50');
    expect(centsToDecimalText(5)).toBe('0.05');
    expect(centsToDecimalText(0)).toBe('0.00');
  });
  it('knows a whole number of cents', () => {
    expect(isWholeCents(12.3)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(1_000_000)).toBe(true);
    expect(isWholeCents(12.345)).toBe(false);
  });
});

describe('numbers that are not money', () => {
  it('gives a part of a whole as a percentage', () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(0.5)).toBe(50);
    expect(percentOf(3, 3)).toBe(100);
  });
  it('rounds to decimal places', () => {
    expect(roundTo(1.234, 2)).toBe(1.23);
    expect(roundTo(1.235, 1)).toBe(1.2);
    expect(roundTo(12_345.6, 0)).toBe(12_346);
  });
});

describe('dates in Australian zones', () => {
  // 13:30 UTC on 30 June is already 1 July in Sydney (UTC+10) but still 30 June in Perth (UTC+8).
  const instant = new Date('2026-06-30T15:30:00Z');
  it('reads the calendar date where the reader is, not where the server is', () => {
    expect(calendarDateIn(instant, 'Australia/Sydney')).toBe('2026-07-01');
    expect(calendarDateIn(instant, 'Australia/Perth')).toBe('2026-06-30');
    expect(formatDateInZone(instant)).toBe('1 Jul 2026');
    expect(formatDateInZone(instant, timeZoneOfState('WA'))).toBe('30 Jun 2026');
    expect(formatDateTimeInZone('2026-11-25T22:41:00Z')).toBe('26 Nov 2026, 9:41 am AEDT');
  });
  it('follows daylight saving (Sydney is UTC+11 in January)', () => {
    expect(calendarDateIn(new Date('2026-01-14T13:30:00Z'), 'Australia/Sydney')).toBe('2026-01-15');
    expect(calendarDateIn(new Date('2026-01-14T12:30:00Z'), 'Australia/Sydney')).toBe('2026-01-14');
  });
  it('knows each state, and falls back to Sydney', () => {
    expect(timeZoneOfState('vic')).toBe('Australia/Melbourne');
    expect(timeZoneOfState('ACT')).toBe('Australia/Sydney');
    expect(timeZoneOfState(null)).toBe('Australia/Sydney');
    expect(timeZoneOfState('XX')).toBe('Australia/Sydney');
  });
  it('prints a calendar date without shifting it', () => expect(formatCalendarDate('2026-03-05')).toBe('5 Mar 2026'));
});

describe('bank details', () => {
  it('accepts a BSB typed with a dash, a space or neither, and normalises it', () => {
    for (const bsb of ['062-000', '062 000', '062000', ' 062-000 ']) {
      expect(bankDetailsSchema.parse({ accountName: 'Jo', bsb, accountNumber: '12345678' }).bsb).toBe('062000');
    }
    expect(normaliseBsb('06-2000')).toBe('06-2000');
  });
  it.each([
    [{ bsb: '' }, 'bsb', SALE_MESSAGES.bsbRequired],
    [{ bsb: '06200' }, 'bsb', 'BSB must be 6 digits'],
    [{ bsb: '0620000' }, 'bsb', 'BSB must be 6 digits'],
    [{ bsb: '06-2000' }, 'bsb', SALE_MESSAGES.bsbInvalid],
    [{ bsb: '062--000' }, 'bsb', SALE_MESSAGES.bsbInvalid],
    [{ bsb: 'abc-def' }, 'bsb', SALE_MESSAGES.bsbInvalid],
    [{ accountNumber: '' }, 'accountNumber', SALE_MESSAGES.accountNumberRequired],
    [{ accountNumber: 'abc12345678901234567890' }, 'accountNumber', 'Account number must be 5 to 9 digits'],
    [{ accountNumber: '1234' }, 'accountNumber', 'Account number must be 5 to 9 digits'],
    [{ accountNumber: '1234567890' }, 'accountNumber', 'Account number must be 5 to 9 digits'],
    [{ accountNumber: '1234-5678' }, 'accountNumber', 'Account number must be 5 to 9 digits'],
    [{ accountName: '   ' }, 'accountName', SALE_MESSAGES.accountNameRequired],
    [{ accountName: 'A'.repeat(33) }, 'accountName', 'Account name must be at most 32 characters'],
    [{ accountName: 'Jo <script>' }, 'accountName', SALE_MESSAGES.accountNameInvalid],
    [{ accountName: 'Zoë Citizen' }, 'accountName', SALE_MESSAGES.accountNameInvalid],
  ])('%o is refused on %s: %s', (input, field, message) => expect(firstIssue(input)).toEqual({ field, message }));
  it('accepts 5 to 9 digits typed with spaces, and ordinary account names', () => {
    expect(bankDetailsSchema.parse({ accountName: "  O'Brien  &  Sons (Trust) P/L ", bsb: '062000', accountNumber: '1234 5678' })).toEqual({
      accountName: "O'Brien & Sons (Trust) P/L",
      bsb: '062000',
      accountNumber: '12345678',
    });
    expect(firstIssue({ accountNumber: '12345' })).toBeNull();
    expect(firstIssue({ accountNumber: '123456789' })).toBeNull();
    expect(firstIssue({ accountName: 'A'.repeat(32) })).toBeNull();
  });
});

describe('contract date', () => {
  const bounds = { today: '2026-11-24', listedOn: '2026-10-01' };
  it('refuses a day after today and a day before the listing', () => {
    expect(contractDateProblem('2026-11-25', bounds)).toBe('contract_date_in_future');
    expect(contractDateProblem('2027-01-01', bounds)).toBe('contract_date_in_future');
    expect(contractDateProblem('2026-09-30', bounds)).toBe('contract_date_before_listing');
  });
  it('accepts today, the listing day and anything between', () => {
    expect(contractDateProblem('2026-11-24', bounds)).toBeNull();
    expect(contractDateProblem('2026-10-01', bounds)).toBeNull();
    expect(contractDateProblem('2020-01-01', { today: '2026-11-24', listedOn: null })).toBeNull();
  });
});

describe('ABA file', () => {
  const payer: AbaPayer = {
    financialInstitution: 'CBA',
    userName: 'Listwise Pty Ltd',
    apcaUserId: '301500',
    description: 'CASHBACK',
    traceBsb: '062000',
    traceAccountNumber: '12345678',
    remitterName: 'LISTWISE',
  };
  const payments = [
    { bsb: '062111', accountNumber: '98765432', accountName: 'Jo Citizen', amountCents: 50_000, lodgementReference: 'CASHBACK 1A2B3C4D' },
    {
      bsb: '732000',
      accountNumber: '12345',
      accountName: "Sam O'Neil & Zoë",
      amountCents: 123_450,
      lodgementReference: 'CASHBACK 9F8E7D6C',
    },
  ];
  const file = buildAbaFile(payer, payments, '2026-11-24');
  const records = file.split(ABA_LINE_END);

  it('ends every record with CRLF and makes each exactly 120 characters', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    expect(records.pop()).toBe('');
    expect(records).toHaveLength(4);
    for (const record of records) expect(record).toHaveLength(ABA_RECORD_LENGTH);
    expect(file).not.toMatch(/[^\r]\n/);
  });

  it('writes the descriptive record', () => {
    const [header] = records;
    expect(header!.slice(0, 1)).toBe('0');
    expect(header!.slice(18, 20)).toBe('01');
    expect(header!.slice(20, 23)).toBe('CBA');
    expect(header!.slice(30, 56)).toBe('Listwise Pty Ltd'.padEnd(26));
    expect(header!.slice(56, 62)).toBe('301500');
    expect(header!.slice(62, 74)).toBe('CASHBACK    ');
    expect(header!.slice(74, 80)).toBe('241126');
  });

  it('writes a detail record per payment', () => {
    const detail = records[1]!;
    expect(detail.slice(0, 1)).toBe('1');
    expect(detail.slice(1, 8)).toBe('062-111');
    expect(detail.slice(8, 17)).toBe(' 98765432');
    expect(detail.slice(17, 18)).toBe(' ');
    expect(detail.slice(18, 20)).toBe('50');
    expect(detail.slice(20, 30)).toBe('0000050000');
    expect(detail.slice(30, 62)).toBe('Jo Citizen'.padEnd(32));
    expect(detail.slice(62, 80)).toBe('CASHBACK 1A2B3C4D ');
    expect(detail.slice(80, 87)).toBe('062-000');
    expect(detail.slice(87, 96)).toBe(' 12345678');
    expect(detail.slice(96, 112)).toBe('LISTWISE'.padEnd(16));
    expect(detail.slice(112, 120)).toBe('00000000');
    // A character outside the BECS set becomes a space: the record keeps its width.
    expect(records[2]!.slice(30, 62)).toBe("Sam O'Neil & Zo ".padEnd(32));
    expect(records[2]!.slice(8, 17)).toBe('    12345');
  });

  it('totals the file: net, credits, debits and the count of detail records', () => {
    const total = records[3]!;
    expect(total.slice(0, 8)).toBe('7999-999');
    expect(total.slice(8, 20)).toBe(' '.repeat(12));
    expect(total.slice(20, 30)).toBe('0000173450');
    expect(total.slice(30, 40)).toBe('0000173450');
    expect(total.slice(40, 50)).toBe('0000000000');
    expect(total.slice(74, 80)).toBe('000002');
  });

  it('refuses what a bank would reject rather than write a broken file', () => {
    expect(() => buildAbaFile(payer, [{ ...payments[0]!, bsb: '06211' }], '2026-11-24')).toThrow(/BSB/);
    expect(() => buildAbaFile(payer, [{ ...payments[0]!, accountNumber: '1234567890' }], '2026-11-24')).toThrow(/account number/);
    expect(() => buildAbaFile(payer, [{ ...payments[0]!, amountCents: 12.5 }], '2026-11-24')).toThrow(/amount/);
    expect(() => buildAbaFile({ ...payer, apcaUserId: 'ABC' }, payments, '2026-11-24')).toThrow(/APCA/);
  });
});

describe('tax invoices', () => {
  it('checks and prints an ABN', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });
  it("normalises the agency's ABN: blank clears it, a valid one loses its spaces, anything else is refused", () => {
    expect(normaliseAgencyAbn(null)).toBeNull();
    expect(normaliseAgencyAbn('  ')).toBeNull();
    expect(normaliseAgencyAbn(' 51 824 753 556 ')).toBe('51824753556');
    expect(normaliseAgencyAbn('51 824 753 557')).toBeUndefined();
    expect(normaliseAgencyAbn('ABN 51824753556')).toBeUndefined();
  });
  it('numbers invoices and splits the GST out of the total', () => {
    expect(formatInvoiceNumber(42)).toBe('LW-000042');
    expect(invoiceAmounts(110_000)).toEqual({ excludingGstCents: 100_000, gstCents: 10_000, totalCents: 110_000 });
    const odd = invoiceAmounts(12_345);
    expect(odd.excludingGstCents + odd.gstCents).toBe(12_345);
  });
});
