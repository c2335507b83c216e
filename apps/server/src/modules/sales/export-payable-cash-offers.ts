/**
 * Operations fallback: prints the cashback claims that are PAYABLE as the same CSV the console downloads
 * (/admin, Sales, 'Pay cashback claims'), for a server where the console cannot be reached. It runs with the
 * production configuration (DATABASE_URL and APP_SECRET) and, unlike the console, makes no payout batch and writes
 * no audit entry: the claims stay payable and would be in the console's next batch. Prefer the console; after paying
 * from this file, mark each claim paid in the console at once.
 *
 *   cd apps/server && DATABASE_URL=… APP_SECRET=… npx tsx src/modules/sales/export-payable-cash-offers.ts > payable.csv
 */
import { loadConfig } from '../../config.ts';
import { connectDatabase } from '../../db/client.ts';
import { findPayableClaims, payoutsAsCsv } from './cashback-payouts.ts';

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('Set DATABASE_URL (and the APP_SECRET the claims were encrypted with).');
  process.exit(2);
}
const handle = connectDatabase(config.DATABASE_URL, { max: 1 });
try {
  process.stdout.write(payoutsAsCsv(await findPayableClaims(handle.db, config.appSecret)));
} finally {
  await handle.close();
}
