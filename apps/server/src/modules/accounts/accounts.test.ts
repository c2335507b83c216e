import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, linkFrom, startTestServer, type TestServer } from '../../test/harness.ts';
import { setSetting } from '../settings/settings.service.ts';
import { createSeller, login, PASSWORD, signUpAgent, uniqueEmail } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '5' });
});
afterAll(() => server?.stop());

const ME = `{ me { id email userType isGhostUser isEmailVerified mobileNumber profileComplete agentProfile { name badge numberOfEngagements hasSubscribedSuburbs } sellerProfile { name nextPage status isPrivacyPolicyAccepted } } }`;
const LOGIN = `mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token user { id userType } } }`;
const SIGN_UP = `mutation($email: String!, $password: String!) { createAgentUser(email: $email, password: $password) { token user { id email userType isEmailVerified profileComplete } } }`;

describe('createAgentUser', () => {
  it('creates a signed-in agent with an unverified e-mail and sends a verification link', async () => {
    const email = uniqueEmail('Agent');
    const result = await server.gql<{ createAgentUser: { token: string; user: Record<string, unknown> } }>(SIGN_UP, {
      email,
      password: PASSWORD,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.createAgentUser.user).toMatchObject({
      email: email.toLowerCase(),
      userType: 'AGENT',
      isEmailVerified: false,
      profileComplete: false,
    });
    const me = await server.gql<{ me: { userType: string } }>(ME, {}, result.data!.createAgentUser.token);
    expect(me.data!.me.userType).toBe('AGENT');
    const [mail] = await server.emailsTo(email.toLowerCase());
    expect(mail!.subject).toMatch(/verify/i);
    expect(mail!.text).toMatch(/http:\/\/127\.0\.0\.1:3999\/verify-email\/[\w-]{40,}/);
  });

  it('answers email_is_already_in_use, email_invalid and password_too_short', async () => {
    const { email } = await signUpAgent(server);
    expect(codeOf(await server.gql(SIGN_UP, { email: email.toUpperCase(), password: PASSWORD }))).toBe('email_is_already_in_use');
    const invalid = await server.gql(SIGN_UP, { email: 'not-an-email', password: PASSWORD });
    expect(invalid.errors![0]).toMatchObject({ message: 'email_invalid', extensions: { code: 'email_invalid', field: 'email' } });
    const short = await server.gql(SIGN_UP, { email: uniqueEmail(), password: '12345678' });
    expect(short.errors![0]).toMatchObject({
      message: 'password_too_short',
      extensions: { code: 'password_too_short', field: 'password' },
    });
  });

  it('lets exactly one of two concurrent sign-ups with the same e-mail through', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      server.gql(SIGN_UP, { email, password: PASSWORD }),
      server.gql(SIGN_UP, { email, password: PASSWORD }),
    ]);
    expect(results.map(codeOf).sort()).toEqual(['email_is_already_in_use', null]);
  });
});

