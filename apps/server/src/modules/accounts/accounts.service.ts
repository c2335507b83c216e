import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { agentSignupSchema, emailField, loginSchema, newPasswordField } from '@listwise/domain/validation';
import type { Database, Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import {
  assertRateLimitsNotReached,
  consumeRateLimits,
  recordRefusalOf,
  releaseRateLimits,
  type RateLimitRule,
} from '../../db/rate-limit.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { ContinueSignupEmail, PasswordResetEmail, VerifyEmailEmail } from '../notifications/templates/account-emails.tsx';
import type { UserRow } from '../../graphql/context.ts';
import {
  consumeOneTimeToken,
  createSession,
  endOneTimeTokens,
  findUsedOneTimeToken,
  issueOneTimeToken,
  revokeOtherSessions,
  revokeSession,
} from './sessions.service.ts';
import { acceptanceOfCurrentTerms } from './terms.ts';
import { theRow } from '../../lib/rows.ts';
import { parsePhone } from './phone.ts';
import { isKnownSignInAddress, recordSignInAddress } from './sign-in-addresses.ts';

/** Accounts: sign-up, login, ghost users, e-mail verification, password reset and continue links. */

export interface AuthResult {
  token: string;
  user: UserRow;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

function rateLimitRules(deps: Deps, action: string, email: string | null, clientAddress: string): RateLimitRule[] {
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  const rules: RateLimitRule[] = [{ key: `${action}:ip:${clientAddress}`, max: max * 10, windowSeconds }];
  if (email) rules.push({ key: `${action}:email:${email}`, max, windowSeconds });
  return rules;
}

/**
 * Failed logins count per e-mail and client address, so one client's wrong passwords never lock the owner out from
 * elsewhere; a per-address limit slows guesses spread over many e-mails; and a wider per-e-mail limit slows guesses
 * spread over many addresses. That last one counts only attempts from addresses that have not signed in to the
 * account (sign-in-addresses.ts): strangers filling it from many addresses do not lock the owner out where the owner
 * signs in. Narrowest first: an address past its own limit counts nowhere else.
 */
function loginRateLimitRules(deps: Deps, email: string, clientAddress: string, isKnownAddress: boolean): RateLimitRule[] {
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  const rules = [
    { key: `login:email-ip:${email}:${clientAddress}`, max, windowSeconds },
    { key: `login:ip:${clientAddress}`, max: max * 10, windowSeconds },
  ];
  if (!isKnownAddress) rules.push({ key: `login:email:${email}`, max: max * LOGIN_EMAIL_LIMIT_FACTOR, windowSeconds });
  return rules;
}

/** How many times one client's limit for an e-mail the e-mail's own limit allows, over every address together. */
export const LOGIN_EMAIL_LIMIT_FACTOR = 5;

/**
 * 'Email address is already in use' tells whether an address has an account: sign-up and e-mail changes count
 * those answers per client address, like failed logins. A client past the limit gets `too_many_requests` for every
 * address, free or not, so the answer tells nothing; and an 'in use' answer goes out only when its atomic count
 * stays within the limit, so concurrent probes cannot get more. Sign-ups of free addresses count nothing.
 */
export async function limitEmailInUseAnswers<T>(deps: Deps, clientAddress: string, attempt: () => Promise<T>): Promise<T> {
  const now = deps.clock.now();
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  const rules = [{ key: `email-in-use:ip:${clientAddress}`, max, windowSeconds }];
  await assertRateLimitsNotReached(deps.db, now, rules);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError && error.code === 'email_is_already_in_use') await consumeRateLimits(deps.db, now, rules);
    // Sign-ups and e-mail changes count their own limits inside their transaction, which a refusal rolls back.
    await recordRefusalOf(deps.db, now, error);
    throw error;
  }
}

/**
 * Changing the password or the login e-mail needs the current password when the account has one; ghost and
 * social-only accounts (no password) keep their flow. Wrong answers count per user like failed logins, so a stolen
 * session cannot guess its way through.
 */
