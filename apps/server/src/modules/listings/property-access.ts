import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { properties } from '../../db/schema/properties.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PropertyRow } from '../../db/schema/properties.ts';

/**
 * Ownership checks of the listings module: a seller reaches only their own properties; anything else,
 * including a malformed id, is `not_found` so the answer never reveals that another seller's property exists.
 */

/** The seller's own property, optionally locked FOR UPDATE for the rest of the transaction. */
export async function findOwnProperty(db: Tx, sellerUserId: string, propertyId: string, options: { lock?: boolean } = {}) {
  if (!isUuid(propertyId)) throw notFound();
  const query = db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.sellerUserId, sellerUserId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The seller's own property, which must still be a draft (`invalid_state` once published). Locked. */
export async function findOwnDraft(db: Tx, sellerUserId: string, propertyId: string): Promise<PropertyRow> {
  const row = await findOwnProperty(db, sellerUserId, propertyId, { lock: true });
  if (row.state !== 'DRAFT') throw new AppError('invalid_state');
  return row;
}
