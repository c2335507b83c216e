import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { emailMessages } from '../../db/schema/platform.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageSize, type Connection, afterCursor, keyedConnection, keyOf, timeCursor, type PageArgs } from '../../lib/pagination.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * E-mails stuck in SENDING (docs/decisions/0003-email-outbox.md): delivery never sends a message twice, so
 * one whose SMTP hand-over was cut off (a crash, a lost connection after the data went out) stays SENDING: nobody
 * knows whether the server took it. An operator who finds out (the recipient says, or the mail server's log) either
 * sends it again (back to QUEUED, delivered by the job) or marks it sent. Only messages SENDING for longer than
 * STUCK_SENDING_AFTER_MS are listed or changed, so one being delivered right now is never touched.
 */

export type EmailMessageRow = typeof emailMessages.$inferSelect;

/** A delivery takes seconds; after this long in SENDING it was cut off. */
export const STUCK_SENDING_AFTER_MS = 10 * 60_000;

/** When the message was handed to SMTP; rows from before that was recorded fall back to when they were queued. */
const sendingSince = sql`coalesce(${emailMessages.sendingStartedAt}, ${emailMessages.createdAt})`;
const isStuck = (now: Date) => and(eq(emailMessages.status, 'SENDING'), lt(sendingSince, new Date(now.getTime() - STUCK_SENDING_AFTER_MS)));

/** E-mails stuck in SENDING, oldest first. */
export async function listStuckEmails(deps: Deps, args: PageArgs): Promise<Connection<EmailMessageRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const t = emailMessages;
  const rows = await deps.db
    .select({ row: t, key: keyOf(t.createdAt) })
    .from(t)
    .where(and(isStuck(deps.clock.now()), afterCursor(t.createdAt, t.id, cursor, 'asc')))
    .orderBy(asc(t.createdAt), asc(t.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

async function lockStuckEmail(tx: Tx, id: string, now: Date): Promise<EmailMessageRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(emailMessages).where(eq(emailMessages.id, id)).for('update');
  if (!row) throw notFound();
  const [stuck] = await tx
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(and(eq(emailMessages.id, id), isStuck(now)));
  if (!stuck) throw new AppError('invalid_state');
  return row;
}

const auditDetails = (row: EmailMessageRow) => ({
  to: row.toAddress,
  subject: row.subject,
  template: row.template,
  attempts: row.attempts,
});

/** resendStuckEmail: back to QUEUED and handed to the delivery job (it may reach the recipient twice: the operator's call). */
export async function resendStuckEmail(deps: Deps, admin: UserRow, emailId: string): Promise<EmailMessageRow> {
  const queued = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockStuckEmail(tx, emailId, now);
    const updated = await tx
      .update(emailMessages)
      .set({ status: 'QUEUED', sendingStartedAt: null })
      .where(eq(emailMessages.id, row.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, { action: 'RESEND_EMAIL', targetType: 'EMAIL', targetId: row.id, details: auditDetails(row) });
    return updated;
  });
  // After the commit, so the job sees QUEUED; should the enqueue fail, the outbox sweep finds the message anyway.
  await deps.jobs.send(QUEUES.sendEmail, { messageId: queued.id }).catch((error) => {
    deps.logger.warn({ err: error, messageId: queued.id }, 'could not enqueue e-mail; the sweep will retry');
  });
  return queued;
}

/** markStuckEmailSent: the operator learnt the message did arrive; it is SENT and stays so. */
export async function markStuckEmailSent(deps: Deps, admin: UserRow, emailId: string): Promise<EmailMessageRow> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockStuckEmail(tx, emailId, now);
    const updated = await tx
      .update(emailMessages)
      .set({ status: 'SENT', sentAt: now })
      .where(eq(emailMessages.id, row.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: 'MARK_EMAIL_SENT',
      targetType: 'EMAIL',
      targetId: row.id,
      details: auditDetails(row),
    });
    return updated;
  });
}