export async function assertCurrentPassword(
  deps: Deps,
  user: UserRow,
  currentPassword: string | null | undefined,
  field: 'currentPassword' | 'password' = 'currentPassword',
) {
  if (!user.passwordHash || user.isGhostUser) return;
  const now = deps.clock.now();
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  const rules = [{ key: `current-password:user:${user.id}`, max, windowSeconds }];
  await consumeRateLimits(deps.db, now, rules);
  if (!currentPassword || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('incorrect_password', field);
  }
  await releaseRateLimits(deps.db, now, rules);
}

async function findUserByEmail(db: Tx, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export async function assertEmailFree(db: Tx, email: string, exceptUserId?: string) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.id !== exceptUserId) throw new AppError('email_is_already_in_use', 'email');
}

export async function getUser(db: Tx, userId: string): Promise<UserRow> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw new AppError('not_found');
  return user;
}

/** Queues the verification e-mail with a fresh 24-hour link, which verifies only the address it is sent to. */
export async function sendVerificationEmail(deps: Deps, db: Tx, user: Pick<UserRow, 'id' | 'email'>) {
  if (!user.email) return;
  const token = await issueOneTimeToken(db, user.id, 'EMAIL_VERIFICATION', deps.clock.now(), user.email);
  await queueEmail(deps, db, {
    to: user.email,
    subject: 'Verify your email for Listwise',
    template: 'verify-email',
    body: VerifyEmailEmail({ link: `${deps.config.appUrl}/verify-email/${token}` }),
  });
}

/** Both the 'already in use' answers and the accounts made count per client address: each tells or e-mails something. */
export async function createAgentUser(deps: Deps, input: { email: string; password: string }, clientAddress: string): Promise<AuthResult> {
  const { email, password } = parseInput(agentSignupSchema, input);
  const normalised = normaliseEmail(email);
  const passwordHash = await hashPassword(password);
  return limitEmailInUseAnswers(deps, clientAddress, () => insertAgentUser(deps, normalised, passwordHash, clientAddress));
}

/**
 * Each new agent account e-mails an address nobody has proved is theirs: SIGN_UPS_PER_ADDRESS_MAX per client address
 * and window. Counted in the sign-up's own transaction, so a sign-up refused for another reason (an address in use)
 * gives its count back with the rollback, and concurrent sign-ups queue on the counter's row.
 */
async function countAgentSignUp(deps: Deps, tx: Tx, clientAddress: string, now: Date) {
  const { SIGN_UPS_PER_ADDRESS_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  await consumeRateLimits(tx, now, [{ key: `agent-sign-up:ip:${clientAddress}`, max, windowSeconds }]);
}

async function insertAgentUser(deps: Deps, normalised: string, passwordHash: string, clientAddress: string): Promise<AuthResult> {
  return deps.db
    .transaction(async (tx) => {
      await assertEmailFree(tx, normalised);
      const now = deps.clock.now();
      await countAgentSignUp(deps, tx, clientAddress, now);
      const [user] = await tx
        .insert(users)
        // The sign-up page says that creating the account accepts the terms and privacy policy: the current version.
        .values({ email: normalised, passwordHash, userType: 'AGENT', createdAt: now, updatedAt: now, ...acceptanceOfCurrentTerms(now) })
        .returning();
      await tx.insert(agentProfiles).values({ userId: user!.id });
      await sendVerificationEmail(deps, tx, user!);
      await recordSignInAddress(tx, user!.id, clientAddress, now);
      return { token: await createSession(tx, user!.id, now), user: user! };
    })
    .catch(rethrowUniqueEmail);
}

// Two sign-ups racing for one e-mail: the unique index decides, and the loser gets the catalogue code.
export function rethrowUniqueEmail(error: unknown): never {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  if ((cause as { code?: string })?.code === '23505') throw new AppError('email_is_already_in_use', 'email');
  throw error;
}

/** A success records the client address as one the account signs in from (see loginRateLimitRules for why). */
export async function login(deps: Deps, input: { email: string; password: string }, clientAddress: string): Promise<AuthResult> {
  const { email, password } = parseInput(loginSchema, input);
  const normalised = normaliseEmail(email);
  const now = deps.clock.now();
  const user = await findUserByEmail(deps.db, normalised);
  const isKnownAddress = !!user && (await isKnownSignInAddress(deps.db, user.id, clientAddress, now));
  const rules = loginRateLimitRules(deps, normalised, clientAddress, isKnownAddress);
  // Every attempt is counted before the password is checked, and given back when it was right.
  await consumeRateLimits(deps.db, now, rules);
  const isValid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !isValid) throw new AppError('invalid_credentials');
  await releaseRateLimits(deps.db, now, rules);
  await recordSignInAddress(deps.db, user.id, clientAddress, now);
  return { token: await createSession(deps.db, user.id, now), user };
}

