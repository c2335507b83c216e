import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, sessions, socialIdentities, users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import { userMedia } from '../../db/schema/media.ts';
import { paymentCustomers, paymentMethods, taxInvoices } from '../../db/schema/payments.ts';
import { emailMessages } from '../../db/schema/platform.ts';
import { properties, proofOfAuthorityDocuments } from '../../db/schema/properties.ts';
import { agentNetworkAddresses, agentReviews, reviewInvitations } from '../../db/schema/reviews.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCurrentPassword } from '../accounts/accounts.service.ts';
import { consumeOneTimeToken, endOneTimeTokens, findUsedOneTimeToken, issueOneTimeToken } from '../accounts/sessions.service.ts';
import { withdrawPublishedProperty } from '../listings/published-property.service.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { erasePushNotifications } from '../notifications/push-devices.service.ts';
import { ConfirmAccountClosingEmail } from '../notifications/templates/privacy-emails.tsx';

/**
 * Closing an account (issue 22, APP 11.2 and 13): `deleteMyAccount(password)`, or for an account without a
 * password (social sign-in only) a link e-mailed by `requestAccountDeletionEmail` and used by `confirmAccountDeletion`.
 *
 * The user row stays (the ledger, tax invoices and cashback payments the law has us keep for five years point at
 * it) but is emptied: e-mail, password, phone and names are erased, photos and uploads deleted from storage, bank
 * details erased (their masked forms stay on paid claims as the record of the payment), published listings withdrawn
 * as the seller's 'Withdraw listing' does, a public profile removed, and every session and link ended. The e-mail
 * is then free to open a new account. What is kept, for how long and why: docs/privacy.md.
 *
 * Refused while a sale is not settled (`sale_awaiting_confirmation`): the agent's confirmation, the lead fee and
 * the cashback payment all still need the account. A second closing answers `account_already_deleted`.
 */

/** Claims whose cashback is still on its way: the bank details are needed to pay it. */
const OPEN_CLAIM_STATUSES = ['PENDING_CONFIRMATION', 'AWAITING_LEAD_FEE', 'PAYABLE', 'IN_PAYOUT', 'DISPUTED'] as const;

async function assertNoUnsettledSale(tx: Tx, user: UserRow) {
  if (user.userType === 'SELLER') {
    const [open] = await tx
      .select({ id: cashbackClaims.id })
      .from(cashbackClaims)
      .where(and(eq(cashbackClaims.sellerUserId, user.id), inArray(cashbackClaims.status, [...OPEN_CLAIM_STATUSES])))
      .limit(1);
    const [unconfirmed] = await tx
      .select({ id: propertySales.id })
      .from(propertySales)
      .where(and(eq(propertySales.sellerUserId, user.id), isNull(propertySales.confirmedAt), isNull(propertySales.disputeSettledAt)))
      .limit(1);
    if (open || unconfirmed) throw new AppError('sale_awaiting_confirmation');
  }
  if (user.userType === 'AGENT') {
    // A sale waiting for this agent's confirmation, or a lead fee still to collect from their card.
    const [open] = await tx
      .select({ id: propertySales.id })
      .from(propertySales)
      .where(
        and(
          eq(propertySales.sellingAgentUserId, user.id),
          or(
            and(isNull(propertySales.confirmedAt), isNull(propertySales.disputeSettledAt)),
            inArray(propertySales.leadFeeStatus, ['PENDING', 'FAILED']),
          ),
        ),
      )
      .limit(1);
    if (open) throw new AppError('sale_awaiting_confirmation');
  }
}

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
 * e-mail, valid 24 hours. A sale not yet settled is refused now, so the link is not sent in vain.
 */
export async function requestAccountDeletionEmail(deps: Deps, user: UserRow): Promise<{ message: string }> {
  assertClosable(user);
  if (hasPassword(user) || !user.email) throw new AppError('invalid_state');
  await deps.db.transaction(async (tx) => {
    await assertNoUnsettledSale(tx, user);
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
  const storageKeys = await deps.db.transaction(async (tx) => {
    const row = await consumeOneTimeToken(tx, token, 'ACCOUNT_DELETION', deps.clock.now());
    if (!row) {
      const used = await findUsedOneTimeToken(tx, token, 'ACCOUNT_DELETION');
      const owner = used ? await tx.query.users.findFirst({ where: eq(users.id, used.userId) }) : undefined;
      throw new AppError(owner?.deletedAt ? 'account_already_deleted' : 'invalid_token');
    }
    return closeAccountIn(deps, tx, row.userId);
  });
  await deleteStoredFiles(deps, storageKeys);
  return true;
}

async function closeAccount(deps: Deps, userId: string) {
  const storageKeys = await deps.db.transaction((tx) => closeAccountIn(deps, tx, userId));
  await deleteStoredFiles(deps, storageKeys);
}

// After the transaction committed: a file left behind by a failure is unreachable (no row names it) and only logged.
async function deleteStoredFiles(deps: Deps, keys: string[]) {
  for (const key of keys) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.logger.warn({ err: error, key }, 'closing an account: a media file was not deleted'));
  }
}

