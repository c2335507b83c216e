import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { eraseAccountDetails, endSessionsAndLinks, lockUserForClosing } from '../accounts/account-closing.ts';
import { assertCurrentPassword } from '../accounts/accounts.service.ts';
import { consumeOneTimeToken, endOneTimeTokens, findUsedOneTimeToken, issueOneTimeToken } from '../accounts/sessions.service.ts';
import { closeAgentProfile } from '../agents/account-closing.ts';
import { eraseSellerAppointmentNotes } from '../appointments/account-closing.ts';
import { releaseRequestsOfClosedAgent } from '../appraisals/account-closing.ts';
import { closeSellerListings } from '../listings/account-closing.ts';
import { deleteMediaOfUser } from '../media/account-closing.ts';
import { deleteEmailsSentTo } from '../notifications/account-closing.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { erasePushNotifications } from '../notifications/push-devices.service.ts';
import { ConfirmAccountClosingEmail } from '../notifications/templates/privacy-emails.tsx';
import { assertNoChargeInProgress, closePaymentsOfUser } from '../payments/account-closing.ts';
import { closePaymentsForAccount } from '../payments/card-detaching.ts';
import { forgetAgentNetworkAddresses, takeDownReviewsOfWriter } from '../reviews/account-closing.ts';
import { assertNoUnsettledSale, eraseBankDetailsOfSeller } from '../sales/account-closing.ts';
import { cancelSubscriptionsOfClosedAgent, lockOpenSubscriptionsOfAgent } from '../subscriptions/account-closing.ts';

/**
 * Closing an account (APP 11.2 and 13): `deleteMyAccount(password)`, or for an account without a
 * password (social sign-in only) a link e-mailed by `requestAccountDeletionEmail` and used by `confirmAccountDeletion`.
 *
 * The user row stays (the ledger, tax invoices and cashback payments the law has us keep for five years point at
 * it) but is emptied: e-mail, password, phone and names are erased, photos and uploads deleted from storage, bank
 * details erased (their masked forms stay on paid claims as the record of the payment), published listings withdrawn
 * as the seller's 'Withdraw listing' does, a public profile removed, and every session and link ended. The e-mail
 * is then free to open a new account. What is kept, for how long and why: docs/privacy.md.
 *
 * This module only orchestrates: each module closes its own part through a function it exports (its
 * `account-closing.ts`). Refused while a sale is not settled (`sale_awaiting_confirmation`, the sales module) or a
 * charge has no outcome yet (`charge_in_progress`, the payments module). A second closing answers
 * `account_already_deleted`.
 */

function assertClosable(user: UserRow) {
  if (user.deletedAt) throw new AppError('account_already_deleted');
  // Operators' accounts are staff accounts, closed by another operator, never from the console itself.
  if (user.userType === 'ADMIN') throw new AppError('forbidden');
}

const hasPassword = (user: UserRow) => !!user.passwordHash && !user.isGhostUser;

/** deleteMyAccount: the signed-in user closes their account, confirming with their password. */
export async function deleteMyAccount(deps: Deps, user: UserRow, password: string): Promise<boolean> {
  assertClosable(user);
  if (!hasPassword(user)) throw new AppError('account_has_no_password');
  await assertCurrentPassword(deps, user, password, 'password');
  await closeAccount(deps, user.id);
  return true;
}

/**
 * requestAccountDeletionEmail: an account without a password (social sign-in only) confirms by a link sent to its
 * e-mail, valid 24 hours. A sale not yet settled or a charge in progress is refused now, so the link is not sent in vain.
 */
export async function requestAccountDeletionEmail(deps: Deps, user: UserRow): Promise<{ message: string }> {
  assertClosable(user);
  if (hasPassword(user) || !user.email) throw new AppError('invalid_state');
  await deps.db.transaction(async (tx) => {
    await assertNoUnsettledSale(tx, user);
    await assertNoChargeInProgress(tx, user.id);
    const now = deps.clock.now();
    await endOneTimeTokens(tx, user.id, ['ACCOUNT_DELETION'], now);
    const token = await issueOneTimeToken(tx, user.id, 'ACCOUNT_DELETION', now, user.email);
    await queueEmail(deps, tx, {
      to: user.email!,
      subject: 'Confirm closing your Listwise account',
      template: 'account-closing',
      body: ConfirmAccountClosingEmail({ link: `${deps.config.appUrl}/close-account/${token}` }),
    });
  });
  return { message: 'Email sent' };
}

