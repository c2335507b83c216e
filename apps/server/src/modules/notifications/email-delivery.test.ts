import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { emailMessages } from '../../db/schema/platform.ts';
import type { Mailer, OutgoingEmail } from '../../ports/mailer/mailer.ts';
import { signUpAgent } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { deliverEmail, queueEmail } from './email.service.ts';

/**
 * E-mail goes out through the outbox and a pg-boss job: a message is stored in the caller's transaction, then
 * delivered by the worker through the Mailer port, and a transport failure is retried until it goes through.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** A transport that fails the first `failures` deliveries to each address, then records what it sends. */
function flakyMailer(failures: number): Mailer & { delivered: OutgoingEmail[] } {
  const attempts = new Map<string, number>();
  const delivered: OutgoingEmail[] = [];
  return {
    kind: 'smtp',
    delivered,
    deliver: async (message) => {
      const attempt = (attempts.get(message.to) ?? 0) + 1;
      attempts.set(message.to, attempt);
      if (attempt <= failures) throw new Error(`421 try again later (attempt ${attempt})`);
      delivered.push(message);
    },
  };
}

describe('e-mail delivery', () => {
  it('retries a failed delivery through the job until it is sent, recording each attempt', async () => {
    const original = server.deps.mailer;
    const mailer = flakyMailer(1);
    // The workers hold the same deps object, so they deliver through the flaky transport.
    server.deps.mailer = mailer;
    try {
      const { email } = await signUpAgent(server);
      await expect.poll(async () => (await server.emailsTo(email))[0]?.status, { timeout: 25_000, interval: 250 }).toBe('SENT');
      const [row] = await server.emailsTo(email);
      expect(row!.attempts).toBe(2);
      expect(row!.sentAt).not.toBeNull();
      expect(row!.lastError).toMatch(/421 try again later/);
      expect(mailer.delivered).toHaveLength(1);
      expect(mailer.delivered[0]).toMatchObject({ to: email, subject: 'Verify your email for Listwise' });
      expect(mailer.delivered[0]!.text).toMatch(/\/verify-email\/[\w-]{43}/);
      expect(mailer.delivered[0]!.html).toMatch(/<a [^>]*href="http:\/\/127\.0\.0\.1:3999\/verify-email\/[\w-]{43}"/);
    } finally {
      server.deps.mailer = original;
    }
  });

  it('delivers a message once when two jobs run it at the same time (a retry and a sweep)', async () => {
    const mailer = slowMailer();
    const id = await storedMessage();
    const deps = { ...server.deps, mailer };
    await Promise.all([deliverEmail(deps, id), deliverEmail(deps, id), deliverEmail(deps, id)]);
    expect(mailer.delivered.map((m) => m.messageId)).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('does not send again a message whose delivery was cut off (SMTP may have taken it): it stays recorded', async () => {
    const mailer = slowMailer();
    const id = await storedMessage();
    // What a process killed between handing the message to SMTP and hearing back leaves behind.
    await server.deps.db.update(emailMessages).set({ status: 'SENDING', attempts: 1 }).where(eq(emailMessages.id, id));
    await deliverEmail({ ...server.deps, mailer }, id);
    expect(mailer.delivered).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'SENDING', attempts: 1, sentAt: null });
  });

  it('marks an outbox message sent exactly once', async () => {
    const id = await storedMessage();
    await Promise.all([deliverEmail(server.deps, id), deliverEmail(server.deps, id)]);
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 1 });
  });
});

/** A transport that takes a moment per message (so concurrent jobs overlap) and records what it sends. */
function slowMailer(): Mailer & { delivered: OutgoingEmail[] } {
  const delivered: OutgoingEmail[] = [];
  return {
    kind: 'smtp',
    delivered,
    deliver: async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      delivered.push(message);
    },
  };
}

/** A stored message with no job (the job system is left out), to run delivery by hand. */
async function storedMessage() {
  const jobs = { ...server.deps.jobs, send: async () => undefined };
  return queueEmail({ jobs, logger: server.deps.logger, config: server.deps.config, clock: server.deps.clock }, server.deps.db, {
    to: `once.${Math.random().toString(36).slice(2)}@example.com`,
    subject: 'Once',
    template: 'test',
    body: createElement('p', null, 'Once'),
  });
}

const row = async (id: string) => server.deps.db.query.emailMessages.findFirst({ where: eq(emailMessages.id, id) });