describe('login and sessions', () => {
  it('logs in with the right password and answers invalid_credentials otherwise', async () => {
    const { email } = await signUpAgent(server);
    const ok = await server.gql<{ login: { token: string } }>(LOGIN, { email, password: PASSWORD });
    expect(ok.data!.login.token).toMatch(/^[\w-]{43}$/);
    expect(codeOf(await server.gql(LOGIN, { email, password: 'wrong-password' }))).toBe('invalid_credentials');
    expect(codeOf(await server.gql(LOGIN, { email: uniqueEmail('nobody'), password: PASSWORD }))).toBe('invalid_credentials');
  });

  it('stores only a hash of the session token', async () => {
    const { token } = await signUpAgent(server);
    const rows = await server.deps.db.execute<{ token_hash: string }>(`select token_hash from sessions` as never);
    expect(rows.rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('answers unauthorized for a missing or revoked token on a call that needs one, and logout revokes', async () => {
    const { token } = await signUpAgent(server);
    const noToken = await server.gql(`mutation { logout }`);
    expect(noToken.errors![0]).toMatchObject({ message: 'unauthorized', extensions: { code: 'unauthorized' } });
    expect((await server.gql<{ logout: boolean }>(`mutation { logout }`, {}, token)).data!.logout).toBe(true);
    expect(codeOf(await server.gql(`mutation { logout }`, {}, token))).toBe('unauthorized');
    expect((await server.gql<{ me: null }>(ME, {}, token)).data!.me).toBeNull();
    expect(codeOf(await server.gql(`mutation { updateUserDetails(name: "X") { id } }`, {}, 'made-up-token'))).toBe('unauthorized');
    expect(codeOf(await server.gql(`mutation { updateUserDetails(name: "X") { id } }`))).toBe('unauthorized');
    expect(codeOf(await server.gql(`mutation { updateUserPassword(password: "long-enough-pw") { id } }`))).toBe('unauthorized');
    expect(codeOf(await server.gql(`mutation { updateUserPassword(password: "long-enough-pw") { id } }`, {}, token))).toBe('unauthorized');
  });

  it('expires sessions after 30 days', async () => {
    const { token } = await signUpAgent(server);
    server.deps.clock.advance(29 * 86_400_000);
    try {
      expect((await server.gql<{ me: { id: string } | null }>(ME, {}, token)).data!.me).not.toBeNull();
      server.deps.clock.advance(86_400_000 + 1000);
      expect((await server.gql<{ me: null }>(ME, {}, token)).data!.me).toBeNull();
      expect(codeOf(await server.gql(`mutation { logout }`, {}, token))).toBe('unauthorized');
    } finally {
      server.deps.clock.reset();
    }
  });

  it('hashes passwords with argon2id and keeps only hashes of one-time tokens', async () => {
    const { email, userId } = await signUpAgent(server);
    const [mail] = await server.emailsTo(email);
    const [, verifyToken] = linkFrom(mail!.text, /\/verify-email\/([\w-]+)/);
    expect(verifyToken).toMatch(/^[\w-]{43}$/);
    const user = await server.deps.db.execute<{ password_hash: string }>(sql`select password_hash from users where id = ${userId}`);
    expect(user.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.rows[0]!.password_hash).not.toContain(PASSWORD);
    const tokens = await server.deps.db.execute<{ token_hash: string }>(
      sql`select token_hash from one_time_tokens where user_id = ${userId}`,
    );
    expect(tokens.rows).toHaveLength(1);
    expect(tokens.rows[0]!.token_hash).not.toBe(verifyToken);
    expect(tokens.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers email_invalid for a malformed e-mail on login and the e-mail forms', async () => {
    expect(codeOf(await server.gql(LOGIN, { email: 'nope', password: PASSWORD }))).toBe('email_invalid');
    expect(codeOf(await server.gql(`mutation { sendPasswordResetEmail(email: "nope") { message } }`))).toBe('email_invalid');
    expect(codeOf(await server.gql(`mutation { sendContinueEmail(email: "") { message } }`))).toBe('email_invalid');
  });

  it('rate limits failed logins per e-mail with a clear error', async () => {
    const { email } = await signUpAgent(server);
    for (let i = 0; i < 5; i++) expect(codeOf(await server.gql(LOGIN, { email, password: 'wrong-password' }))).toBe('invalid_credentials');
    expect(codeOf(await server.gql(LOGIN, { email, password: PASSWORD }))).toBe('too_many_requests');
  });
});

describe('ghost users and continue links', () => {
  it('creates a ghost seller that resumes through a continue link', async () => {
    const ghost = await server.gql<{ createGhostUser: { token: string; user: { isGhostUser: boolean; userType: string } } }>(
      `mutation { createGhostUser { token user { isGhostUser userType } } }`,
    );
    expect(ghost.data!.createGhostUser.user).toEqual({ isGhostUser: true, userType: 'SELLER' });
    const token = ghost.data!.createGhostUser.token;
    const email = uniqueEmail('ghost');
    const details = await server.gql(
      `mutation($email: String) { updateUserDetails(name: "Gina Ghost", email: $email, isPrivacyPolicyAccepted: true, nextPage: "/new-property/details") { id } }`,
      { email },
      token,
    );
    expect(details.errors).toBeUndefined();

    const sent = await server.gql<{ sendContinueEmail: { message: string } }>(
      `mutation($e: String!) { sendContinueEmail(email: $e) { message } }`,
      { e: email },
    );
    expect(sent.data!.sendContinueEmail.message).toBe('Please, check your email for link to complete registration');
    const mail = (await server.emailsTo(email)).find((m) => m.template === 'continue-signup')!;
    const [, continueToken] = linkFrom(mail.text, /\/continue\/([\w-]+)/);

    const GET_USER = `mutation($t: String!) { getUserByToken(continueToken: $t) { token user { sellerProfile { nextPage name } } } }`;
    const resumed = await server.gql<{ getUserByToken: { token: string; user: { sellerProfile: { nextPage: string } } } }>(GET_USER, {
      t: continueToken,
    });
    expect(resumed.data!.getUserByToken.user.sellerProfile.nextPage).toBe('/new-property/details');
    expect(codeOf(await server.gql(GET_USER, { t: continueToken }))).toBe('invalid_token');
  });

  it('expires continue links after 24 hours, and a verification token is no continue token', async () => {
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const email = uniqueEmail('late');
    await server.gql(
      `mutation($email: String) { updateUserDetails(name: "Lee Late", email: $email) { id } }`,
      { email },
      ghost.data!.createGhostUser.token,
    );
    const GET_USER = `mutation($t: String!) { getUserByToken(continueToken: $t) { token } }`;
    const verifyMail = (await server.emailsTo(email)).find((m) => m.template === 'verify-email')!;
    const [, verifyToken] = linkFrom(verifyMail.text, /\/verify-email\/([\w-]+)/);
    expect(codeOf(await server.gql(GET_USER, { t: verifyToken }))).toBe('invalid_token');

    await server.gql(`mutation($e: String!) { sendContinueEmail(email: $e) { message } }`, { e: email });
    const mail = (await server.emailsTo(email)).find((m) => m.template === 'continue-signup')!;
    const [, continueToken] = linkFrom(mail.text, /\/continue\/([\w-]+)/);
    server.deps.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expect(codeOf(await server.gql(GET_USER, { t: continueToken }))).toBe('invalid_token');
    } finally {
      server.deps.clock.reset();
    }
    expect(codeOf(await server.gql(GET_USER, { t: 'made-up' }))).toBe('invalid_token');
  });

  it('refuses a continue e-mail for an unknown or finished account', async () => {
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(`mutation($e: String!) { sendContinueEmail(email: $e) { message } }`, { e: seller.email }))).toBe(
      'user_invalid_or_already_verified',
    );
    expect(codeOf(await server.gql(`mutation($e: String!) { sendContinueEmail(email: $e) { message } }`, { e: uniqueEmail() }))).toBe(
      'user_invalid_or_already_verified',
    );
  });

  it('turns a ghost into a seller once a password is set, revoking other sessions', async () => {
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const token = ghost.data!.createGhostUser.token;
    const email = uniqueEmail('newseller');
    // The address step's box accepts the terms, as the web app requires before a ghost goes on.
    await server.gql(
      `mutation($email: String) { updateUserDetails(name: "New Seller", email: $email, isPrivacyPolicyAccepted: true) { id } }`,
      { email },
      token,
    );
    const short = await server.gql(`mutation { updateUserPassword(password: "short", mobileNumber: "0412345678") { id } }`, {}, token);
    expect(codeOf(short)).toBe('password_too_short');
    const badPhone = await server.gql(`mutation { updateUserPassword(password: "long-enough-pw", mobileNumber: "12") { id } }`, {}, token);
    expect(badPhone.errors![0]!.extensions).toMatchObject({
      code: 'validation_failed',
      field: 'mobileNumber',
      reason: 'Phone number is invalid',
    });
    const set = await server.gql<{ updateUserPassword: { isGhostUser: boolean; mobileNumber: string; profileComplete: boolean } }>(
      `mutation { updateUserPassword(password: "long-enough-pw", mobileNumber: "0412 345 678") { isGhostUser mobileNumber profileComplete } }`,
      {},
      token,
    );
    expect(set.data!.updateUserPassword).toEqual({ isGhostUser: false, mobileNumber: '+61412345678', profileComplete: true });
    const second = await login(server, email, 'long-enough-pw');
    const changed = await server.gql(
      `mutation { updateUserPassword(password: "another-long-pw", currentPassword: "long-enough-pw") { id } }`,
      {},
      token,
    );
    expect(changed.errors).toBeUndefined();
    expect((await server.gql<{ me: null }>(ME, {}, second)).data!.me).toBeNull();
    expect((await server.gql<{ me: { id: string } }>(ME, {}, token)).data!.me).not.toBeNull();
  });
});

describe('e-mail verification', () => {
  it('verifies once with the link token; the same link again says the e-mail is already verified (issue 23)', async () => {
    const { email, token } = await signUpAgent(server);
    const [mail] = await server.emailsTo(email);
    const [, verifyToken] = linkFrom(mail!.text, /\/verify-email\/([\w-]+)/);
    const VERIFY = `mutation($t: String!) { verifyEmail(emailVerificationToken: $t) { message } }`;
    expect((await server.gql<{ verifyEmail: { message: string } }>(VERIFY, { t: verifyToken })).data!.verifyEmail.message).toBe(
      'Email Verified',
    );
    expect((await server.gql<{ me: { isEmailVerified: boolean } }>(ME, {}, token)).data!.me.isEmailVerified).toBe(true);
    expect(codeOf(await server.gql(VERIFY, { t: verifyToken }))).toBe('email_already_verified');
    // A token that was never issued stays invalid.
    expect(codeOf(await server.gql(VERIFY, { t: `${verifyToken}x` }))).toBe('invalid_token');
  });

  it('expires verification links after 24 hours', async () => {
    const { email } = await signUpAgent(server);
    const [mail] = await server.emailsTo(email);
    const [, verifyToken] = linkFrom(mail!.text, /\/verify-email\/([\w-]+)/);
    server.deps.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expect(
        codeOf(await server.gql(`mutation($t: String!) { verifyEmail(emailVerificationToken: $t) { message } }`, { t: verifyToken })),
      ).toBe('invalid_token');
    } finally {
      server.deps.clock.reset();
    }
  });

  it('resends for the signed-in user and refuses when already verified', async () => {
    const { email, token } = await signUpAgent(server);
    const RESEND = `mutation { resendVerificationEmail { message } }`;
    expect(
      (await server.gql<{ resendVerificationEmail: { message: string } }>(RESEND, {}, token)).data!.resendVerificationEmail.message,
    ).toBe('Verification email sent successfully');
    expect((await server.emailsTo(email)).length).toBe(2);
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(RESEND, {}, seller.token))).toBe('user_invalid_or_already_verified');
    expect(codeOf(await server.gql(RESEND))).toBe('unauthorized');
  });

  it('resends for a user id from a signed-out screen, and answers not_found for an unknown one', async () => {
    const { email, userId } = await signUpAgent(server);
    const RESEND_FOR = `mutation($id: ID) { resendVerificationEmail(userId: $id) { message } }`;
    const sent = await server.gql<{ resendVerificationEmail: { message: string } }>(RESEND_FOR, { id: userId });
    expect(sent.data!.resendVerificationEmail.message).toBe('Verification email sent successfully');
    expect((await server.emailsTo(email)).length).toBe(2);
    const unknown = await server.gql(RESEND_FOR, { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.errors![0]).toMatchObject({ message: 'not_found', extensions: { code: 'not_found' } });
    expect(codeOf(await server.gql(RESEND_FOR, { id: 'not-a-uuid' }))).toBe('not_found');
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(RESEND_FOR, { id: seller.userId }))).toBe('user_invalid_or_already_verified');
  });

  it('verifies only the address the link was sent to: a link from before an e-mail change verifies nothing', async () => {
    const VERIFY = `mutation($t: String!) { verifyEmail(emailVerificationToken: $t) { message } }`;
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const token = ghost.data!.createGhostUser.token;
    const mine = uniqueEmail('attacker');
    const victim = uniqueEmail('victim');
    await server.gql(`mutation($e: String) { updateUserDetails(name: "Mallory", email: $e) { id } }`, { e: mine }, token);
    const [, firstToken] = linkFrom((await server.emailsTo(mine))[0]!.text, /\/verify-email\/([\w-]+)/);
    const moved = await server.gql(`mutation($e: String) { updateUserDetails(email: $e) { id } }`, { e: victim }, token);
    expect(moved.errors).toBeUndefined();

    expect(codeOf(await server.gql(VERIFY, { t: firstToken }))).toBe('invalid_token');
    const me = await server.gql<{ me: { email: string; isEmailVerified: boolean } }>(ME, {}, token);
    expect(me.data!.me).toMatchObject({ email: victim, isEmailVerified: false });

    // Back to the first address: the earlier link stays ended, the address is unverified until a new link is used.
    await server.gql(`mutation($e: String) { updateUserDetails(email: $e) { id } }`, { e: mine }, token);
    expect(codeOf(await server.gql(VERIFY, { t: firstToken }))).toBe('invalid_token');
    expect((await server.gql<{ me: { isEmailVerified: boolean } }>(ME, {}, token)).data!.me.isEmailVerified).toBe(false);
    const links = (await server.emailsTo(mine)).filter((m) => m.template === 'verify-email');
    expect(links).toHaveLength(2);
    const [, secondToken] = linkFrom(
      links.map((m) => m.text).find((text) => !text.includes(firstToken!))!,
      /\/verify-email\/([\w-]+)/,
    );
    expect(secondToken).not.toBe(firstToken);
    expect(codeOf(await server.gql(VERIFY, { t: secondToken }))).toBeNull();
    expect((await server.gql<{ me: { email: string; isEmailVerified: boolean } }>(ME, {}, token)).data!.me).toMatchObject({
      email: mine,
      isEmailVerified: true,
    });
  });

  it('makes a verified user unverified when the e-mail changes, until the new address is verified', async () => {
    const VERIFY = `mutation($t: String!) { verifyEmail(emailVerificationToken: $t) { message } }`;
    const agent = await signUpAgent(server);
    const [, oldLink] = linkFrom((await server.emailsTo(agent.email))[0]!.text, /\/verify-email\/([\w-]+)/);
    const newEmail = uniqueEmail('newaddress');
    await server.gql(
      `mutation($e: String, $p: String) { updateUserDetails(email: $e, currentPassword: $p) { id } }`,
      { e: newEmail, p: PASSWORD },
      agent.token,
    );
    expect(codeOf(await server.gql(VERIFY, { t: oldLink }))).toBe('invalid_token');
    expect((await server.gql<{ me: { isEmailVerified: boolean } }>(ME, {}, agent.token)).data!.me.isEmailVerified).toBe(false);
    const [, newLink] = linkFrom((await server.emailsTo(newEmail))[0]!.text, /\/verify-email\/([\w-]+)/);
    expect(codeOf(await server.gql(VERIFY, { t: newLink }))).toBeNull();
    expect((await server.gql<{ me: { isEmailVerified: boolean } }>(ME, {}, agent.token)).data!.me.isEmailVerified).toBe(true);
  });

  it('delivers queued e-mails through the job worker', async () => {
    const { email } = await signUpAgent(server);
    await expect.poll(async () => (await server.emailsTo(email))[0]?.status, { timeout: 15_000, interval: 250 }).toBe('SENT');
  });
});

