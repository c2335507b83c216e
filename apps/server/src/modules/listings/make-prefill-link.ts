/**
 * Prints a prefill link of the listing address step (docs/listing-prefill.md):
 *   npx tsx apps/server/src/modules/listings/make-prefill-link.ts '{"address":"12 Campbell Parade, Bondi","name":"Pat"}'
 * Reads LISTING_PREFILL_KEY / APP_SECRET and APP_URL like the server does.
 */
import { listingPrefillSchema } from '@listwise/domain/listing';
import { loadConfig } from '../../config.ts';
import { encryptListingPrefill, prefillKey } from './listing-prefill.ts';

const config = loadConfig();
const data = listingPrefillSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
console.log(`${config.appUrl}/new-property/address#${encryptListingPrefill(prefillKey(config), data)}`);
