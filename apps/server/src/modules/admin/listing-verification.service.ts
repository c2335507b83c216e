import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { sellerRejectionSchema } from '@listwise/domain/seller-rejection';
import type { Tx } from '../../db/client.ts';
import { sellerProfiles, users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Connection, PageArgs } from '../../lib/pagination.ts';
import { pageSize, afterCursor, keyedConnection, keyOf, timeCursor } from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { releaseHeldAppraisalRequests } from '../listings/publish-property.service.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { SellerVerificationApprovedEmail, SellerVerificationRejectedEmail } from '../notifications/templates/listing-emails.tsx';
import { formatPropertyAddress } from './admin.service.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';

/**
 * Listing verification in the console (PRODUCT.md 'Seller verification'): a listing whose seller
 * is not the owner waits until an operator verifies or rejects that listing, each on its own, after reading its
 * proof of authority. The queue shows only the listings that wait; a rejected listing comes back to it when its
 * seller uploads proof (modules/listings/proof-of-authority.service.ts).
 */

type PropertyRow = typeof properties.$inferSelect;

/** The listings waiting for verification, oldest first (by when they started waiting). */
export async function listListingsAwaitingVerification(db: Tx, args: PageArgs): Promise<Connection<PropertyRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: properties, key: keyOf(properties.verificationRequestedAt) })
    .from(properties)
    .where(
      and(
        eq(properties.verificationStatus, 'PENDING'),
        // A withdrawn or sold listing waits for nothing (listed again, it is back).
        eq(properties.state, 'ACTIVE'),
        afterCursor(properties.verificationRequestedAt, properties.id, cursor, 'asc'),
      ),
    )
    .orderBy(asc(properties.verificationRequestedAt), asc(properties.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** How many listings of each seller wait for verification (the console's dialogs name the seller's others). */
export async function countWaitingListingsOfSellers(db: Tx, sellerUserIds: readonly string[]) {
  if (!sellerUserIds.length) return [];
  return db
    .select({ sellerUserId: properties.sellerUserId, count: sql<number>`count(*)::int` })
    .from(properties)
    .where(
      and(
        inArray(properties.sellerUserId, [...sellerUserIds]),
        eq(properties.verificationStatus, 'PENDING'),
        eq(properties.state, 'ACTIVE'),
      ),
    )
    .groupBy(properties.sellerUserId);
}

/** The listing, locked, which must be waiting: a malformed or unknown id (or a draft) is `not_found`, one not waiting `invalid_state`. */
async function lockWaitingListing(tx: Tx, propertyId: string): Promise<PropertyRow> {
  if (!isUuid(propertyId)) throw notFound();
  const [row] = await tx.select().from(properties).where(eq(properties.id, propertyId)).for('update');
  if (!row || row.state === 'DRAFT') throw notFound();
  if (row.verificationStatus !== 'PENDING' || row.state !== 'ACTIVE') throw new AppError('invalid_state');
  return row;
}

/**
 * verifyListing: an operator has checked that the seller may sell this listing. It becomes VERIFIED and the agents
 * held for it receive the request (agents who stopped serving the suburb are dropped); the seller is e-mailed the
 * outcome (the proof page promised it), with how many agents were asked. All in one transaction: a listing is never
 * verified without its requests sent and its seller told. The seller's other listings are untouched.
 */
export async function verifyListing(deps: Deps, admin: UserRow, propertyId: string): Promise<PropertyRow> {
  return deps.db.transaction(async (tx) => {
    const row = await lockWaitingListing(tx, propertyId);
    const now = deps.clock.now();
    const [verified] = await tx
      .update(properties)
      .set({ verificationStatus: 'VERIFIED', verificationDecidedAt: now, verificationRejectionReason: null, updatedAt: now })
      .where(eq(properties.id, row.id))
      .returning();
    await recordAdminAction(tx, admin, now, {
      action: 'VERIFY_LISTING',
      targetType: 'PROPERTY',
      targetId: row.id,
      details: { sellerUserId: row.sellerUserId, agentsHeld: row.heldAgentUserIds.length },
    });
    const { property, requests } = await releaseHeldAppraisalRequests(deps, tx, verified!);
    deps.logger.info({ propertyId, requests: requests.length }, 'listing verified; held appraisal requests sent');
    await emailVerifiedSeller(deps, tx, property, requests.length);
    return property;
  });
}

/**
 * rejectListing: an operator could not verify that the seller may sell this listing. It becomes REJECTED with the
 * reason; the seller is e-mailed the reason and a link to upload proof on the listing's page, and its agents stay
 * held (uploading proof puts the listing back in the queue). A reason is required (`validation_failed`, `reason`).
 */
export async function rejectListing(deps: Deps, admin: UserRow, input: { propertyId: string; reason: string }): Promise<PropertyRow> {
  if (!isUuid(input.propertyId)) throw notFound();
  const { reason } = parseInput(sellerRejectionSchema, { reason: input.reason });
  return deps.db.transaction(async (tx) => {
    const row = await lockWaitingListing(tx, input.propertyId);
    const now = deps.clock.now();
    const [rejected] = await tx
      .update(properties)
      .set({ verificationStatus: 'REJECTED', verificationDecidedAt: now, verificationRejectionReason: reason, updatedAt: now })
      .where(eq(properties.id, row.id))
      .returning();
    await recordAdminAction(tx, admin, now, {
      action: 'REJECT_LISTING',
      targetType: 'PROPERTY',
      targetId: row.id,
      details: { reason, sellerUserId: row.sellerUserId, agentsHeld: row.heldAgentUserIds.length },
    });
    await emailRejectedSeller(deps, tx, rejected!, reason);
    return rejected!;
  });
}

/** The listing's page, where the seller uploads proof (the e-mail's 'Send proof' button). */
export const proofUploadLink = (appUrl: string, propertyId: string) => `${appUrl}/property/${propertyId}#proof-of-authority`;

async function sellerOf(tx: Tx, listing: PropertyRow) {
  const [seller] = await tx
    .select({ email: users.email, name: sellerProfiles.name })
    .from(users)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .where(eq(users.id, listing.sellerUserId));
  const suburb =
    listing.suburbId != null ? await tx.query.suburbs.findFirst({ where: (s, { eq: is }) => is(s.id, listing.suburbId!) }) : null;
  return { seller, address: formatPropertyAddress(listing, suburb) };
}

async function emailVerifiedSeller(deps: Deps, tx: Tx, listing: PropertyRow, agentsAsked: number) {
  const { seller, address } = await sellerOf(tx, listing);
  if (!seller?.email) return;
  await queueEmail(deps, tx, {
    to: seller.email,
    subject: 'Your listing is verified',
    template: 'seller-verification-approved',
    body: SellerVerificationApprovedEmail({
      sellerName: seller.name,
      address,
      agentsAsked,
      link: `${deps.config.appUrl}/property/${listing.id}#agents-asked`,
    }),
  });
}

/** Tells the seller why, and where to send proof: that listing's upload. */
async function emailRejectedSeller(deps: Deps, tx: Tx, listing: PropertyRow, reason: string) {
  const { seller, address } = await sellerOf(tx, listing);
  if (!seller?.email) return;
  await queueEmail(deps, tx, {
    to: seller.email,
    subject: 'We could not verify your listing',
    template: 'seller-verification-rejected',
    body: SellerVerificationRejectedEmail({
      sellerName: seller.name,
      address,
      reason,
      link: proofUploadLink(deps.config.appUrl, listing.id),
    }),
  });
}
