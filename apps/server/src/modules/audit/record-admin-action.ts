import type { AdminAuditAction } from '@listwise/domain/audit-log';
import type { Tx } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import type { UserRow } from '../../graphql/context.ts';

/**
 * The operators' audit log, written: a command an operator can run (admin, agents, payments, reviews, sales,
 * subscriptions) takes the acting operator and records itself here, in the transaction of the change, so the log
 * never misses one and never records one that rolled back. Reading the log is the console's (admin/audit-log.service.ts).
 */

export type AuditTargetType =
  | 'USER'
  | 'SUBURB'
  | 'SUBURB_SUBSCRIPTION'
  | 'PROPERTY_SALE'
  | 'CASHBACK_CLAIM'
  | 'SETTINGS'
  | 'AGENT_LICENCE'
  | 'AGENT'
  | 'PAYOUT_FILE'
  | 'AGENT_REVIEW'
  | 'PAYOUT_BATCH'
  | 'EMAIL'
  | 'CHARGE'
  | 'PROPERTY';

/** Appends one entry to the audit log; call inside the transaction that makes the change. */
export async function recordAdminAction(
  tx: Tx,
  admin: UserRow,
  now: Date,
  entry: { action: AdminAuditAction; targetType: AuditTargetType; targetId: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(adminAuditLog).values({ adminUserId: admin.id, createdAt: now, details: {}, ...entry });
}