/**
 * confirmAccountDeletion: the e-mailed link closes the account. The link's token is the credential (no session
 * needed: the person may be signed out). A link used once already answers `account_already_deleted`.
 */
export async function confirmAccountDeletion(deps: Deps, token: string): Promise<boolean> {
  // One transaction: a refusal (a sale reported meanwhile) rolls the link's use back, so it works once that is settled.
  const closed = await deps.db.transaction(async (tx) => {
    const row = await consumeOneTimeToken(tx, token, 'ACCOUNT_DELETION', deps.clock.now());
    if (!row) {
      const used = await findUsedOneTimeToken(tx, token, 'ACCOUNT_DELETION');
      const owner = used ? await tx.query.users.findFirst({ where: eq(users.id, used.userId) }) : undefined;
      throw new AppError(owner?.deletedAt ? 'account_already_deleted' : 'invalid_token');
    }
    return { userId: row.userId, storageKeys: await closeAccountIn(deps, tx, row.userId) };
  });
  await afterClosing(deps, closed.userId, closed.storageKeys);
  return true;
}

async function closeAccount(deps: Deps, userId: string) {
  const storageKeys = await deps.db.transaction((tx) => closeAccountIn(deps, tx, userId));
  await afterClosing(deps, userId, storageKeys);
}

/**
 * What closing does once its transaction committed, because it calls out: stored files are deleted, and saved cards
 * are detached at the provider. A provider that cannot be reached leaves the cards to the reconciler, which finishes
 * every closed account still holding cards; the account is closed either way.
 */
async function afterClosing(deps: Deps, userId: string, storageKeys: string[]) {
  await deleteStoredFiles(deps, storageKeys);
  await closePaymentsForAccount(deps, userId).catch((error: unknown) =>
    deps.logger.warn({ err: error, userId }, 'closing an account: its cards were not detached; the reconciler will'),
  );
}

// After the transaction committed: a file left behind by a failure is unreachable (no row names it) and only logged.
async function deleteStoredFiles(deps: Deps, keys: string[]) {
  for (const key of keys) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.logger.warn({ err: error, key }, 'closing an account: a media file was not deleted'));
  }
}

/**
 * Everything closing does, in the caller's transaction; returns the storage keys to remove after the commit.
 *
 * The lock order is the one every writer follows (docs/decisions/0008): the user row (`FOR NO KEY UPDATE`), then the
 * agent's subscriptions, then the rest. The checks come after the locks, so a renewal or purchase that was recording
 * its charge meanwhile has committed and is seen.
 */
async function closeAccountIn(deps: Deps, tx: Tx, userId: string): Promise<string[]> {
  const user = await lockUserForClosing(tx, userId);
  assertClosable(user);
  if (user.userType === 'AGENT') await lockOpenSubscriptionsOfAgent(tx, user.id);
  await assertNoUnsettledSale(tx, user);
  await assertNoChargeInProgress(tx, user.id);
  const now = deps.clock.now();

  await endSessionsAndLinks(tx, user.id, now);
  await erasePushNotifications(tx, user.id);
  const storageKeys: string[] = [];
  if (user.userType === 'SELLER') {
    storageKeys.push(...(await closeSellerListings(deps, tx, user)));
    await eraseSellerAppointmentNotes(tx, user.id);
    await takeDownReviewsOfWriter(tx, user.id, now);
    await eraseBankDetailsOfSeller(tx, user.id);
  }
  if (user.userType === 'AGENT') {
    await closeAgentProfile(tx, user.id);
    await cancelSubscriptionsOfClosedAgent(tx, user.id, now);
    await releaseRequestsOfClosedAgent(tx, user.id, now);
    await forgetAgentNetworkAddresses(tx, user.id);
  }
  storageKeys.push(...(await deleteMediaOfUser(tx, user.id)));
  await closePaymentsOfUser(tx, user.id);
  await deleteEmailsSentTo(tx, user.email);
  await eraseAccountDetails(tx, user, now);
  return storageKeys;
}