/** How many ghost sellers one client address may start per window, as a multiple of RATE_LIMIT_MAX. */
export const GHOST_USERS_LIMIT_FACTOR = 3;

/**
 * Anyone may call it, so it counts per client address: without a limit one script could fill the users table (and,
 * through the ghost's session, the media store). Generous, since an office or a phone network shares one address.
 */
export async function createGhostUser(deps: Deps, clientAddress: string): Promise<AuthResult> {
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  await consumeRateLimits(deps.db, deps.clock.now(), [
    { key: `ghost:ip:${clientAddress}`, max: max * GHOST_USERS_LIMIT_FACTOR, windowSeconds },
  ]);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [user] = await tx.insert(users).values({ userType: 'SELLER', isGhostUser: true, createdAt: now, updatedAt: now }).returning();
    await tx.insert(sellerProfiles).values({ userId: user!.id, nextPage: '/new-property/address' });
    return { token: await createSession(tx, user!.id, now), user: user! };
  });
}

export async function getUserByToken(deps: Deps, continueToken: string): Promise<AuthResult> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const userId = (await consumeOneTimeToken(tx, continueToken, 'CONTINUE', now))?.userId;
    if (!userId) throw new AppError('invalid_token');
    return { token: await createSession(tx, userId, now), user: await getUser(tx, userId) };
  });
}

export async function sendContinueEmail(deps: Deps, input: { email: string }, clientAddress: string) {
  const email = normaliseEmail(parseInput(z.object({ email: emailField }), input).email);
  await consumeRateLimits(deps.db, deps.clock.now(), rateLimitRules(deps, 'continue', email, clientAddress));
  const user = await findUserByEmail(deps.db, email);
  const isUnfinishedSeller = user?.userType === 'SELLER' && (user.isGhostUser || !user.emailVerifiedAt || !user.passwordHash);
  if (!user || !isUnfinishedSeller) throw new AppError('user_invalid_or_already_verified');
  await deps.db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, user.id, 'CONTINUE', deps.clock.now(), email);
    await queueEmail(deps, tx, {
      to: email,
      subject: 'Continue your Listwise listing',
      template: 'continue-signup',
      body: ContinueSignupEmail({ link: `${deps.config.appUrl}/continue/${token}` }),
    });
  });
  return { message: 'Please, check your email for link to complete registration' };
}

/** Issuing a link ends the earlier ones, so a link found in an old mailbox is worth nothing. */
export async function sendPasswordResetEmail(deps: Deps, input: { email: string }, clientAddress: string) {
  const email = normaliseEmail(parseInput(z.object({ email: emailField }), input).email);
  await consumeRateLimits(deps.db, deps.clock.now(), rateLimitRules(deps, 'reset', email, clientAddress));
  const user = await deps.db.query.users.findFirst({ where: and(eq(users.email, email), isNotNull(users.passwordHash)) });
  if (user) {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await endOneTimeTokens(tx, user.id, ['PASSWORD_RESET'], now);
      const token = await issueOneTimeToken(tx, user.id, 'PASSWORD_RESET', now, email);
      await queueEmail(deps, tx, {
        to: email,
        subject: 'Reset your Listwise password',
        template: 'password-reset',
        body: PasswordResetEmail({ link: `${deps.config.appUrl}/change-password/user/${user.id}/token/${token}` }),
      });
    });
  }
  return { message: 'Link sent' };
}

