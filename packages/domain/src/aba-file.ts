import { formatBsb } from './sale-validation.ts';

/**
 * The Australian Direct Entry file (the 'ABA' or Cemtex format, BECS procedures) that pays cashback claims:
 * every bank's business banking imports it. Fixed-width records of exactly 120 characters, CRLF after each:
 * - type 0, the descriptive record: the paying bank's abbreviation, the user's name and APCA user id, a
 *   description and the processing date;
 * - type 1, one detail record per payment: the payee's BSB and account, transaction code 50 (a credit), the
 *   amount in cents, the payee's account name, the lodgement reference the payee sees on their statement, the
 *   trace account (where a rejected payment returns: Listwise's own) and the remitter's name;
 * - type 7, the file total record: net, credit and debit totals in cents and the count of type 1 records.
 * By default the file holds credits only; some banks want it to balance, with one more detail record debiting the
 * payer's own (trace) account for the total (transaction code 13), which an operator setting turns on.
 */

export const ABA_RECORD_LENGTH = 120;
export const ABA_LINE_END = '\r\n';
/** Transaction code of an externally initiated credit ('general credit'). */
export const ABA_CREDIT_CODE = '50';
/** Transaction code of the balancing debit from the payer's own account ('externally initiated debit'). */
export const ABA_DEBIT_CODE = '13';
/** The largest amount one record or total can carry: ten digits of cents. */
export const ABA_MAX_AMOUNT_CENTS = 9_999_999_999;

export interface AbaPayer {
  /** The paying bank's three-letter abbreviation, e.g. 'CBA', 'WBC', 'NAB', 'ANZ'. */
  financialInstitution: string;
  /** The user's name as the bank registered it for Direct Entry (26 characters at most). */
  userName: string;
  /** The six-digit APCA user identification number the bank issued. */
  apcaUserId: string;
  /** What the file is, e.g. 'CASHBACK' (12 characters at most). */
  description: string;
  /** Where returned payments go (Listwise's account): BSB as 6 digits and the account number. */
  traceBsb: string;
  traceAccountNumber: string;
  /** The name payees see the money came from (16 characters at most). */
  remitterName: string;
}

export interface AbaPayment {
  bsb: string;
  accountNumber: string;
  accountName: string;
  amountCents: number;
  /** What the payee's statement shows (18 characters at most). */
  lodgementReference: string;
}

/** Characters BECS accepts; anything else (an accent, a newline) becomes a space so the record keeps its width. */
const toBecs = (value: string): string => value.replace(/[^A-Za-z0-9 &'()*+,\-./:;<=>?@[\]^_`{|}~!"#$%\\]/g, ' ');

const left = (value: string, width: number): string => toBecs(value).slice(0, width).padEnd(width, ' ');
const right = (value: string, width: number, fill: ' ' | '0'): string => {
  if (value.length > width) throw new Error(`ABA field '${value}' is wider than ${width} characters`);
  return value.padStart(width, fill);
};
const blank = (width: number): string => ' '.repeat(width);
const cents = (amount: number, width = 10): string => {
  if (!Number.isInteger(amount) || amount < 0 || amount > ABA_MAX_AMOUNT_CENTS)
    throw new Error(`ABA amount ${amount} is not whole cents in range`);
  return right(String(amount), width, '0');
};

const assertBsb = (bsb: string) => {
  if (!/^\d{6}$/.test(bsb)) throw new Error(`ABA BSB '${bsb}' is not 6 digits`);
  return formatBsb(bsb);
};
const assertAccountNumber = (accountNumber: string) => {
  if (!/^[0-9A-Za-z-]{1,9}$/.test(accountNumber)) throw new Error(`ABA account number '${accountNumber}' is not 1 to 9 characters`);
  return right(accountNumber, 9, ' ');
};

/** DDMMYY of a calendar date written YYYY-MM-DD. */
const ddmmyy = (isoDate: string): string => {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`ABA processing date '${isoDate}' is not YYYY-MM-DD`);
  return `${match[3]}${match[2]}${match[1]}`;
};

export function abaDescriptiveRecord(payer: AbaPayer, processingDate: string): string {
  if (!/^\d{1,6}$/.test(payer.apcaUserId)) throw new Error('ABA APCA user id must be up to 6 digits');
  if (!/^[A-Z]{3}$/.test(payer.financialInstitution)) throw new Error('ABA financial institution must be 3 capital letters');
  return [
    '0',
    blank(17),
    '01', // reel sequence number: one file, one reel
    payer.financialInstitution,
    blank(7),
    left(payer.userName, 26),
    right(payer.apcaUserId, 6, '0'),
    left(payer.description, 12),
    ddmmyy(processingDate),
    blank(40),
  ].join('');
}

export function abaDetailRecord(payer: AbaPayer, payment: AbaPayment, transactionCode: string = ABA_CREDIT_CODE): string {
  return [
    '1',
    assertBsb(payment.bsb),
    assertAccountNumber(payment.accountNumber),
    ' ', // indicator: a new payment, nothing withheld
    transactionCode,
    cents(payment.amountCents),
    left(payment.accountName, 32),
    left(payment.lodgementReference, 18),
    assertBsb(payer.traceBsb),
    assertAccountNumber(payer.traceAccountNumber),
    left(payer.remitterName, 16),
    '00000000', // withholding tax: none
  ].join('');
}

export function abaFileTotalRecord(creditCents: number, debitCents: number, count: number): string {
  return [
    '7',
    '999-999',
    blank(12),
    cents(Math.abs(creditCents - debitCents)),
    cents(creditCents),
    cents(debitCents),
    blank(24),
    right(String(count), 6, '0'),
    blank(40),
  ].join('');
}

/** The debit from the payer's own account that balances the credits, for banks that need the file to net to zero. */
export function abaBalancingRecord(payer: AbaPayer, creditCents: number): string {
  const payment = {
    bsb: payer.traceBsb,
    accountNumber: payer.traceAccountNumber,
    accountName: payer.userName,
    amountCents: creditCents,
    lodgementReference: payer.description,
  };
  return abaDetailRecord(payer, payment, ABA_DEBIT_CODE);
}

/**
 * The whole file: descriptive record, one detail record per payment (and the balancing debit when asked for), the
 * file total; each line CRLF-terminated.
 */
export function buildAbaFile(
  payer: AbaPayer,
  payments: readonly AbaPayment[],
  processingDate: string,
  options: { balancingRecord?: boolean } = {},
): string {
  const creditCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
  const balancing = options.balancingRecord ? [abaBalancingRecord(payer, creditCents)] : [];
  const records = [
    abaDescriptiveRecord(payer, processingDate),
    ...payments.map((payment) => abaDetailRecord(payer, payment)),
    ...balancing,
    abaFileTotalRecord(creditCents, balancing.length ? creditCents : 0, payments.length + balancing.length),
  ];
  return records.map((record) => record + ABA_LINE_END).join('');
}

const isWeekend = (isoDate: string) => {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};
const nextCalendarDay = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The processing date a payout file asks the bank for (YYYY-MM-DD): the first business day on or after `today`
 * (the calendar date in Sydney) that is not before `earliest` (the date a batch first asked for, so downloading it
 * again never moves it earlier). Banks do not process Direct Entry files at weekends, and a date already past is
 * rejected or processed at the bank's discretion, so neither is ever written. Public holidays are not known here:
 * a file made on one is processed the next business day, as the bank would anyway.
 */
export function abaProcessingDate(today: string, earliest?: string | null): string {
  let date = earliest && earliest > today ? earliest : today;
  while (isWeekend(date)) date = nextCalendarDay(date);
  return date;
}