describe('password reset', () => {
  const RESET = `mutation($userId: ID!, $t: String!, $p: String!) { updateUserPasswordWithResetToken(userId: $userId, passwordResetToken: $t, password: $p) { message } }`;

  it('resets with the e-mailed link once, revokes sessions, and rejects reuse', async () => {
    const agent = await signUpAgent(server);
    const sent = await server.gql<{ sendPasswordResetEmail: { message: string } }>(
      `mutation($e: String!) { sendPasswordResetEmail(email: $e) { message } }`,
      {
        e: agent.email,
      },
    );
    expect(sent.data!.sendPasswordResetEmail.message).toBe('Link sent');
    const mail = (await server.emailsTo(agent.email)).find((m) => m.template === 'password-reset')!;
    const [, userId, resetToken] = linkFrom(mail.text, /\/change-password\/user\/([\w-]+)\/token\/([\w-]+)/);
    expect(userId).toBe(agent.userId);

    expect(codeOf(await server.gql(RESET, { userId, t: resetToken, p: 'short' }))).toBe('password_too_short');
    const ok = await server.gql<{ updateUserPasswordWithResetToken: { message: string } }>(RESET, {
      userId,
      t: resetToken,
      p: 'brand-new-password',
    });
    expect(ok.data!.updateUserPasswordWithResetToken.message).toBe('Password Changed');
    expect((await server.gql<{ me: null }>(ME, {}, agent.token)).data!.me).toBeNull();
    expect(codeOf(await server.gql(RESET, { userId, t: resetToken, p: 'another-password' }))).toBe('invalid_password_reset_token');
    await login(server, agent.email, 'brand-new-password');
  });

  it('rejects a wrong user, a made-up token and an expired link', async () => {
    const agent = await signUpAgent(server);
    const other = await signUpAgent(server);
    await server.gql(`mutation($e: String!) { sendPasswordResetEmail(email: $e) { message } }`, { e: agent.email });
    const mail = (await server.emailsTo(agent.email)).find((m) => m.template === 'password-reset')!;
    const [, userId, resetToken] = linkFrom(mail.text, /\/change-password\/user\/([\w-]+)\/token\/([\w-]+)/);
    expect(codeOf(await server.gql(RESET, { userId: other.userId, t: resetToken, p: 'brand-new-password' }))).toBe(
      'invalid_password_reset_token',
    );
    expect(codeOf(await server.gql(RESET, { userId: 'not-a-uuid', t: resetToken, p: 'brand-new-password' }))).toBe(
      'invalid_password_reset_token',
    );
    expect(codeOf(await server.gql(RESET, { userId, t: 'made-up', p: 'brand-new-password' }))).toBe('invalid_password_reset_token');
    server.deps.clock.advance(61 * 60 * 1000);
    try {
      expect(codeOf(await server.gql(RESET, { userId, t: resetToken, p: 'brand-new-password' }))).toBe('invalid_password_reset_token');
    } finally {
      server.deps.clock.reset();
    }
  });

  it('keeps only the newest reset link alive, and a reset ends every link', async () => {
    const agent = await signUpAgent(server);
    const seen = new Set<string>();
    // Sends a reset e-mail and answers the token of the link it carried.
    const sendResetLink = async () => {
      await server.gql(`mutation($e: String!) { sendPasswordResetEmail(email: $e) { message } }`, { e: agent.email });
      const tokens = (await server.emailsTo(agent.email))
        .filter((m) => m.template === 'password-reset')
        .map((m) => linkFrom(m.text, /\/change-password\/user\/([\w-]+)\/token\/([\w-]+)/)[2]!);
      const fresh = tokens.find((t) => !seen.has(t))!;
      seen.add(fresh);
      return fresh;
    };
    const first = await sendResetLink();
    const second = await sendResetLink();
    expect(codeOf(await server.gql(RESET, { userId: agent.userId, t: first, p: 'brand-new-password' }))).toBe(
      'invalid_password_reset_token',
    );
    expect(codeOf(await server.gql(RESET, { userId: agent.userId, t: second, p: 'brand-new-password' }))).toBeNull();

    // Two links alive at once (issued before this rule, or a race of two requests): a reset with one ends the other.
    const third = await sendResetLink();
    await server.deps.db.execute(
      sql`update one_time_tokens set used_at = null where user_id = ${agent.userId} and purpose = 'PASSWORD_RESET'`,
    );
    expect(codeOf(await server.gql(RESET, { userId: agent.userId, t: third, p: 'third-new-password' }))).toBeNull();
    const alive = await server.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from one_time_tokens where user_id = ${agent.userId} and purpose = 'PASSWORD_RESET' and used_at is null`,
    );
    expect(alive.rows[0]!.n).toBe(0);
    expect(codeOf(await server.gql(RESET, { userId: agent.userId, t: first, p: 'fourth-new-password' }))).toBe(
      'invalid_password_reset_token',
    );
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('unknown');
    const sent = await server.gql<{ sendPasswordResetEmail: { message: string } }>(
      `mutation($e: String!) { sendPasswordResetEmail(email: $e) { message } }`,
      { e: email },
    );
    expect(sent.data!.sendPasswordResetEmail.message).toBe('Link sent');
    expect(await server.emailsTo(email)).toHaveLength(0);
  });
});

describe('updateUserDetails', () => {
  it('updates the agent name and mobile, and a new e-mail needs verifying again', async () => {
    const agent = await signUpAgent(server);
    const newEmail = uniqueEmail('moved');
    const result = await server.gql<{
      updateUserDetails: { email: string; mobileNumber: string; isEmailVerified: boolean; agentProfile: { name: string } };
    }>(
      `mutation($email: String, $p: String) { updateUserDetails(name: "Alex Agent", mobileNumber: "0400 111 222", email: $email, currentPassword: $p) { email mobileNumber isEmailVerified agentProfile { name } } }`,
      { email: newEmail, p: PASSWORD },
      agent.token,
    );
    expect(result.data!.updateUserDetails).toEqual({
      email: newEmail,
      mobileNumber: '+61400111222',
      isEmailVerified: false,
      agentProfile: { name: 'Alex Agent' },
    });
    expect((await server.emailsTo(newEmail)).length).toBe(1);
  });

  it('answers email_is_already_in_use and validation errors with the field', async () => {
    const agent = await signUpAgent(server);
    const other = await signUpAgent(server);
    const taken = await server.gql(
      `mutation($email: String, $p: String) { updateUserDetails(email: $email, currentPassword: $p) { id } }`,
      { email: other.email, p: PASSWORD },
      agent.token,
    );
    expect(taken.errors![0]).toMatchObject({ message: 'email_is_already_in_use', extensions: { field: 'email' } });
    const malformed = await server.gql(
      `mutation($p: String) { updateUserDetails(email: "not-an-email", currentPassword: $p) { id } }`,
      { p: PASSWORD },
      agent.token,
    );
    expect(malformed.errors![0]).toMatchObject({ message: 'email_invalid', extensions: { code: 'email_invalid', field: 'email' } });
    const blankName = await server.gql(`mutation { updateUserDetails(name: "  ") { id } }`, {}, agent.token);
    expect(blankName.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'name', reason: 'Name is required' });
    const offSite = await server.gql(`mutation { updateUserDetails(nextPage: "https://evil.example") { id } }`, {}, agent.token);
    expect(offSite.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'nextPage' });
  });
});

describe('a stolen session cannot keep the account', () => {
  const CHANGE_PASSWORD = `mutation($p: String!, $c: String) { updateUserPassword(password: $p, currentPassword: $c) { id } }`;
  const CHANGE_EMAIL = `mutation($e: String, $c: String) { updateUserDetails(email: $e, currentPassword: $c) { email isEmailVerified } }`;
  const UNDO = `mutation($t: String!) { undoEmailChange(emailChangeUndoToken: $t) { message } }`;
  const undoLinkIn = async (address: string) => {
    const mail = (await server.emailsTo(address)).find((m) => m.template === 'email-changed');
    return mail ? linkFrom(mail.text, /\/undo-email-change\/([\w-]+)/)[1]! : null;
  };

  it('changes the password only with the current one, answering incorrect_password when it is missing or wrong', async () => {
    const agent = await signUpAgent(server);
    const missing = await server.gql(CHANGE_PASSWORD, { p: 'taken-over-password' }, agent.token);
    expect(missing.errors![0]).toMatchObject({
      message: 'incorrect_password',
      extensions: { code: 'incorrect_password', field: 'currentPassword' },
    });
    expect(codeOf(await server.gql(CHANGE_PASSWORD, { p: 'taken-over-password', c: 'a-guess-at-it' }, agent.token))).toBe(
      'incorrect_password',
    );
    expect(codeOf(await server.gql(LOGIN, { email: agent.email, password: 'taken-over-password' }))).toBe('invalid_credentials');
    expect(codeOf(await server.gql(CHANGE_PASSWORD, { p: 'my-own-new-password', c: PASSWORD }, agent.token))).toBeNull();
    await login(server, agent.email, 'my-own-new-password');
  });

  it('changes the login e-mail only with the current password; name and mobile need none', async () => {
    const seller = await createSeller(server);
    const stolen = uniqueEmail('thief');
    expect(codeOf(await server.gql(CHANGE_EMAIL, { e: stolen }, seller.token))).toBe('incorrect_password');
    expect(codeOf(await server.gql(CHANGE_EMAIL, { e: stolen, c: 'not-the-password' }, seller.token))).toBe('incorrect_password');
    expect(await server.emailsTo(stolen)).toHaveLength(0);
    expect((await server.gql<{ me: { email: string } }>(ME, {}, seller.token)).data!.me.email).toBe(seller.email);
    // The same e-mail again is no change.
    expect(codeOf(await server.gql(CHANGE_EMAIL, { e: seller.email.toUpperCase() }, seller.token))).toBeNull();
    const details = await server.gql(
      `mutation { updateUserDetails(name: "Still Me", mobileNumber: "0400 222 333") { id } }`,
      {},
      seller.token,
    );
    expect(details.errors).toBeUndefined();
  });

  it('keeps the flow of accounts without a password (ghost, social-only)', async () => {
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const token = ghost.data!.createGhostUser.token;
    expect(codeOf(await server.gql(CHANGE_EMAIL, { e: uniqueEmail('ghost') }, token))).toBeNull();
    const socialOnly = await createSeller(server);
    await server.deps.db.execute(sql`update users set password_hash = null where id = ${socialOnly.userId}`);
    const moved = uniqueEmail('social');
    expect(codeOf(await server.gql(CHANGE_EMAIL, { e: moved }, socialOnly.token))).toBeNull();
    expect(codeOf(await server.gql(CHANGE_PASSWORD, { p: 'first-password-here' }, socialOnly.token))).toBeNull();
    // Now it has one, and it is asked for.
    expect(codeOf(await server.gql(CHANGE_PASSWORD, { p: 'second-password-here' }, socialOnly.token))).toBe('incorrect_password');
    const me = await server.gql<{ me: { hasPassword: boolean } }>(`{ me { hasPassword } }`, {}, socialOnly.token);
    expect(me.data!.me.hasPassword).toBe(true);
  });

  it('limits wrong current passwords per user', async () => {
    const agent = await signUpAgent(server);
    for (let i = 0; i < 5; i++) {
      expect(codeOf(await server.gql(CHANGE_PASSWORD, { p: 'taken-over-password', c: `guess-${i}-guess` }, agent.token))).toBe(
        'incorrect_password',
      );
    }
    expect(codeOf(await server.gql(CHANGE_PASSWORD, { p: 'taken-over-password', c: PASSWORD }, agent.token))).toBe('too_many_requests');
  });

  it('tells the old address of an e-mail change, with a link that undoes it once, within 7 days', async () => {
    const seller = await createSeller(server);
    const other = await login(server, seller.email, PASSWORD);
    const thief = uniqueEmail('thief');
    const changed = await server.gql<{ updateUserDetails: { email: string; isEmailVerified: boolean } }>(
      CHANGE_EMAIL,
      { e: thief, c: PASSWORD },
      seller.token,
    );
    expect(changed.data!.updateUserDetails).toEqual({ email: thief, isEmailVerified: false });
    const notice = (await server.emailsTo(seller.email)).find((m) => m.template === 'email-changed')!;
    expect(notice.subject).toBe('Your Listwise email address was changed');
    expect(notice.text).toContain(thief);
    const undoToken = (await undoLinkIn(seller.email))!;

    const undone = await server.gql<{ undoEmailChange: { message: string } }>(UNDO, { t: undoToken });
    expect(undone.data!.undoEmailChange.message).toBe('Email change undone');
    // Everyone is signed out, the old address is back and verified, and a reset link is on its way to it.
    for (const token of [seller.token, other]) expect((await server.gql<{ me: null }>(ME, {}, token)).data!.me).toBeNull();
    const back = await login(server, seller.email, PASSWORD);
    expect((await server.gql<{ me: { email: string; isEmailVerified: boolean } }>(ME, {}, back)).data!.me).toMatchObject({
      email: seller.email,
      isEmailVerified: true,
    });
    expect((await server.emailsTo(seller.email)).filter((m) => m.template === 'password-reset')).toHaveLength(1);
    // The new address's verification link is over, and the undo link works once.
    const [, verifyToken] = linkFrom((await server.emailsTo(thief))[0]!.text, /\/verify-email\/([\w-]+)/);
    expect(
      codeOf(await server.gql(`mutation($t: String!) { verifyEmail(emailVerificationToken: $t) { message } }`, { t: verifyToken })),
    ).toBe('invalid_token');
    expect(codeOf(await server.gql(UNDO, { t: undoToken }))).toBe('invalid_token');
    expect(codeOf(await server.gql(UNDO, { t: 'made-up' }))).toBe('invalid_token');
  });

  it('ends the undo link after 7 days, and refuses to undo onto an address someone else took meanwhile', async () => {
    const seller = await createSeller(server);
    await server.gql(CHANGE_EMAIL, { e: uniqueEmail('moved'), c: PASSWORD }, seller.token);
    const late = (await undoLinkIn(seller.email))!;
    server.deps.clock.advance(7 * 86_400_000 + 1000);
    try {
      expect(codeOf(await server.gql(UNDO, { t: late }))).toBe('invalid_token');
    } finally {
      server.deps.clock.reset();
    }

    const agent = await signUpAgent(server);
    const oldAddress = agent.email;
    await server.gql(CHANGE_EMAIL, { e: uniqueEmail('moved'), c: PASSWORD }, agent.token);
    const undoToken = (await undoLinkIn(oldAddress))!;
    await signUpAgent(server, oldAddress);
    expect(codeOf(await server.gql(UNDO, { t: undoToken }))).toBe('email_is_already_in_use');
  });

  it('sends no notice for a ghost filling in its address', async () => {
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const token = ghost.data!.createGhostUser.token;
    const first = uniqueEmail('typo');
    await server.gql(CHANGE_EMAIL, { e: first }, token);
    await server.gql(CHANGE_EMAIL, { e: uniqueEmail('fixed') }, token);
    expect(await undoLinkIn(first)).toBeNull();
  });
});

describe('settings and the error contract', () => {
  it('serves the static cashback amount in dollars', async () => {
    const CASHBACK = `{ staticCashbackAmount }`;
    expect((await server.gql<{ staticCashbackAmount: number }>(CASHBACK)).data!.staticCashbackAmount).toBe(500);
    await setSetting(server.deps.db, 'staticCashbackAmountCents', 62_550);
    try {
      const seller = await createSeller(server);
      expect((await server.gql<{ staticCashbackAmount: number }>(CASHBACK, {}, seller.token)).data!.staticCashbackAmount).toBe(625.5);
    } finally {
      await setSetting(server.deps.db, 'staticCashbackAmountCents', 50_000);
    }
  });

  it('rejects over-deep queries without leaking internals', async () => {
    const deep = `{ me { agentProfile { profilePicture { id } } } ${'a: me { id } '.repeat(1)} }`;
    expect((await server.gql(deep)).errors).toBeUndefined();
    let nested = 'id';
    for (let i = 0; i < 15; i++) nested = `nearbySuburbs { ${nested} }`;
    const tooDeep = await server.gql(`{ suburbs(ids: ["1"]) { ${nested} } }`);
    expect(tooDeep.errors?.[0]?.message).toMatch(/depth/i);
    expect(JSON.stringify(tooDeep)).not.toMatch(/stack|at \//);
  });

  it('serves health with a database check', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
