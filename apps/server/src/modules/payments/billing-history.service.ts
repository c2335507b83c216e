import { eq, and } from 'drizzle-orm';
import { charges } from '../../db/schema/payments.ts';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../graphql/context.ts';
import { pageSize, type Connection } from '../../lib/pagination.ts';
import { afterCursor, keyedConnection, keyOf, newestFirst, timeCursor } from '../../lib/pagination.ts';
import type { ChargeRow } from '../../db/schema/payments.ts';

/**
 * myCharges: the signed-in user's own charges, newest first, keyset-paged on the ledger's (user, created) index
 * with the same cursors as the console's ledger. Only ever the caller's rows: the user id comes from the session.
 */
export async function listOwnCharges(
  db: Tx,
  user: UserRow,
  args: { first?: number | null; after?: string | null },
): Promise<Connection<ChargeRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: charges, key: keyOf(charges.createdAt) })
    .from(charges)
    .where(and(eq(charges.userId, user.id), afterCursor(charges.createdAt, charges.id, cursor)))
    .orderBy(...newestFirst(charges.createdAt, charges.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}
