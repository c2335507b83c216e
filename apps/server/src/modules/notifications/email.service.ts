import { and, eq, inArray, lt } from 'drizzle-orm';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Tx } from '../../db/client.ts';
import { emailMessages, type EmailAttachment } from '../../db/schema/platform.ts';
import type { Deps } from '../../deps.ts';
import { QUEUES } from '../../jobs/queue.ts';

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
}

const htmlToText = (html: string) =>
  html
    .replace(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g, '$2: $1')
    .replace(/<\/(p|h1|tr)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\n{2,}/g, '\n\n')
    .trim();

/** Stores the message and asks a worker to deliver it. Safe inside a transaction: the job retries until the row is visible. */
export async function queueEmail(deps: Pick<Deps, 'jobs' | 'logger'>, tx: Tx, email: EmailToQueue): Promise<string> {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(email.body)}`;
  const [row] = await tx
    .insert(emailMessages)
    .values({
      toAddress: email.to,
      subject: email.subject,
      template: email.template,
      html,
      text: htmlToText(html),
      attachments: email.attachments ?? [],
    })
    .returning({ id: emailMessages.id });
  await deps.jobs.send(QUEUES.sendEmail, { messageId: row!.id }).catch((error) => {
    // The sweep re-enqueues anything left QUEUED, so a failed enqueue delays the mail but never loses it.
    deps.logger.warn({ err: error, messageId: row!.id }, 'could not enqueue e-mail; the sweep will retry');
  });
  return row!.id;
}

/** Job handler: deliver one stored message. Throws to let pg-boss retry with backoff. */
export async function deliverEmail(deps: Deps, messageId: string): Promise<void> {
  const message = await deps.db.query.emailMessages.findFirst({ where: eq(emailMessages.id, messageId) });
  if (!message) throw new Error(`e-mail ${messageId} not visible yet`);
  if (message.status === 'SENT') return;
  try {
    await deps.mailer.deliver({
      to: message.toAddress,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments,
    });
    await deps.db
      .update(emailMessages)
      .set({ status: 'SENT', sentAt: deps.clock.now(), attempts: message.attempts + 1 })
      .where(eq(emailMessages.id, messageId));
  } catch (error) {
    await deps.db
      .update(emailMessages)
      .set({ attempts: message.attempts + 1, lastError: String(error).slice(0, 500) })
      .where(eq(emailMessages.id, messageId));
    throw error;
  }
}

/** Re-enqueue messages stuck in QUEUED for more than a few minutes (an enqueue that failed). */
export async function sweepOutbox(deps: Deps): Promise<number> {
  const stale = await deps.db
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(and(inArray(emailMessages.status, ['QUEUED']), lt(emailMessages.createdAt, new Date(Date.now() - 5 * 60_000))))
    .limit(500);
  for (const { id } of stale) await deps.jobs.send(QUEUES.sendEmail, { messageId: id }, { singletonKey: id });
  return stale.length;
}