/** Everything closing does, in the caller's transaction on the locked user row; returns the storage keys to remove. */
async function closeAccountIn(deps: Deps, tx: Tx, userId: string): Promise<string[]> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new AppError('not_found');
  assertClosable(user);
  await assertNoUnsettledSale(tx, user);
  const now = deps.clock.now();

  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  await endOneTimeTokens(tx, user.id, ['EMAIL_VERIFICATION', 'PASSWORD_RESET', 'CONTINUE', 'EMAIL_CHANGE_UNDO', 'ACCOUNT_DELETION'], now);
  await tx.delete(socialIdentities).where(eq(socialIdentities.userId, user.id));
  await erasePushNotifications(tx, user.id);

  if (user.userType === 'SELLER') await closeSellerParts(deps, tx, user, now);
  if (user.userType === 'AGENT') await closeAgentParts(tx, user, now);

  // Photos, videos, profile pictures and logos: the rows go (property media with them), the files after commit.
  const media = await tx
    .delete(userMedia)
    .where(eq(userMedia.ownerUserId, user.id))
    .returning({ storageKey: userMedia.storageKey, originalKey: userMedia.originalKey, thumbnailKey: userMedia.thumbnailKey });
  // Proofs of authority (a rates notice names the owner): the rows go, the files after commit.
  const proofs = await tx
    .delete(proofOfAuthorityDocuments)
    .where(eq(proofOfAuthorityDocuments.sellerUserId, user.id))
    .returning({ storageKey: proofOfAuthorityDocuments.storageKey });

  // Bank details: the ciphertexts go; a paid claim keeps its masked BSB and account as the record of the payment.
  await tx
    .update(cashbackClaims)
    .set({ bsbEncrypted: '', accountNumberEncrypted: '', accountNameEncrypted: null })
    .where(eq(cashbackClaims.sellerUserId, user.id));
  await tx.delete(paymentMethods).where(eq(paymentMethods.userId, user.id));
  await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
  // A tax invoice must name the buyer (kept); the e-mail it was sent to is not part of it.
  await tx.update(taxInvoices).set({ customerEmail: null }).where(eq(taxInvoices.userId, user.id));
  // The copies of e-mails sent to the address (none still being handed to SMTP, which finishes on its own).
  if (user.email) {
    await tx.delete(emailMessages).where(and(eq(emailMessages.toAddress, user.email), ne(emailMessages.status, 'SENDING')));
  }

  await tx
    .update(users)
    .set({ email: null, passwordHash: null, mobileNumber: null, emailVerifiedAt: null, deletedAt: now, updatedAt: now })
    .where(eq(users.id, user.id));
  return [
    ...media.flatMap((m) => [m.storageKey, m.originalKey, m.thumbnailKey]).filter((key): key is string => !!key),
    ...proofs.map((p) => p.storageKey),
  ];
}

async function closeSellerParts(deps: Deps, tx: Tx, user: UserRow, now: Date) {
  const listed = await tx
    .select()
    .from(properties)
    .where(and(eq(properties.sellerUserId, user.id), eq(properties.state, 'ACTIVE')))
    .for('update');
  for (const property of listed) await withdrawPublishedProperty(deps, tx, property, 'DECIDED_NOT_TO_USE_LISTWISE');
  // A listing never published was never shown to anyone: it goes.
  await tx.delete(properties).where(and(eq(properties.sellerUserId, user.id), eq(properties.state, 'DRAFT')));
  await tx.update(sellerProfiles).set({ name: null, socialEmail: null, nextPage: null }).where(eq(sellerProfiles.userId, user.id));
  await tx.update(properties).set({ verificationRejectionReason: null }).where(eq(properties.sellerUserId, user.id));
  // The seller's reviews are their words under their first name: taken down and emptied.
  await tx
    .update(agentReviews)
    .set({
      status: 'REMOVED',
      text: '',
      reviewerFirstName: '',
      removalReason: 'The writer closed their Listwise account',
      awaitingModerationSince: null,
      moderatedAt: now,
    })
    .where(eq(agentReviews.sellerUserId, user.id));
  await tx.delete(reviewInvitations).where(eq(reviewInvitations.sellerUserId, user.id));
}

async function closeAgentParts(tx: Tx, user: UserRow, now: Date) {
  await tx
    .update(agentProfiles)
    .set({
      name: null,
      bio: null,
      profilePictureMediaId: null,
      agencyLogoMediaId: null,
      agencyName: null,
      agencyBio: null,
      agencyAbn: null,
      publicProfileVisible: false,
    })
    .where(eq(agentProfiles.userId, user.id));
  // No renewal is ever charged again; the suburbs' places are free for other agents.
  await tx
    .update(suburbSubscriptions)
    .set({ cancelledAt: now, autoRenew: false })
    .where(and(eq(suburbSubscriptions.agentUserId, user.id), isNull(suburbSubscriptions.cancelledAt)));
  // Requests the agent will never answer stop waiting for them.
  await tx
    .update(propertyAppraisalRequests)
    .set({ state: 'NOT_REQUIRED', completedAt: now })
    .where(and(eq(propertyAppraisalRequests.agentUserId, user.id), eq(propertyAppraisalRequests.state, 'PENDING')));
  await tx.delete(agentLicences).where(eq(agentLicences.agentUserId, user.id));
  await tx.delete(agentNetworkAddresses).where(eq(agentNetworkAddresses.agentUserId, user.id));
}
