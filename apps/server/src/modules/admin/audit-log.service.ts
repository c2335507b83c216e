import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { AdminAuditAction } from '@listwise/domain/audit-log';
import type { Tx } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/accounts.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  afterCursor,
  keyedConnection,
  keyOf,
  newestFirst,
  pageSize,
  timeCursor,
  type Connection,
  type PageArgs,
} from '../../lib/pagination.ts';
import type { AuditLogRow } from '../../db/schema/admin.ts';

/** The audit log, read: filtered and keyset-paged, with the ids each entry names (written by audit/record-admin-action.ts). */

// ——— Audit log ———

export interface AuditLogFilter {
  action?: AdminAuditAction | null;
  adminUserId?: string | null;
  /** Entries at or after this instant (ISO 8601). */
  createdFrom?: string | null;
  /** Entries before this instant (the console sends the start of the day after the last day chosen). */
  createdBefore?: string | null;
}

/**
 * An ISO 8601 instant argument, or null when absent; anything else is `validation_failed` naming the argument. Years
 * outside 1–9999 are refused too: JavaScript parses '-100000-01-01', which Postgres cannot compare with.
 */
function instantArgument(value: string | null | undefined, field: string): Date | null {
  if (value == null || value === '') return null;
  const at = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) throw new AppError('validation_failed', field);
  return at;
}

/**
 * The audit log, newest first, optionally of one action, one operator and a time range. Each filter keeps the page
 * index-backed: the action and the operator each have an index in the list's order, and the range bounds
 * the order's leading column. An operator id that is not a uuid is `not_found`.
 */
export async function listAuditLog(db: Tx, args: PageArgs & AuditLogFilter): Promise<Connection<AuditLogRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const createdFrom = instantArgument(args.createdFrom, 'createdFrom');
  const createdBefore = instantArgument(args.createdBefore, 'createdBefore');
  if (args.adminUserId && !isUuid(args.adminUserId)) throw notFound();
  const t = adminAuditLog;
  const rows = await db
    .select({ row: t, key: keyOf(t.createdAt) })
    .from(t)
    .where(
      and(
        args.action ? eq(t.action, args.action) : undefined,
        args.adminUserId ? eq(t.adminUserId, args.adminUserId) : undefined,
        createdFrom ? gte(t.createdAt, createdFrom) : undefined,
        createdBefore ? lt(t.createdAt, createdBefore) : undefined,
        afterCursor(t.createdAt, t.id, cursor),
      ),
    )
    .orderBy(...newestFirst(t.createdAt, t.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** Everyone who can act in the console, by name: the audit log's operator filter. */
export const listOperators = (db: Tx) =>
  db
    .select({ user: users })
    .from(users)
    .where(eq(users.userType, 'ADMIN'))
    .orderBy(asc(users.email), asc(users.id))
    .then((rows) => rows.map((r) => r.user));

/** What an entry acted on, as ids to name: read from its target and from the ids its details recorded. */
export interface AuditTouchedRefs {
  userIds: string[];
  propertyIds: string[];
  suburbIds: number[];
  saleIds: string[];
  chargeIds: string[];
}

const stringsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && isUuid(v));

/** The ids an audit entry names, whatever the action: its target, and the users, listings and suburbs in its details. */
export function auditTouchedRefs(entry: Pick<AuditLogRow, 'targetType' | 'targetId' | 'details'>): AuditTouchedRefs {
  const details = entry.details ?? {};
  const refs: AuditTouchedRefs = { userIds: [], propertyIds: [], suburbIds: [], saleIds: [], chargeIds: [] };
  switch (entry.targetType) {
    case 'USER':
    case 'AGENT':
    case 'AGENT_LICENCE':
      // Suspending and lifting target the agent's user id (agent-suspensions.service.ts).
      refs.userIds.push(...stringsOf(entry.targetId));
      break;
    case 'PROPERTY':
      refs.propertyIds.push(...stringsOf(entry.targetId));
      break;
    case 'SUBURB':
      if (/^\d+$/.test(entry.targetId)) refs.suburbIds.push(Number(entry.targetId));
      break;
    case 'PROPERTY_SALE':
      refs.saleIds.push(...stringsOf(entry.targetId));
      break;
    case 'CHARGE':
      refs.chargeIds.push(...stringsOf(entry.targetId));
      break;
  }
  refs.userIds.push(...stringsOf(details.agentUserId), ...stringsOf(details.sellerUserId));
  refs.propertyIds.push(...stringsOf(details.propertyIds), ...stringsOf(details.propertyId));
  refs.saleIds.push(...stringsOf(details.propertySaleId));
  if (typeof details.suburbId === 'number' && Number.isInteger(details.suburbId)) refs.suburbIds.push(details.suburbId);
  const unique = <T>(values: T[]) => [...new Set(values)];
  return {
    userIds: unique(refs.userIds),
    propertyIds: unique(refs.propertyIds),
    suburbIds: unique(refs.suburbIds),
    saleIds: unique(refs.saleIds),
    chargeIds: unique(refs.chargeIds),
  };
}
