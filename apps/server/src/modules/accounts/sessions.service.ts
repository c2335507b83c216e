import { and, eq, gt, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { TOKEN_TTL_MS } from '@listwise/domain/constants';
import type { Tx } from '../../db/client.ts';
import { oneTimeTokens, sessions, users, type OneTimeTokenPurpose } from '../../db/schema/accounts.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** Sessions (opaque bearer tokens) and one-time tokens (verification, reset, continue). Only hashes are stored. */

/**
 * An operator's session lives OPERATOR_IDLE after its last use, so its `expires_at` slides forward as it is used,
 * but never past OPERATOR_ABSOLUTE after it was created: a token left in a browser, or taken from one, is not good for
 * ever however busy it is kept. To save a write per request it moves only once it is this much behind.
 */
const OPERATOR_IDLE = TOKEN_TTL_MS.operatorSessionIdle;
const OPERATOR_ABSOLUTE = TOKEN_TTL_MS.operatorSessionAbsolute;
const OPERATOR_SLIDE_STEP_MS = 5 * 60_000;

export async function createSession(db: Tx, userId: string, now: Date): Promise<string> {
  const token = newToken();
  const [user] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, userId));
  const ttl = user?.userType === 'ADMIN' ? OPERATOR_IDLE : TOKEN_TTL_MS.session;
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + ttl) });
  return token;
}

/**
 * The live session and its user for a bearer token, or null when missing, expired or revoked. Using an operator's
 * session keeps it alive for another OPERATOR_IDLE (within OPERATOR_SLIDE_STEP_MS), up to OPERATOR_ABSOLUTE.
 */
export async function findSessionUser(db: Tx, token: string, now: Date) {
  const [row] = await db
    .select({ sessionId: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (row.user.userType === 'ADMIN') {
    const deadline = Math.min(now.getTime() + OPERATOR_IDLE, row.createdAt.getTime() + OPERATOR_ABSOLUTE);
    if (row.expiresAt.getTime() < deadline - OPERATOR_SLIDE_STEP_MS) {
      await db
        .update(sessions)
        .set({ expiresAt: new Date(deadline) })
        .where(eq(sessions.id, row.sessionId));
    }
  }
  return { sessionId: row.sessionId, user: row.user };
}

export async function revokeSession(db: Tx, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user except the one given (after a password change or reset). */
export async function revokeOtherSessions(db: Tx, userId: string, keepSessionId: string | null, now: Date) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
}

const TTL_BY_PURPOSE: Record<OneTimeTokenPurpose, number> = {
  EMAIL_VERIFICATION: TOKEN_TTL_MS.emailVerification,
  PASSWORD_RESET: TOKEN_TTL_MS.passwordReset,
  CONTINUE: TOKEN_TTL_MS.continue,
  EMAIL_CHANGE_UNDO: TOKEN_TTL_MS.emailChangeUndo,
  ACCOUNT_DELETION: TOKEN_TTL_MS.accountDeletion,
};

/** Issues a one-time token; `email` is the address the link goes to, for the purposes bound to it. */
export async function issueOneTimeToken(
  db: Tx,
  userId: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
  email: string | null = null,
): Promise<string> {
  const token = newToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL_BY_PURPOSE[purpose]),
  });
  return token;
}

/**
 * Marks a one-time token used and returns its user id and address, or null when it is unknown, used, expired or of
 * another purpose. The conditional update makes a token single-use even under concurrent requests.
 */
export async function consumeOneTimeToken(db: Tx, token: string, purpose: OneTimeTokenPurpose, now: Date, userId?: string) {
  const conditions = [
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  ];
  if (userId) conditions.push(eq(oneTimeTokens.userId, userId));
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(...conditions))
    .returning({ userId: oneTimeTokens.userId, email: oneTimeTokens.email });
  return row ?? null;
}

/** Ends a user's unused links of the given purposes (an e-mail change, a new reset link, a password set). */
export async function endOneTimeTokens(db: Tx, userId: string, purposes: OneTimeTokenPurpose[], now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt)));
}

/** A one-time token that was already used or ended (not one that expired unused or never existed): its user and address. */
export async function findUsedOneTimeToken(db: Tx, token: string, purpose: OneTimeTokenPurpose) {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId, email: oneTimeTokens.email })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose), isNotNull(oneTimeTokens.usedAt)))
    .limit(1);
  return row ?? null;
}
