/**
 * E-mail the Spam Act way (issue 22, item 3): an optional e-mail (the request reminder, the review invitation)
 * carries an unsubscribe link and, handed to the transport, the RFC 8058 headers; one POST to the link, without a
 * session, stops that category at once and the next e-mail of the category is not sent; a forged or reused link
 * changes nothing and says so; service e-mails carry neither; `User.emailPreferences` and `updateEmailPreference`
 * read and switch the categories; every e-mail names Listwise and how to reach it, in a layout no wider than a phone.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { emailMessages } from '../../db/schema/platform.ts';
import type { Mailer, OutgoingEmail } from '../../ports/mailer/mailer.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { remindAgentsOfExpiringRequests } from '../appraisals/appraisal-lifecycle.ts';
import { createActiveProperty, createAgent, createRequest, createSeller } from '../appraisals/test-factories.ts';
import { sendReviewInvitations } from '../reviews/review-invitations.service.ts';
import { createAppraisedProperty } from '../sales/test-factories.ts';
import { unsubscribeTokenFor } from './email-preferences.service.ts';
import { deliverEmail, queueEmail } from './email.service.ts';
import { PasswordResetEmail } from './templates/account-emails.tsx';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
type Preferences = { category: string; enabled: boolean }[];
const PREFERENCES = `{ me { emailPreferences { category enabled } } }`;
const UPDATE = `mutation($category: EmailCategory!, $enabled: Boolean!) {
  updateEmailPreference(category: $category, enabled: $enabled) { id emailPreferences { category enabled } }
}`;
const DESCRIBE = `query($token: String!) { unsubscribeLink(token: $token) { category } }`;
const UNSUBSCRIBE = `mutation($token: String!) { unsubscribeWithLink(token: $token) { category } }`;

const preferencesOf = async (token: string) =>
  (await server.gql<{ me: { emailPreferences: Preferences } }>(PREFERENCES, {}, token)).data!.me.emailPreferences;

/** An agent with a pending request expiring within the 12-hour reminder window; runs the reminder job. */
async function remindedAgent(agent?: Awaited<ReturnType<typeof createAgent>>) {
  const who = agent ?? (await createAgent(server));
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId);
  const request = await createRequest(server, property.id, who.userId);
  await server.deps.db
    .update(propertyAppraisalRequests)
    .set({ expiresAt: new Date(server.deps.clock.now().getTime() + 6 * HOUR) })
    .where(eq(propertyAppraisalRequests.id, request.id));
  await remindAgentsOfExpiringRequests(server.deps);
  return who;
}

