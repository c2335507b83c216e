import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailField, nameField } from '@listwise/domain/validation';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { EmailChangedEmail, PasswordResetEmail } from '../notifications/templates/account-emails.tsx';
import type { UserRow } from '../../graphql/context.ts';
import { consumeOneTimeToken, endOneTimeTokens, issueOneTimeToken, revokeOtherSessions } from './sessions.service.ts';
import { isSocialEmailVerified } from './social-sign-in.service.ts';
import { acceptanceOfCurrentTerms } from './terms.ts';
import { theRow } from '../../lib/rows.ts';
import { parsePhone } from './phone.ts';
import { consumeRateLimits } from '../../db/rate-limit.ts';
import {
  assertCurrentPassword,
  assertEmailFree,
  limitEmailInUseAnswers,
  normaliseEmail,
  rethrowUniqueEmail,
  sendVerificationEmail,
} from './accounts.service.ts';

/** The user's own details (name, phone, e-mail, role profile), and undoing an e-mail change from the notice sent to the old address. */

export interface UserDetailsInput {
  name?: string | null;
  mobileNumber?: string | null;
  email?: string | null;
  socialEmail?: string | null;
  isPrivacyPolicyAccepted?: boolean | null;
  nextPage?: string | null;
  currentPassword?: string | null;
}

/**
 * A provider's word (`socialEmail`) counts only for the very address it vouched for; the old address is told, with
 * an undo link, because a stolen session could otherwise take the account by changing its e-mail.
 */
export async function updateUserDetails(deps: Deps, user: UserRow, input: UserDetailsInput, clientAddress: string): Promise<UserRow> {
  const name = input.name != null ? parseInput(z.object({ name: nameField }), input).name : undefined;
  const email = input.email != null ? normaliseEmail(parseInput(z.object({ email: emailField }), input).email) : undefined;
  const mobileNumber = input.mobileNumber != null ? parsePhone(input.mobileNumber) : undefined;
  const nextPage = input.nextPage != null ? parseNextPage(input.nextPage) : undefined;
  const socialEmail = input.socialEmail ? normaliseEmail(input.socialEmail) : undefined;
  const parsed = { name, email, mobileNumber, nextPage, socialEmail };
  if (email === undefined || email === user.email) return saveUserDetails(deps, user, parsed, input, clientAddress);
  await assertCurrentPassword(deps, user, input.currentPassword);
  return limitEmailInUseAnswers(deps, clientAddress, () => saveUserDetails(deps, user, parsed, input, clientAddress));
}

/** E-mail changes one account may make per EMAIL_CHANGE_ACCOUNT_WINDOW_SECONDS, as RATE_LIMIT_MAX. */
export const EMAIL_CHANGE_ACCOUNT_WINDOW_SECONDS = 86_400;
/** E-mail changes one client address may make per RATE_LIMIT_WINDOW_SECONDS, over every account, as a multiple of RATE_LIMIT_MAX. */
export const EMAIL_CHANGES_PER_ADDRESS_FACTOR = 10;

/**
 * Every new address is sent a verification link (and the old one a notice): changes are counted per account (a day)
 * and per client address, so an account cannot be used to e-mail strangers. Counted in the change's own
 * transaction: a change refused for another reason gives its count back with the rollback.
 */
async function countEmailChange(deps: Deps, tx: Tx, userId: string, clientAddress: string, now: Date) {
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  await consumeRateLimits(tx, now, [
    { key: `email-change:user:${userId}`, max, windowSeconds: EMAIL_CHANGE_ACCOUNT_WINDOW_SECONDS },
    { key: `email-change:ip:${clientAddress}`, max: max * EMAIL_CHANGES_PER_ADDRESS_FACTOR, windowSeconds },
  ]);
}

