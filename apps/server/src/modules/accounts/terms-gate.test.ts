import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerProfiles, users } from '../../db/schema/accounts.ts';
import { createAdmin, createSeller, login, PASSWORD, signUpAgent } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { unsubscribeTokenFor } from '../notifications/email-preferences.service.ts';
import { PasswordResetEmail } from '../notifications/templates/account-emails.tsx';
import { CURRENT_TERMS_VERSION } from './terms.ts';

/**
 * While a new version of the terms waits to be accepted, the API itself (not only the web app) serves nothing but
 * reading and accepting them, signing out, downloading one's data and closing the account: `terms_not_accepted`.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const ME = `{ me { id mustAcceptTerms } currentTermsVersion }`;
const MY_PROPERTIES = `{ myProperties { edges { node { id } } } }`;
const RENAME = `mutation { updateUserDetails(name: "Renamed While Pending") { id } }`;
const ACCEPT = `mutation($v: String!) { acceptTerms(version: $v) { id mustAcceptTerms } }`;

/** A seller who accepted an older version, signed in. */
async function sellerWithOldTerms() {
  const seller = await createSeller(server);
  await server.deps.db
    .update(users)
    .set({ acceptedTermsVersion: '2020-01-01', acceptedTermsAt: new Date('2020-01-01T00:00:00Z') })
    .where(eq(users.id, seller.userId));
  return { ...seller, token: await login(server, seller.email) };
}

/** An optional e-mail (its footer carries an unsubscribe link) queued to the user; returns the message's id. */
async function optionalEmailTo(user: { email: string; userId: string }): Promise<string> {
  const id = await queueEmail(server.deps, server.deps.db, {
    to: user.email,
    subject: 'Reset your Listwise password',
    template: 'password-reset',
    body: PasswordResetEmail({ link: `${server.deps.config.appUrl}/reset-password` }),
    optional: { category: 'REMINDERS', userId: user.userId },
  });
  return id!;
}

describe('until the new terms are accepted', { timeout: 120_000 }, () => {
  it('refuses every other call, whole, with terms_not_accepted (403), and changes nothing', async () => {
    const seller = await sellerWithOldTerms();
    const read = await server.gql(MY_PROPERTIES, {}, seller.token);
    expect(codeOf(read)).toBe('terms_not_accepted');
    expect(read.errors?.[0]?.message).toBe('terms_not_accepted');
    expect(read.status).toBe(403);
    expect(read.data ?? null).toBeNull();

    expect(codeOf(await server.gql(RENAME, {}, seller.token))).toBe('terms_not_accepted');
    const profile = await server.deps.db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.userId) });
    expect(profile?.name).toBe('Test Seller');

    // An allowed field does not carry another one through, nor does a fragment on the root type.
    expect(codeOf(await server.gql(`{ me { id } myProperties { edges { node { id } } } }`, {}, seller.token))).toBe('terms_not_accepted');
    expect(
      codeOf(await server.gql(`{ me { id } ...F } fragment F on Query { myProperties { edges { node { id } } } }`, {}, seller.token)),
    ).toBe('terms_not_accepted');
    expect(codeOf(await server.gql(`{ ... on Query { myProperties { edges { node { id } } } } }`, {}, seller.token))).toBe(
      'terms_not_accepted',
    );
  });

  it('serves reading and accepting them, and the data download; then everything again', async () => {
    const seller = await sellerWithOldTerms();
    const me = await server.gql<{ me: { mustAcceptTerms: boolean }; currentTermsVersion: string }>(ME, {}, seller.token);
    expect(me.errors).toBeUndefined();
    expect(me.data?.me.mustAcceptTerms).toBe(true);
    const exported = await fetch(`${server.url}/account/export`, { headers: { authorization: `Bearer ${seller.token}` } });
    expect(exported.status).toBe(200);
    // What keeps the account safe is served too (this one answers by its own rule: the address is verified).
    expect(codeOf(await server.gql(`mutation { resendVerificationEmail { message } }`, {}, seller.token))).toBe(
      'user_invalid_or_already_verified',
    );

    const accepted = await server.gql<{ acceptTerms: { mustAcceptTerms: boolean } }>(ACCEPT, { v: CURRENT_TERMS_VERSION }, seller.token);
    expect(accepted.data?.acceptTerms.mustAcceptTerms).toBe(false);
    expect(codeOf(await server.gql(MY_PROPERTIES, {}, seller.token))).toBeNull();
    expect(codeOf(await server.gql(RENAME, {}, seller.token))).toBeNull();
  });

  it('serves the links of e-mails that need no account: unsubscribing, and a continue link signing in', async () => {
    const seller = await sellerWithOldTerms();
    const token = unsubscribeTokenFor(server.deps.config.appSecret, await optionalEmailTo(seller));
    const described = await server.gql<{ unsubscribeLink: { category: string } }>(
      `query($t: String!) { unsubscribeLink(token: $t) { category } }`,
      { t: token },
      seller.token,
    );
    expect(described.errors).toBeUndefined();
    expect(described.data?.unsubscribeLink.category).toBe('REMINDERS');
    const unsubscribed = await server.gql<{ unsubscribeWithLink: { category: string } }>(
      `mutation($t: String!) { unsubscribeWithLink(token: $t) { category } }`,
      { t: token },
      seller.token,
    );
    expect(unsubscribed.errors).toBeUndefined();
    // A continue link signs in as login does: it answers by its own rule (this token is no continue link).
    expect(codeOf(await server.gql(`mutation { getUserByToken(continueToken: "not-a-token") { token } }`, {}, seller.token))).toBe(
      'invalid_token',
    );
  });

  it('lets the user sign out, or close the account, without accepting', async () => {
    const leaving = await sellerWithOldTerms();
    expect((await server.gql<{ logout: boolean }>(`mutation { logout }`, {}, leaving.token)).data?.logout).toBe(true);
    expect(codeOf(await server.gql(MY_PROPERTIES, {}, leaving.token))).toBe('unauthorized');

    const closing = await sellerWithOldTerms();
    const closed = await server.gql<{ deleteMyAccount: boolean }>(
      `mutation($p: String!) { deleteMyAccount(password: $p) }`,
      { p: PASSWORD },
      closing.token,
    );
    expect(closed.data?.deleteMyAccount).toBe(true);
  });

  it('holds agents the same way, never operators, ghosts or anonymous callers', async () => {
    const agent = await signUpAgent(server);
    await server.deps.db.update(users).set({ acceptedTermsVersion: null }).where(eq(users.id, agent.userId));
    expect(codeOf(await server.gql(`{ unreadAppointmentRequestsCount }`, {}, agent.token))).toBe('terms_not_accepted');

    const admin = await createAdmin(server);
    expect(codeOf(await server.gql(`{ adminSettings { leadFeeExcludingGst } }`, {}, admin.token))).toBeNull();
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    expect(codeOf(await server.gql(`{ currentDraftProperty { id } }`, {}, ghost.data!.createGhostUser.token))).toBeNull();
    expect(codeOf(await server.gql(`{ currentTermsVersion }`))).toBeNull();
  });
});
