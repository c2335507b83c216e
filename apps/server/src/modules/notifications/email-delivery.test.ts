import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingEmail } from '../../ports/mailer/mailer.ts';
import { signUpAgent } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

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
});
