import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer, createSmtpMailer } from './mailer.ts';

/**
 * The SMTP adapter really speaks SMTP: a minimal SMTP server on 127.0.0.1 (greeting, EHLO, MAIL, RCPT, DATA,
 * QUIT) records what nodemailer sends, or refuses the recipient so the failure reaches the job for a retry.
 */
interface Received {
  from: string;
  to: string[];
  data: string;
}

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function startSmtpServer(options: { rejectRecipients?: boolean } = {}) {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let isReadingData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (isReadingData) {
          if (line === '.') {
            isReadingData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (command === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '');
          socket.write('250 2.1.0 ok\r\n');
        } else if (command === 'RCPT') {
          if (options.rejectRecipients) socket.write('550 5.1.1 mailbox unavailable\r\n');
          else {
            current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
            socket.write('250 2.1.5 ok\r\n');
          }
        } else if (command === 'DATA') {
          isReadingData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else if (command === 'RSET' || command === 'NOOP') socket.write('250 ok\r\n');
        else socket.write('502 5.5.2 not implemented\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received };
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
    await new Promise((resolve) => servers.pop()!.close(resolve));
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
