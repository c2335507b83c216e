import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { createElement, type ReactElement } from 'react';
import type { EmailCategory } from '@listwise/domain/email-categories';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Tx } from '../../db/client.ts';
import { emailMessages, type EmailAttachment } from '../../db/schema/platform.ts';
import type { Deps } from '../../deps.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { htmlToText } from './html-to-text.ts';
import { isEmailCategoryEnabled, unsubscribeUrlFor } from './email-preferences.service.ts';
import { UnsubscribeUrlContext } from './templates/layout.tsx';
import { theRow } from '../../lib/rows.ts';
import { queuePush, type PushToQueue } from './push.service.ts';

/**
 * Outgoing e-mail: every message is stored first (the outbox), then a job delivers it through the
 * Mailer port with retries. The outbox is also what `/dev/mailbox` shows in development.
 */
export interface EmailToQueue {
  to: string;
  subject: string;
  template: string;
  body: ReactElement;
  attachments?: EmailAttachment[];
  /**
   * An optional e-mail's category and its reader: not sent at all when the reader switched the category
   * off; otherwise it carries an unsubscribe link and the List-Unsubscribe headers. Service messages have none.
   */
  optional?: { category: EmailCategory; userId: string };
  /** The same news as a push to the reader's devices: sent only when this e-mail is (its category's switch too). */
  push?: PushToQueue;
}

type QueueDeps = Pick<Deps, 'jobs' | 'logger' | 'config' | 'clock'>;

/**
 * Stores the message and asks a worker to deliver it. Safe inside a transaction: the job retries until the row is
 * visible. The reader's choice is read here, in the sending transaction, so a category switched off (in settings or
 * by one click) stops the very next e-mail of it: such an optional e-mail is not stored at all (answers null).
 */