const reminders = async (email: string) => (await server.emailsTo(email)).filter((m) => m.template === 'appraisal-request-reminder');
const linkIn = (text: string) => /(http:\/\/127\.0\.0\.1:3999\/unsubscribe\/[\w-]+\.[\w-]+)/.exec(text)?.[1];
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;
const post = (pathOrUrl: string, body = 'List-Unsubscribe=One-Click') =>
  fetch(`${server.url}${new URL(pathOrUrl, server.url).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });

/** A password-reset e-mail (a service message) queued as the accounts module queues it. */
async function serviceEmail(agent: { email: string; userId: string }) {
  const id = await queueEmail(server.deps, server.deps.db, {
    to: agent.email,
    subject: 'Reset your Listwise password',
    template: 'password-reset',
    body: PasswordResetEmail({ link: `${server.deps.config.appUrl}/change-password/user/${agent.userId}/token/abc` }),
  });
  return (await server.deps.db.query.emailMessages.findFirst({ where: eq(emailMessages.id, id) }))!;
}

/** What the transport is handed for a stored message (headers included). */
async function handedToTransport(messageId: string): Promise<OutgoingEmail> {
  const handed: OutgoingEmail[] = [];
  const mailer: Mailer = { kind: 'smtp', deliver: async (m) => void handed.push(m) };
  // The worker may have sent it already: put it back so this delivery hands it over.
  await server.deps.db.update(emailMessages).set({ status: 'QUEUED', attempts: 0 }).where(eq(emailMessages.id, messageId));
  await deliverEmail({ ...server.deps, mailer }, messageId);
  expect(handed).toHaveLength(1);
  return handed[0]!;
}

describe('one-click unsubscribe', () => {
  it('an optional e-mail carries the link and the RFC 8058 headers; one POST, without a session, stops the category at once', async () => {
    const agent = await remindedAgent();
    const [mail] = await reminders(agent.email);
    const link = linkIn(mail!.text)!;
    expect(link).toBeDefined();
    expect(mail!.html).toContain(`href="${link}"`);
    expect((await handedToTransport(mail!.id)).headers).toEqual({
      'Auto-Submitted': 'auto-generated',
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const response = await post(link);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ category: 'REMINDERS' });
    const preferences = await preferencesOf(agent.token);
    expect(preferences).toContainEqual({ category: 'REMINDERS', enabled: false });
    expect(preferences).toContainEqual({ category: 'RENEWAL_NOTICES', enabled: true });

    // The next reminder of the category is not sent.
    await remindedAgent(agent);
    expect(await reminders(agent.email)).toHaveLength(1);
  });

  it('accepts the one-click POST as mail clients send it: multipart, JSON or no body at all', async () => {
    for (const init of [
      {
        body: (() => {
          const form = new FormData();
          form.set('List-Unsubscribe', 'One-Click');
          return form;
        })(),
      },
      { body: '{}', headers: { 'content-type': 'application/json' } },
      {},
    ] as RequestInit[]) {
      const agent = await remindedAgent();
      const link = linkIn((await reminders(agent.email))[0]!.text)!;
      const response = await fetch(`${server.url}${new URL(link).pathname}`, { method: 'POST', ...init });
      expect(response.status).toBe(200);
      expect(await preferencesOf(agent.token)).toContainEqual({ category: 'REMINDERS', enabled: false });
    }
  });

  it('a repeated one-click POST answers 200 (providers retry, and read 4xx as failure) and changes nothing, even after the category was switched back on', async () => {
    const agent = await remindedAgent();
    const link = linkIn((await reminders(agent.email))[0]!.text)!;
    expect((await post(link)).status).toBe(200);
    await server.gql(UPDATE, { category: 'REMINDERS', enabled: true }, agent.token);
    const again = await post(link);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ alreadyUsed: true });
    expect((await post(link)).status).toBe(200);
    expect(codeOf(await server.gql(DESCRIBE, { token: tokenOf(link) }))).toBe('unsubscribe_link_already_used');
    expect(codeOf(await server.gql(UNSUBSCRIBE, { token: tokenOf(link) }))).toBe('unsubscribe_link_already_used');
    expect(await preferencesOf(agent.token)).toContainEqual({ category: 'REMINDERS', enabled: true });
  });

  it('two clicks at once unsubscribe once: every one answers 200, the others saying the link was already used', async () => {
    const agent = await remindedAgent();
    const link = linkIn((await reminders(agent.email))[0]!.text)!;
    const answers = await Promise.all([post(link), post(link), post(link)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Record<string, unknown>[];
    expect(bodies.filter((b) => b.alreadyUsed === true)).toHaveLength(2);
    expect(bodies.filter((b) => b.category === 'REMINDERS')).toHaveLength(1);
  });

  it('a forged or altered link changes nothing and says so', async () => {
    const agent = await remindedAgent();
    const link = linkIn((await reminders(agent.email))[0]!.text)!;
    const [messageId, signature] = tokenOf(link).split('.');
    // A service message's id, signed with the real secret: it has no category to stop.
    const [serviceMessage] = await server.deps.db
      .insert(emailMessages)
      .values({
        toAddress: agent.email,
        subject: 'Service',
        template: 'test',
        html: '<p>Service</p>',
        text: 'Service',
      })
      .returning();
    const forged = [
      `${messageId}.${signature!.slice(0, -2)}${signature!.endsWith('xx') ? 'yy' : 'xx'}`,
      `${crypto.randomUUID()}.${signature}`,
      `${messageId}`,
      `${messageId}.${signature}.extra`,
      'garbage',
      unsubscribeTokenFor('another-secret', messageId!),
      unsubscribeTokenFor(server.deps.config.appSecret, serviceMessage!.id),
    ];
    for (const token of forged) {
      const response = await post(`/unsubscribe/${encodeURIComponent(token)}`);
      expect(response.status, token).toBe(403);
      expect(await response.json()).toEqual({
        errors: [{ message: 'unsubscribe_link_invalid', extensions: { code: 'unsubscribe_link_invalid' } }],
      });
      expect(codeOf(await server.gql(DESCRIBE, { token }))).toBe('unsubscribe_link_invalid');
      expect(codeOf(await server.gql(UNSUBSCRIBE, { token }, agent.token))).toBe('unsubscribe_link_invalid');
    }
    // Too long for an address (Fastify answers 414 before any route), but not for GraphQL.
    expect(codeOf(await server.gql(UNSUBSCRIBE, { token: 'x'.repeat(5000) }))).toBe('unsubscribe_link_invalid');
    expect((await preferencesOf(agent.token)).every((p) => p.enabled)).toBe(true);
    // The real link still works afterwards.
    expect((await post(link)).status).toBe(200);
  });

  it('the page reads the category before the click and unsubscribes through GraphQL without a session', async () => {
    const agent = await remindedAgent();
    const token = tokenOf(linkIn((await reminders(agent.email))[0]!.text)!);
    expect((await server.gql(DESCRIBE, { token })).data).toEqual({ unsubscribeLink: { category: 'REMINDERS' } });
    // Reading it changes nothing.
    expect(await preferencesOf(agent.token)).toContainEqual({ category: 'REMINDERS', enabled: true });
    expect((await server.gql(UNSUBSCRIBE, { token })).data).toEqual({ unsubscribeWithLink: { category: 'REMINDERS' } });
    expect(await preferencesOf(agent.token)).toContainEqual({ category: 'REMINDERS', enabled: false });
  });

  it('a GET of the link changes nothing (a mail scanner following links unsubscribes nobody)', async () => {
    const agent = await remindedAgent();
    const link = linkIn((await reminders(agent.email))[0]!.text)!;
    await fetch(`${server.url}${new URL(link).pathname}`);
    expect(await preferencesOf(agent.token)).toContainEqual({ category: 'REMINDERS', enabled: true });
  });
});

describe('e-mail preferences', () => {
  it("list the categories of the user's side: agents get all three, sellers reviews only", async () => {
    const agent = await createAgent(server);
    const seller = await createSeller(server);
    expect(await preferencesOf(agent.token)).toEqual([
      { category: 'REMINDERS', enabled: true },
      { category: 'RENEWAL_NOTICES', enabled: true },
      { category: 'REVIEWS', enabled: true },
    ]);
    expect(await preferencesOf(seller.token)).toEqual([{ category: 'REVIEWS', enabled: true }]);
  });

  it('are switched by the signed-in user only, and honoured by the next e-mail of the category', async () => {
    const agent = await createAgent(server);
    expect(codeOf(await server.gql(UPDATE, { category: 'REMINDERS', enabled: false }))).toBe('unauthorized');
    expect(codeOf(await server.gql(UPDATE, { category: 'NEWSLETTER', enabled: false }, agent.token))).not.toBeNull();
    const off = await server.gql<{ updateEmailPreference: { emailPreferences: Preferences } }>(
      UPDATE,
      { category: 'REMINDERS', enabled: false },
      agent.token,
    );
    expect(off.data!.updateEmailPreference.emailPreferences).toContainEqual({ category: 'REMINDERS', enabled: false });
    await remindedAgent(agent);
    expect(await reminders(agent.email)).toHaveLength(0);
    await server.gql(UPDATE, { category: 'REMINDERS', enabled: true }, agent.token);
    await remindedAgent(agent);
    expect(await reminders(agent.email)).toHaveLength(1);
  });

  it("another user's preferences are not shown", async () => {
    const agent = await createAgent(server);
    const other = await createAgent(server);
    await server.gql(UPDATE, { category: 'REVIEWS', enabled: false }, other.token);
    expect(await preferencesOf(agent.token)).toContainEqual({ category: 'REVIEWS', enabled: true });
  });

  it("review invitations and reminders are in the 'reviews' category: unsubscribing from one stops the next", async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const mailsOf = async (template: string) => (await server.emailsTo(scenario.seller.email)).filter((m) => m.template === template);
    try {
      server.deps.clock.advance(3 * DAY + 60_000);
      await sendReviewInvitations(server.deps);
      const invitations = await mailsOf('review-invitation');
      expect(invitations).toHaveLength(2);
      for (const invitation of invitations) {
        expect(invitation.category).toBe('REVIEWS');
        expect(linkIn(invitation.text)).toBeDefined();
        expect((await handedToTransport(invitation.id)).headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      }
      expect((await post(linkIn(invitations[0]!.text)!)).status).toBe(200);
      expect(await preferencesOf(scenario.seller.token)).toEqual([{ category: 'REVIEWS', enabled: false }]);

      // The reminders fall due a week later: the seller has unsubscribed, so neither is sent.
      server.deps.clock.advance(7 * DAY);
      await sendReviewInvitations(server.deps);
      expect(await mailsOf('review-reminder')).toHaveLength(0);
    } finally {
      server.deps.clock.reset();
    }
  });
});

describe('every e-mail', () => {
  it('service e-mails carry no unsubscribe link or headers, and say a machine wrote them (Auto-Submitted)', async () => {
    const reset = await serviceEmail(await createAgent(server));
    expect(reset.category).toBeNull();
    expect(reset.text).not.toContain('/unsubscribe/');
    expect(reset.text).not.toContain('Unsubscribe');
    expect((await handedToTransport(reset.id)).headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });

  it('names Listwise and how to reach it, and fits a 375 px phone (fluid, no fixed width)', async () => {
    const agent = await createAgent(server);
    await serviceEmail(agent);
    await remindedAgent(agent);
    const mails = await server.emailsTo(agent.email);
    expect(mails.map((m) => m.template).sort()).toEqual(['appraisal-request-reminder', 'password-reset']);
    for (const mail of mails) {
      expect(mail.text).toContain('Listwise');
      expect(mail.text).toContain('support@listwise.com.au');
      expect(mail.text).toContain('1300 547 899');
      expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      expect(mail.html).not.toMatch(/width="\d+"/);
      expect(mail.html).not.toMatch(/(?<!max-)width:\s*\d+px/);
      expect(mail.html).toContain('max-width:560px');
    }
  });
});
