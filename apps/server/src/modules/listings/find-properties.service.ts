import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { properties } from '../../db/schema/properties.ts';
import type { UserRow } from '../../graphql/context.ts';
import { afterCursor, keyOf, newestFirst, pageSize, timeCursor, toConnection, type Connection } from '../../lib/pagination.ts';
import { findOwnProperty } from './property-access.ts';
import { type PropertyRow } from '../../db/schema/properties.ts';

/** The seller's published properties ('My Properties') and one property of theirs (`property(id)`). */

export type PropertyWithCursor = PropertyRow & { cursorCreatedAt: string };

/**
 * The SQL of one page of 'My Properties': the seller's ACTIVE and COMPLETE properties, newest first, after the
 * cursor. Shaped to be a range of the (seller_user_id, created_at desc nulls last, id desc nulls last) index, so a
 * deep page costs what the first one does (listings.test.ts checks the plan).
 */
export function myPropertiesPageQuery(db: Tx, sellerUserId: string, limit: number, cursor: { at: string; id: string } | null) {
  return (
    db
      .select({ property: properties, cursorCreatedAt: keyOf(properties.createdAt) })
      .from(properties)
      .where(
        and(
          eq(properties.sellerUserId, sellerUserId),
          ne(properties.state, 'DRAFT'),
          afterCursor(properties.createdAt, properties.id, cursor),
        ),
      )
      // NULLS LAST as in the index definition (drizzle's .desc() index): plain DESC means NULLS FIRST and would
      // stop Postgres from reading the index in order, sorting every property of the seller instead.
      .orderBy(...newestFirst(properties.createdAt, properties.id))
      .limit(limit)
  );
}

export async function findMyProperties(
  db: Tx,
  seller: UserRow,
  args: { first?: number | null; after?: string | null },
): Promise<Connection<PropertyWithCursor>> {
  const first = pageSize(args.first);
  const rows = await myPropertiesPageQuery(db, seller.id, first + 1, timeCursor(args.after));
  return toConnection(
    rows.map((r) => ({ ...r.property, cursorCreatedAt: r.cursorCreatedAt })),
    first,
    // The cursor carries the exact created_at (keyOf), so properties created within one millisecond page exactly.
    (row) => ({ sortKey: row.cursorCreatedAt, id: row.id }),
  );
}

export const findSellerProperty = (db: Tx, seller: UserRow, id: string): Promise<PropertyRow> => findOwnProperty(db, seller.id, id);