export async function queueEmail(deps: QueueDeps, tx: Tx, email: EmailToQueue & { optional: object }): Promise<string | null>;
export async function queueEmail(deps: QueueDeps, tx: Tx, email: EmailToQueue & { optional?: undefined }): Promise<string>;
export async function queueEmail(deps: QueueDeps, tx: Tx, email: EmailToQueue): Promise<string | null> {
  if (email.optional && !(await isEmailCategoryEnabled(tx, email.optional.userId, email.optional.category))) return null;
  const id = crypto.randomUUID();
  // The unsubscribe link names this very message, so the layout is given it while rendering.
  const unsubscribeUrl = email.optional ? unsubscribeUrlFor(deps, id) : null;
  const html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(UnsubscribeUrlContext.Provider, { value: unsubscribeUrl }, email.body))}`;
  const row = await tx
    .insert(emailMessages)
    .values({
      id,
      category: email.optional?.category ?? null,
      userId: email.optional?.userId ?? null,
      toAddress: email.to,
      subject: email.subject,
      template: email.template,
      html,
      text: htmlToText(html),
      attachments: email.attachments ?? [],
    })
    .returning({ id: emailMessages.id })
    .then(theRow);
  await deps.jobs.send(QUEUES.sendEmail, { messageId: row.id }).catch((error) => {
    // The sweep re-enqueues anything left QUEUED, so a failed enqueue delays the mail but never loses it.
    deps.logger.warn({ err: error, messageId: row.id }, 'could not enqueue e-mail; the sweep will retry');
  });
  if (email.push) await queuePush(deps, tx, email.push);
  return row.id;
}

/**
 * The headers of an optional e-mail (RFC 2369, RFC 8058): mail clients show an unsubscribe button that POSTs to the
 * link with `List-Unsubscribe=One-Click`, which stops the category at once, without a session. Service messages: none.
 */
export function listUnsubscribeHeaders(
  deps: Pick<Deps, 'config'>,
  message: Pick<typeof emailMessages.$inferSelect, 'id' | 'category'>,
): Record<string, string> | undefined {
  if (!message.category) return undefined;
  return { 'List-Unsubscribe': `<${unsubscribeUrlFor(deps, message.id)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * The headers every message carries: `Auto-Submitted: auto-generated` (RFC 3834), since a machine writes every
 * Listwise e-mail, so auto-responders (out-of-office replies) stay silent; and, for optional e-mails, the
 * List-Unsubscribe headers.
 */
export const messageHeaders = (
  deps: Pick<Deps, 'config'>,
  message: Pick<typeof emailMessages.$inferSelect, 'id' | 'category'>,
): Record<string, string> => ({ 'Auto-Submitted': 'auto-generated', ...listUnsubscribeHeaders(deps, message) });

/**
 * Job handler: deliver one stored message, at most once (docs/decisions/0003-email-outbox.md).
 * The row is claimed QUEUED → SENDING with a conditional update before the transport is called, so of two jobs
 * for one message (a retry and a sweep, or a job re-run after a crash) only one ever sends it. SMTP cannot be
 * exactly-once: when the connection or this process dies after the message data went out but before the
 * server's `250` was read, nobody knows whether the server took it. Such a message stays SENDING, recorded and
 * logged, rather than risk a duplicate; it carries a stable Message-ID so a repeat by hand is recognisable.
 */
export async function deliverEmail(deps: Deps, messageId: string): Promise<void> {
  const isQueued = and(eq(emailMessages.id, messageId), eq(emailMessages.status, 'QUEUED'));
  const attempts = sql`${emailMessages.attempts} + 1`;
  // The claim is the read: one statement for a message that is there to send, the usual case (each statement is a
  // round trip, and e-mails come in bursts). Only a claim that finds nothing reads why.
  if (deps.mailer.kind === 'outbox') {
    // The outbox row is the delivery: one conditional update, so exactly once.
    const [sent] = await deps.db
      .update(emailMessages)
      .set({ status: 'SENT', sentAt: deps.clock.now(), attempts })
      .where(isQueued)
      .returning({ id: emailMessages.id });
    if (!sent) await explainUnclaimed(deps, messageId);
    return;
  }
  const [message] = await deps.db
    .update(emailMessages)
    .set({ status: 'SENDING', attempts, sendingStartedAt: deps.clock.now() })
    .where(isQueued)
    .returning();
  if (!message) return explainUnclaimed(deps, messageId);
  const isSending = and(eq(emailMessages.id, messageId), eq(emailMessages.status, 'SENDING'));
  try {
    await deps.mailer.deliver({
      messageId: message.id,
      to: message.toAddress,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments,
      headers: messageHeaders(deps, message),
    });
  } catch (error) {
    // The server answered with a refusal or could not be reached: it did not take the message, so retry it.
    await deps.db
      .update(emailMessages)
      .set({ status: 'QUEUED', lastError: String(error).slice(0, 500) })
      .where(isSending);
    throw error;
  }
  await deps.db.update(emailMessages).set({ status: 'SENT', sentAt: deps.clock.now() }).where(isSending);
}

/** Why a message could not be claimed: not committed yet (the job is retried), or already sent or being sent. */
async function explainUnclaimed(deps: Deps, messageId: string): Promise<void> {
  const message = await deps.db.query.emailMessages.findFirst({ columns: { status: true }, where: eq(emailMessages.id, messageId) });
  if (!message) throw new Error(`e-mail ${messageId} not visible yet`);
  if (message.status === 'SENDING') {
    deps.logger.warn({ messageId }, 'e-mail delivery already under way or interrupted; not sending it again');
  }
}

/**
 * Re-enqueues messages left QUEUED (an enqueue that failed, or a job lost with a crashed worker): every few
 * minutes for those older than `olderThanMs`, and for all of them when a server starts. A message that already
 * has a job gets a second one, which is harmless: delivery claims the row first.
 */
export async function sweepOutbox(deps: Deps, options: { olderThanMs?: number } = {}): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - (options.olderThanMs ?? 5 * 60_000));
  const stale = await deps.db
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(and(eq(emailMessages.status, 'QUEUED'), lt(emailMessages.createdAt, cutoff)))
    .limit(500);
  for (const { id } of stale) await deps.jobs.send(QUEUES.sendEmail, { messageId: id }, { singletonKey: id });
  return stale.length;
}
