import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentWithBasicDetails, saveCard, setFreeTrialsAllowed, subscribe, suburbId } from '../../test/agent-factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';

/**
 * The e-mails as a mail client reads them: sent over real SMTP (nodemailer to a sink on 127.0.0.1) and parsed with
 * mailparser, a parser independent of the code that wrote them. The text part reads as text (a tax invoice's
 * labels and values apart), and every message says a machine wrote it (Auto-Submitted, RFC 3834).
 */
let server: TestServer;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function receivedBy(address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of smtp.received.filter((m) => m.to.includes(`<${address.toLowerCase()}>`))) {
          const parsed = await simpleParser(mail.data);
          if (subject.test(parsed.subject ?? '')) found = parsed;
        }
        return !!found;
      },
      { timeout: 25_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}

describe('e-mail text parts, as mailparser reads them', () => {
  it("a tax invoice's text part puts each label apart from its value", async () => {
    await setFreeTrialsAllowed(server, 0);
    const agent = await createAgentWithBasicDetails(server, 'Tina Taxinvoice');
    await saveCard(server, agent.token);
    expect((await subscribe(server, agent.token, [await suburbId(server, 'Bondi', '2026')])).errors).toBeUndefined();

    const invoice = await receivedBy(agent.email, /^Tax invoice/);
    const text = invoice.text ?? '';
    expect(text).toMatch(/^Date: \d{1,2} [A-Z][a-z]{2} \d{4}$/m);
    expect(text).toMatch(/^GST: \$45$/m);
    expect(text).toMatch(/^Total paid \(including GST\): \$495$/m);
    // No label runs into its value anywhere.
    expect(text).not.toMatch(/Date\d|GST\$|\)\$/);
    expect(invoice.html).toContain('Total paid (including GST)');
    expect(invoice.headers.get('auto-submitted')).toBe('auto-generated');
  });
});
