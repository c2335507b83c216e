import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { properties } from '../../db/schema/properties.ts';
import type { UserRow } from '../../graphql/context.ts';
import { decodeTimeCursor, pageSize, toConnection, type Connection } from '../../lib/pagination.ts';
import { findOwnProperty, type PropertyRow } from './property-access.ts';

/** The seller's published properties ('My Properties') and one property of theirs (`property(id)`). */

/**
 * Postgres keeps microseconds; a JS Date only milliseconds. The cursor carries the exact text of created_at
 * so two properties created within the same millisecond are never skipped or repeated between pages.
 */
const exactCreatedAt = sql<string>`to_char(${properties.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type PropertyWithCursor = PropertyRow & { cursorCreatedAt: string };

/**
 * `myProperties(first, after)`: the seller's ACTIVE and COMPLETE properties, newest first, by keyset on the
 * (seller_user_id, created_at desc, id desc) index, so a deep page costs what the first one does.
 */
export async function findMyProperties(
  db: Tx,
  seller: UserRow,
  args: { first?: number | null; after?: string | null },
): Promise<Connection<PropertyWithCursor>> {
  const first = pageSize(args.first);
  const cursor = decodeTimeCursor(args.after);
  const rows = await db
    .select({ property: properties, cursorCreatedAt: exactCreatedAt })
    .from(properties)
    .where(
      and(
        eq(properties.sellerUserId, seller.id),
        ne(properties.state, 'DRAFT'),
        cursor ? sql`(${properties.createdAt}, ${properties.id}) < (${cursor.sortKey}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ),
    )
    // NULLS LAST as in the index definition (drizzle's .desc() index): plain DESC means NULLS FIRST and would
    // stop Postgres from reading the index in order, sorting every property of the seller instead.
    .orderBy(sql`${properties.createdAt} desc nulls last`, sql`${properties.id} desc nulls last`)
    .limit(first + 1);
  return toConnection(
    rows.map((r) => ({ ...r.property, cursorCreatedAt: r.cursorCreatedAt })),
    first,
    (row) => ({ sortKey: row.cursorCreatedAt, id: row.id }),
  );
}

/** `property(id)`: a property of the signed-in seller, in any state. */
export const findSellerProperty = (db: Tx, seller: UserRow, id: string): Promise<PropertyRow> => findOwnProperty(db, seller.id, id);