/** Signs out everywhere: whoever needed a reset may not be the only one who knew the old password. */
export async function updateUserPasswordWithResetToken(
  deps: Deps,
  input: { userId: string; passwordResetToken: string; password: string },
) {
  const password = parseInput(z.object({ password: newPasswordField }), input).password;
  if (!isUuid(input.userId)) throw new AppError('invalid_password_reset_token');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const userId = (await consumeOneTimeToken(tx, input.passwordResetToken, 'PASSWORD_RESET', now, input.userId))?.userId;
    if (!userId) throw new AppError('invalid_password_reset_token');
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await endOneTimeTokens(tx, userId, ['PASSWORD_RESET'], now);
    await revokeOtherSessions(tx, userId, null, now);
  });
  return { message: 'Password Changed' };
}

/** Other sessions and reset links end, so a new password shuts out whoever knew the old one. */
export async function updateUserPassword(
  deps: Deps,
  user: UserRow,
  sessionId: string,
  input: { password: string; mobileNumber?: string | null; currentPassword?: string | null },
) {
  const { password } = parseInput(z.object({ password: newPasswordField }), input);
  const mobileNumber = input.mobileNumber ? parsePhone(input.mobileNumber) : undefined;
  await assertCurrentPassword(deps, user, input.currentPassword);
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, ...(mobileNumber && { mobileNumber }), ...(user.email && { isGhostUser: false }) })
      .where(eq(users.id, user.id))
      .returning()
      .then(theRow);
    await endOneTimeTokens(tx, user.id, ['PASSWORD_RESET'], now);
    await revokeOtherSessions(tx, user.id, sessionId, now);
    return updated;
  });
}

/**
 * A link proves only the address it was sent to: one sent before an e-mail change proves nothing about the new
 * address. Links without a recorded address (`email`) verify nothing; a resend gives a good one.
 */
export async function verifyEmail(deps: Deps, emailVerificationToken: string) {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const token = await consumeOneTimeToken(tx, emailVerificationToken, 'EMAIL_VERIFICATION', now);
    if (!token?.email) {
      // The same link opened twice (a mail client's preview, a second click) says so, not 'Invalid/ Expired Token'
      //: only when that link's own address is the account's address and is verified.
      const used = await findUsedOneTimeToken(tx, emailVerificationToken, 'EMAIL_VERIFICATION');
      const owner = used?.email ? await tx.query.users.findFirst({ where: eq(users.id, used.userId) }) : undefined;
      throw new AppError(owner?.emailVerifiedAt && owner.email === used?.email ? 'email_already_verified' : 'invalid_token');
    }
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, token.userId), eq(users.email, token.email)))
      .returning({ id: users.id });
    if (!verified) throw new AppError('invalid_token');
  });
  return { message: 'Email Verified' };
}

export async function resendVerificationEmail(
  deps: Deps,
  caller: UserRow | null,
  userId: string | null | undefined,
  clientAddress: string,
) {
  // Signed in: always the caller. Signed out: the user named by id (unknown or malformed ids are not_found).
  const targetId = caller?.id ?? userId;
  if (!targetId) throw new AppError('unauthorized');
  const user = isUuid(targetId) ? await deps.db.query.users.findFirst({ where: eq(users.id, targetId) }) : undefined;
  if (!user) throw new AppError('not_found');
  if (!user.email || user.emailVerifiedAt) throw new AppError('user_invalid_or_already_verified');
  await consumeRateLimits(deps.db, deps.clock.now(), rateLimitRules(deps, 'verify', user.email, clientAddress));
  await deps.db.transaction((tx) => sendVerificationEmail(deps, tx, user));
  return { message: 'Verification email sent successfully' };
}

export async function logout(deps: Deps, sessionId: string) {
  await revokeSession(deps.db, sessionId, deps.clock.now());
  return true;
}

/** A ghost user that never finished is removed after 30 days (PRODUCT.md); the maintenance job calls this. */
export async function removeAbandonedGhostUsers(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 30 * 86_400_000);
  const removed = await db
    .delete(users)
    .where(and(eq(users.isGhostUser, true), lt(users.createdAt, cutoff)))
    .returning({ id: users.id });
  return removed.length;
}
