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
 * The SQL of one page of 'My Properties': the seller's ACTIVE and COMPLETE properties, newest first, after the
 * cursor. Shaped to be a range of the (seller_user_id, created_at desc nulls last, id desc nulls last) index, so a
 * deep page costs what the first one does (listings.test.ts checks the plan).
 */
export function myPropertiesPageQuery(db: Tx, sellerUserId: string, limit: number, cursor: { sortKey: string; id: string } | null) {
  return (
    db
      .select({ property: properties, cursorCreatedAt: exactCreatedAt })
      .from(properties)
      .where(
        and(
          eq(properties.sellerUserId, sellerUserId),
          ne(properties.state, 'DRAFT'),
          cursor ? sql`(${properties.createdAt}, ${properties.id}) < (${cursor.sortKey}::timestamptz, ${cursor.id}::uuid)` : undefined,
        ),
      )
      // NULLS LAST as in the index definition (drizzle's .desc() index): plain DESC means NULLS FIRST and would
      // stop Postgres from reading the index in order, sorting every property of the seller instead.
      .orderBy(sql`${properties.createdAt} desc nulls last`, sql`${properties.id} desc nulls last`)
      .limit(limit)
  );
}

/** `myProperties(first, after)`: a relay connection over `myPropertiesPageQuery`. */
export async function findMyProperties(
  db: Tx,
  seller: UserRow,
  args: { first?: number | null; after?: string | null },
): Promise<Connection<PropertyWithCursor>> {
  const first = pageSize(args.first);
  const rows = await myPropertiesPageQuery(db, seller.id, first + 1, decodeTimeCursor(args.after));
  return toConnection(
    rows.map((r) => ({ ...r.property, cursorCreatedAt: r.cursorCreatedAt })),
    first,
    (row) => ({ sortKey: row.cursorCreatedAt, id: row.id }),
  );
}

/** `property(id)`: a property of the signed-in seller, in any state. */
export const findSellerProperty = (db: Tx, seller: UserRow, id: string): Promise<PropertyRow> => findOwnProperty(db, seller.id, id);
