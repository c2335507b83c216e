import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sellerProfiles, sessions, socialIdentities, users } from '../../db/schema/accounts.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { endOneTimeTokens } from './sessions.service.ts';
import { forgetSignInAddresses } from './sign-in-addresses.ts';

/**
 * The accounts module's part of closing an account (privacy/account-deletion.service.ts orchestrates).
 *
 * The user row is locked `FOR NO KEY UPDATE`, as every other writer that locks a user does (docs/decisions/0008):
 * a charge, a renewal's tax invoice or any row written on another connection that references the user takes
 * `FOR KEY SHARE` on it through its foreign key, which `FOR UPDATE` would block while that connection holds a row
 * closing waits for: a deadlock.
 */
export async function lockUserForClosing(tx: Tx, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  if (!user) throw new AppError('not_found');
  return user;
}

/** Signed out everywhere: every session revoked, every link ended, social sign-ins and sign-in addresses forgotten. */
export async function endSessionsAndLinks(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await endOneTimeTokens(tx, userId, ['EMAIL_VERIFICATION', 'PASSWORD_RESET', 'CONTINUE', 'EMAIL_CHANGE_UNDO', 'ACCOUNT_DELETION'], now);
  await tx.delete(socialIdentities).where(eq(socialIdentities.userId, userId));
  await forgetSignInAddresses(tx, userId);
}

/**
 * Last of all: the e-mail, password, mobile number and the seller's name are erased and the row marked closed. The
 * row stays, since the ledger, tax invoices and cashback payments point at it; the e-mail is free for a new account.
 */
export async function eraseAccountDetails(tx: Tx, user: UserRow, now: Date): Promise<void> {
  if (user.userType === 'SELLER') {
    await tx.update(sellerProfiles).set({ name: null, socialEmail: null, nextPage: null }).where(eq(sellerProfiles.userId, user.id));
  }
  await tx
    .update(users)
    .set({ email: null, passwordHash: null, mobileNumber: null, emailVerifiedAt: null, deletedAt: now, updatedAt: now })
    .where(eq(users.id, user.id));
}
