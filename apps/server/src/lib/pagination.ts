import { sql, type AnyColumn } from 'drizzle-orm';
import { AppError } from './app-error.ts';
import { isUuid } from './ids.ts';

/**
 * Keyset pagination for relay connections: the cursor encodes the sort key and id of the last row,
 * so a page costs the same however deep it is (an index seek, never OFFSET).
 * A query orders by (sortKey desc, id desc) and, after a cursor, keeps rows strictly "before" it:
 *   where (sort_key, id) < (cursor.sortKey, cursor.id)
 */
export interface Cursor {
  sortKey: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify([cursor.sortKey, cursor.id])).toString('base64url');

export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  try {
    const [sortKey, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof sortKey !== 'string' || typeof id !== 'string') throw new Error('bad cursor');
    return { sortKey, id };
  } catch {
    throw new AppError('validation_failed', 'after');
  }
}

export const MAX_PAGE_SIZE = 50;
/**
 * The page size a list answers: `first` up to MAX_PAGE_SIZE. Below 1 is a mistake of the client, not a request for
 * one row, and answers `validation_failed` on `first`.
 */
export function pageSize(first: number | null | undefined, fallback = 10): number {
  if (first != null && first < 1) throw new AppError('validation_failed', 'first');
  return Math.min(first ?? fallback, MAX_PAGE_SIZE);
}

export interface Connection<T> {
  edges: { node: T; cursor: string }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/** Builds a connection from `first + 1` fetched rows (the extra row only tells whether a next page exists). */
export function toConnection<T>(rows: T[], first: number, cursorOf: (row: T) => Cursor): Connection<T> {
  const page = rows.slice(0, first);
  const edges = page.map((node) => ({ node, cursor: encodeCursor(cursorOf(node)) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

// The sort keys lists hand out: ISO 8601 (`2026-11-21T06:40:35.123Z`) or Postgres text (`2026-11-21 06:40:35.123456+00`).
const TIMESTAMP_KEY = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

/**
 * Whether a cursor's sort key is a real date and time Postgres reads as a timestamp. A client may send any
 * cursor back; JavaScript accepts dates Postgres rejects (year −100000, `Date.parse('1')`), which would fail
 * in the database instead of answering `validation_failed`.
 */
export function isTimestampKey(value: string): boolean {
  const match = TIMESTAMP_KEY.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours < 16 &&
    offsetMinutes < 60
  );
}

/** The `first` and `after` arguments of every relay connection. */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

/**
 * The cursor of a time-ordered list, decoded: (timestamp, uuid). Anything else a client sends back answers
 * `validation_failed` on `after` here, once, rather than reaching a timestamp or uuid column. Cursors are opaque to
 * clients; a key in Postgres's own text form (the older form) still reads.
 */
export function timeCursor(value: string | null | undefined): { at: string; id: string } | null {
  const cursor = decodeCursor(value);
  if (!cursor) return null;
  if (!isTimestampKey(cursor.sortKey) || !isUuid(cursor.id)) throw new AppError('validation_failed', 'after');
  return { at: cursor.sortKey, id: cursor.id };
}

/**
 * The one sort key of time-ordered lists: the timestamp in UTC ISO 8601 with Postgres's microseconds,
 * selected next to the row. A JavaScript Date would round the microseconds away, and two rows created within the
 * same millisecond would then be skipped or repeated between pages.
 */
export const keyOf = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** (at, id) after the cursor: older in a newest-first list, newer in an oldest-first one. */
export const afterCursor = (
  atColumn: AnyColumn,
  idColumn: AnyColumn,
  cursor: { at: string; id: string } | null,
  order: 'desc' | 'asc' = 'desc',
) =>
  cursor
    ? order === 'desc'
      ? sql`(${atColumn}, ${idColumn}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${atColumn}, ${idColumn}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

/**
 * Newest first, in the order of the lists' indexes: drizzle writes an index's `.desc()` as DESC NULLS LAST, while
 * a plain `desc()` in a query means NULLS FIRST, and Postgres then cannot read the index in order (it scans the
 * table and sorts it on every page). The columns are NOT NULL; the nulls order only has to match.
 */
export const newestFirst = (atColumn: AnyColumn, idColumn: AnyColumn) => [
  sql`${atColumn} desc nulls last`,
  sql`${idColumn} desc nulls last`,
];

/** A connection from `first + 1` rows selected as { row, key } (key: `keyOf` the sort column). */
export function keyedConnection<T extends { id: string }>(rows: { row: T; key: string }[], first: number): Connection<T> {
  const connection = toConnection(rows, first, (r) => ({ sortKey: r.key, id: r.row.id }));
  return { ...connection, edges: connection.edges.map((edge) => ({ node: edge.node.row, cursor: edge.cursor })) };
}