async function saveUserDetails(
  deps: Deps,
  user: UserRow,
  parsed: { name?: string; email?: string; mobileNumber?: string; nextPage?: string; socialEmail?: string },
  input: UserDetailsInput,
  clientAddress: string,
): Promise<UserRow> {
  const { name, email, mobileNumber, nextPage, socialEmail } = parsed;
  return deps.db
    .transaction(async (tx) => {
      const now = deps.clock.now();
      const isEmailChanged = email !== undefined && email !== user.email;
      if (isEmailChanged) await assertEmailFree(tx, email, user.id);
      if (isEmailChanged) await countEmailChange(deps, tx, user.id, clientAddress, now);
      const isSocialEmailTrusted =
        user.userType === 'SELLER' && email !== undefined && socialEmail === email && (await isSocialEmailVerified(tx, user.id, email));
      const emailVerifiedAt = isSocialEmailTrusted ? (isEmailChanged ? now : (user.emailVerifiedAt ?? now)) : null;
      const updated = await tx
        .update(users)
        .set({
          updatedAt: now,
          ...(mobileNumber && { mobileNumber }),
          ...((isEmailChanged || isSocialEmailTrusted) && { email, emailVerifiedAt }),
          // The address step's consent checkbox accepts the terms and privacy policy of today.
          ...(input.isPrivacyPolicyAccepted === true && acceptanceOfCurrentTerms(now)),
        })
        .where(eq(users.id, user.id))
        .returning()
        .then(theRow);
      await updateRoleProfile(tx, user, {
        name,
        nextPage,
        socialEmail: isSocialEmailTrusted ? socialEmail : undefined,
        isPrivacyPolicyAccepted: input.isPrivacyPolicyAccepted,
      });
      // Every link sent to the old address ends with it: verification, continue and reset links.
      if (isEmailChanged) await endOneTimeTokens(tx, user.id, ['EMAIL_VERIFICATION', 'CONTINUE', 'PASSWORD_RESET'], now);
      if (isEmailChanged && !isSocialEmailTrusted) await sendVerificationEmail(deps, tx, updated);
      // A ghost's address was only ever typed on the address step; a real account's old address is told.
      if (isEmailChanged && user.email && !user.isGhostUser) await sendEmailChangedNotice(deps, tx, user.id, user.email, email);
      return updated;
    })
    .catch(rethrowUniqueEmail);
}

// Only in-app paths are stored as the resume point, never an outside address.
function parseNextPage(value: string): string {
  if (!/^\/[A-Za-z0-9/_\-?=&#.]*$/.test(value) || value.startsWith('//')) throw new AppError('validation_failed', 'nextPage');
  return value;
}

async function updateRoleProfile(
  tx: Tx,
  user: UserRow,
  fields: { name?: string; nextPage?: string; socialEmail?: string | null; isPrivacyPolicyAccepted?: boolean | null },
) {
  if (user.userType === 'AGENT' && fields.name !== undefined) {
    await tx.update(agentProfiles).set({ name: fields.name }).where(eq(agentProfiles.userId, user.id));
  }
  if (user.userType === 'SELLER') {
    const set = {
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.nextPage !== undefined && { nextPage: fields.nextPage }),
      ...(fields.socialEmail != null && { socialEmail: fields.socialEmail }),
      ...(fields.isPrivacyPolicyAccepted != null && { isPrivacyPolicyAccepted: fields.isPrivacyPolicyAccepted }),
    };
    if (Object.keys(set).length) await tx.update(sellerProfiles).set(set).where(eq(sellerProfiles.userId, user.id));
  }
}

async function sendEmailChangedNotice(deps: Deps, tx: Tx, userId: string, oldEmail: string, newEmail: string) {
  const token = await issueOneTimeToken(tx, userId, 'EMAIL_CHANGE_UNDO', deps.clock.now(), oldEmail);
  await queueEmail(deps, tx, {
    to: oldEmail,
    subject: 'Your Listwise email address was changed',
    template: 'email-changed',
    body: EmailChangedEmail({ newEmail, link: `${deps.config.appUrl}/undo-email-change/${token}` }),
  });
}

/**
 * The old address comes back verified (its holder just used a link sent there); every session and link ends and a
 * new password is asked for, since whoever changed the e-mail may know the current one.
 */
export async function undoEmailChange(deps: Deps, emailChangeUndoToken: string) {
  await deps.db
    .transaction(async (tx) => {
      const now = deps.clock.now();
      const token = await consumeOneTimeToken(tx, emailChangeUndoToken, 'EMAIL_CHANGE_UNDO', now);
      if (!token?.email) throw new AppError('invalid_token');
      await assertEmailFree(tx, token.email, token.userId);
      const user = await tx
        .update(users)
        .set({ email: token.email, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, token.userId))
        .returning()
        .then(theRow);
      await endOneTimeTokens(tx, token.userId, ['EMAIL_VERIFICATION', 'CONTINUE', 'PASSWORD_RESET', 'EMAIL_CHANGE_UNDO'], now);
      await revokeOtherSessions(tx, token.userId, null, now);
      if (user.passwordHash) {
        const resetToken = await issueOneTimeToken(tx, user.id, 'PASSWORD_RESET', now, token.email);
        await queueEmail(deps, tx, {
          to: token.email,
          subject: 'Reset your Listwise password',
          template: 'password-reset',
          body: PasswordResetEmail({ link: `${deps.config.appUrl}/change-password/user/${user.id}/token/${resetToken}` }),
        });
      }
    })
    .catch(rethrowUniqueEmail);
  return { message: 'Email change undone' };
}
