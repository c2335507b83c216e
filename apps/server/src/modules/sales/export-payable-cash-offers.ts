/**
 * Operations tool: prints the cashback claims that are PAYABLE as CSV, with the bank details decrypted, for the
 * person who makes the transfers. It runs on a server with the production configuration (DATABASE_URL and
 * APP_SECRET), never through the API: the API shows bank details only masked. After paying, mark each claim
 * paid in the console (/admin, Sales).
 *
 *   cd apps/server && DATABASE_URL=… APP_SECRET=… npx tsx src/modules/sales/export-payable-cash-offers.ts > payable.csv
 */
import { asc, eq } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { connectDatabase } from '../../db/client.ts';
import { sellerProfiles, users } from '../../db/schema/accounts.ts';
import { cashbackClaims } from '../../db/schema/sales.ts';
import { decryptBankField } from './bank-details.ts';

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('Set DATABASE_URL (and the APP_SECRET the claims were encrypted with).');
  process.exit(2);
}
const handle = connectDatabase(config.DATABASE_URL, { max: 1 });
try {
  const rows = await handle.db
    .select({ claim: cashbackClaims, email: users.email, name: sellerProfiles.name })
    .from(cashbackClaims)
    .innerJoin(users, eq(users.id, cashbackClaims.sellerUserId))
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, cashbackClaims.sellerUserId))
    .where(eq(cashbackClaims.status, 'PAYABLE'))
    .orderBy(asc(cashbackClaims.payableAt));
  console.log(['claim_id', 'seller_name', 'seller_email', 'amount_dollars', 'bsb', 'account_number', 'payable_since'].join(','));
  for (const { claim, email, name } of rows) {
    const bsb = decryptBankField(config.appSecret, claim.id, 'bsb', claim.bsbEncrypted);
    const accountNumber = decryptBankField(config.appSecret, claim.id, 'accountNumber', claim.accountNumberEncrypted);
    const cells = [
      claim.id,
      name ?? '',
      email ?? '',
      (claim.amountCents / 100).toFixed(2),
      bsb,
      accountNumber,
      claim.payableAt?.toISOString() ?? '',
    ];
    console.log(cells.map(csvCell).join(','));
  }
} finally {
  await handle.close();
}
