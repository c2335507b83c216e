import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { buildAbaFile, type AbaPayer, type AbaPayment } from '@listwise/domain/aba-file';
import { centsToDecimalText } from '@listwise/domain/pricing';
import { formatBsb, normaliseAccountName, ACCOUNT_NAME_MAX_LENGTH } from '@listwise/domain/sale-validation';
import { calendarDateIn, LISTWISE_TIME_ZONE } from '@listwise/domain/time-zones';
import type { Tx } from '../../db/client.ts';
import { sellerProfiles, users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { describePropertyAddress } from '../notifications/property-address.ts';
import { openBankDetails } from './bank-details.ts';

/**
 * The payout files of the cashback claims that are PAYABLE: an ABA (Direct Entry) file the
 * operator uploads to Listwise's business banking, and the same payments as CSV for people and spreadsheets.
 * Bank details are decrypted here and only here; the console downloads the file after the operator re-enters
 * their password, and every download is audit-logged with the claims it held (modules/admin).
 */

export type PayoutFileFormat = 'ABA' | 'CSV';

export interface PayableClaim {
  claimId: string;
  amountCents: number;
  payableAt: Date | null;
  sellerName: string | null;
  sellerEmail: string | null;
  address: string;
  bsb: string;
  accountNumber: string;
  accountName: string;
  lodgementReference: string;
}

/** What the seller's statement shows: the word and the start of the claim id, so a query can be traced (18 characters). */
export const lodgementReferenceOf = (claimId: string) => `CASHBACK ${claimId.slice(0, 8).toUpperCase()}`;

/** Claims made before the account name was asked for fall back to the seller's name, cut to what the file holds. */
const accountNameFallback = (sellerName: string | null) =>
  normaliseAccountName((sellerName ?? '').replace(/[^A-Za-z0-9 &'(),\-./]/g, ' ')).slice(0, ACCOUNT_NAME_MAX_LENGTH) || 'ACCOUNT HOLDER';

/** The claims a condition selects, oldest payable first, with their clear bank details. */
async function findClaimsForPayout(db: Tx, appSecret: string, where: SQL): Promise<PayableClaim[]> {
  const rows = await db
    .select({ claim: cashbackClaims, property: properties, email: users.email, name: sellerProfiles.name })
    .from(cashbackClaims)
    .innerJoin(propertySales, eq(propertySales.id, cashbackClaims.propertySaleId))
    .innerJoin(properties, eq(properties.id, propertySales.propertyId))
    .innerJoin(users, eq(users.id, cashbackClaims.sellerUserId))
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, cashbackClaims.sellerUserId))
    .where(where)
    .orderBy(asc(cashbackClaims.payableAt), asc(cashbackClaims.id));
  const claims: PayableClaim[] = [];
  for (const { claim, property, email, name } of rows) {
    const bank = openBankDetails(appSecret, claim);
    claims.push({
      claimId: claim.id,
      amountCents: claim.amountCents,
      payableAt: claim.payableAt,
      sellerName: name,
      sellerEmail: email,
      address: await describePropertyAddress(db, property, { withStreet: true }),
      bsb: bank.bsb,
      accountNumber: bank.accountNumber,
      accountName: bank.accountName ?? accountNameFallback(name),
      lodgementReference: lodgementReferenceOf(claim.id),
    });
  }
  return claims;
}

/** Every PAYABLE claim (a PAYABLE claim is in no payout batch: a batch makes its claims IN_PAYOUT), oldest first. */
export const findPayableClaims = (db: Tx, appSecret: string): Promise<PayableClaim[]> =>
  findClaimsForPayout(db, appSecret, eq(cashbackClaims.status, 'PAYABLE'));

/** Some claims by id, in the order given (a batch's, as its file lists them). */
export async function findClaimsByIds(db: Tx, appSecret: string, claimIds: readonly string[]): Promise<PayableClaim[]> {
  if (!claimIds.length) return [];
  const found = new Map((await findClaimsForPayout(db, appSecret, inArray(cashbackClaims.id, [...claimIds]))).map((c) => [c.claimId, c]));
  return claimIds.flatMap((id) => found.get(id) ?? []);
}

/** The ABA file of some claims, with the processing date given (YYYY-MM-DD) and the balancing debit when asked for. */
export function payoutsAsAba(
  payer: AbaPayer,
  claims: readonly PayableClaim[],
  processingDate: string,
  options: { balancingRecord?: boolean } = {},
): string {
  const payments: AbaPayment[] = claims.map((c) => ({
    bsb: c.bsb,
    accountNumber: c.accountNumber,
    accountName: c.accountName,
    amountCents: c.amountCents,
    lodgementReference: c.lodgementReference,
  }));
  return buildAbaFile(payer, payments, processingDate, options);
}

/**
 * A cell as spreadsheets read it: quoted when it holds a comma, quote or line break, and a leading = + - @ (or
 * tab/CR) neutralised with an apostrophe, so a seller's name can never run as a formula (CSV injection).
 */
export const csvCell = (value: string | number): string => {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const PAYOUT_CSV_HEADER = [
  'claim_id',
  'seller_name',
  'seller_email',
  'property',
  'account_name',
  'bsb',
  'account_number',
  'amount_dollars',
  'lodgement_reference',
  'payable_since',
] as const;

export function payoutsAsCsv(claims: readonly PayableClaim[]): string {
  const lines = [PAYOUT_CSV_HEADER.join(',')];
  for (const c of claims) {
    lines.push(
      [
        c.claimId,
        c.sellerName ?? '',
        c.sellerEmail ?? '',
        c.address,
        c.accountName,
        formatBsb(c.bsb),
        c.accountNumber,
        centsToDecimalText(c.amountCents),
        c.lodgementReference,
        c.payableAt ? calendarDateIn(c.payableAt, LISTWISE_TIME_ZONE) : '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.map((line) => `${line}\r\n`).join('');
}
