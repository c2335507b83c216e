import nodemailer from 'nodemailer';
import type { EmailAttachment } from '../../db/schema/platform.ts';

/** An e-mail ready to hand to a transport. */
export interface OutgoingEmail {
  /** The outbox row's id: the Message-ID of every attempt, so a repeated message is recognisable as one. */
  messageId?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  /** Extra headers: an optional e-mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** The Mailer port: delivers one stored message. Queueing and retries live in jobs/email. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  deliver(message: OutgoingEmail): Promise<void>;
}

/**
 * Built-in default: the message is already stored in the outbox table, which `/dev/mailbox` lists,
 * so delivering is only marking it delivered.
 */
export const createOutboxMailer = (): Mailer => ({ kind: 'outbox', deliver: async () => undefined });

/** Real SMTP through nodemailer, for `SMTP_URL` (smtp://user:pass@host:port or smtps://…). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'listwise.com.au';
  return {
    kind: 'smtp',
    deliver: async (message) => {
      await transport.sendMail({
        ...(message.messageId && { messageId: `<${message.messageId}@${domain}>` }),
        from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.headers && { headers: message.headers }),
        attachments: (message.attachments ?? []).map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.contentBase64, 'base64'),
          contentType: a.contentType,
        })),
      });
    },
  };
}
