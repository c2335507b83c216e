import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createOutboxMailer, createSmtpMailer } from './mailer.ts';

/**
 * The SMTP adapter really speaks SMTP: a minimal SMTP server on 127.0.0.1 (greeting, EHLO, MAIL, RCPT, DATA,
 * QUIT) records what nodemailer sends, or refuses the recipient so the failure reaches the job for a retry.
 */
const sinks: SmtpSink[] = [];
afterEach(async () => {
  await Promise.all(sinks.splice(0).map((sink) => sink.close()));
});

async function startSmtpServer(options: { rejectRecipients?: boolean } = {}) {
  const sink = await startSmtpSink(options);
  sinks.push(sink);
  return sink;
}

const MESSAGE = {
  to: 'sam.seller@example.com',
  subject: 'Verify your email for Listwise',
  html: '<!DOCTYPE html><html><body><a href="http://localhost:3000/verify-email/abc">Verify email</a></body></html>',
  text: 'Verify email: http://localhost:3000/verify-email/abc',
};

describe('SMTP mailer', () => {
  it('delivers the message through nodemailer with the configured sender, HTML and text parts', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(smtp.url, 'Listwise <no-reply@listwise.com.au>');
    expect(mailer.kind).toBe('smtp');
    await mailer.deliver(MESSAGE);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('<no-reply@listwise.com.au>');
    expect(mail!.to).toEqual(['<sam.seller@example.com>']);
    expect(mail!.data).toMatch(/^Subject: Verify your email for Listwise$/m);
    expect(mail!.data).toMatch(/^From: Listwise <no-reply@listwise\.com\.au>$/m);
    expect(mail!.data).toMatch(/Content-Type: text\/plain/);
    expect(mail!.data).toMatch(/Content-Type: text\/html/);
    expect(mail!.data).toContain('http://localhost:3000/verify-email/abc');
  });

  it('uses the outbox id as the Message-ID, the same on every attempt, so a repeat is recognisable', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(smtp.url, 'Listwise <no-reply@listwise.com.au>');
    const messageId = '7d2f6c1e-4a8b-4c3d-9e0f-1a2b3c4d5e6f';
    await mailer.deliver({ ...MESSAGE, messageId });
    await mailer.deliver({ ...MESSAGE, messageId });
    expect(smtp.received.map((mail) => /^Message-ID: (.*)$/im.exec(mail.data)?.[1])).toEqual([
      `<${messageId}@listwise.com.au>`,
      `<${messageId}@listwise.com.au>`,
    ]);
  });

  it('sends attachments (a calendar invite) as their own MIME part', async () => {
    const smtp = await startSmtpServer();
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await createSmtpMailer(smtp.url, 'no-reply@listwise.com.au').deliver({
      ...MESSAGE,
      attachments: [
        {
          filename: 'appointment.ics',
          contentType: 'text/calendar; method=REQUEST; charset=utf-8',
          contentBase64: Buffer.from(ics).toString('base64'),
        },
      ],
    });
    const [mail] = smtp.received;
    expect(mail!.data).toMatch(/Content-Type: text\/calendar; method=REQUEST/);
    expect(mail!.data).toMatch(/filename=appointment\.ics/);
  });

  it('throws when the server refuses, so the delivery job retries', async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    await expect(createSmtpMailer(smtp.url, 'no-reply@listwise.com.au').deliver(MESSAGE)).rejects.toThrow(/550|mailbox unavailable/);
    expect(smtp.received).toHaveLength(0);
  });

  it('throws when the server cannot be reached', async () => {
    const smtp = await startSmtpServer();
    await sinks.pop()!.close();
    await expect(createSmtpMailer(smtp.url, 'no-reply@listwise.com.au').deliver(MESSAGE)).rejects.toThrow();
  });
});

describe('outbox mailer', () => {
  it('accepts every message: the outbox row is the delivery', async () => {
    const mailer = createOutboxMailer();
    expect(mailer.kind).toBe('outbox');
    await expect(mailer.deliver(MESSAGE)).resolves.toBeUndefined();
  });
});
