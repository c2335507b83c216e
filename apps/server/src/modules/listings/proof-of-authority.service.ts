import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { ErrorCode } from '@listwise/domain/errors';
import { normaliseMimeType } from '@listwise/domain/media';
import {
  cleanProofFileName,
  PROOF_OF_AUTHORITY_MAX_BYTES,
  PROOF_OF_AUTHORITY_URL_TTL_MS,
  proofOfAuthorityMimeType,
} from '@listwise/domain/proof-of-authority';
import type { Tx } from '../../db/client.ts';
import { properties, proofOfAuthorityDocuments } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { consumeRateLimits } from '../../db/rate-limit.ts';
import { MediaTooLargeError } from '../../ports/storage/media-storage.ts';
import { checkUpload, MediaContentMismatchError, MediaImageTooLargeError } from '../media/content-check.ts';
import { findOwnProperty } from './property-access.ts';
import { type PropertyRow } from '../../db/schema/properties.ts';
import { notifyAdminsOfWaitingListing } from './publish-property.service.ts';

/**
 * Proof of authority to sell (docs/decisions/0018-listing-verification-and-proof-of-authority.md):
 * a seller who is not the owner uploads, per listing, a signed authority or a rates notice. Its bytes pass the same
 * magic-number check as every upload (media/content-check.ts); it is stored under `authority/`, which GET /media
 * never serves, and read only through a short-lived signed link the API hands to the listing's seller and to
 * operators. Agents never see it. A rejected listing whose seller uploads proof waits for verification again.
 */

export type ProofOfAuthorityRow = typeof proofOfAuthorityDocuments.$inferSelect;

/** Uploads a seller may make per hour: a few tries per listing, not a storage service. */
const UPLOADS_PER_HOUR = 20;

/** The extension a document is stored under, by its MIME type. */
const EXTENSION_OF: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export const findProofOfAuthorityDocuments = (db: Tx, propertyIds: readonly string[]) =>
  propertyIds.length
    ? db
        .select()
        .from(proofOfAuthorityDocuments)
        .where(inArray(proofOfAuthorityDocuments.propertyId, [...propertyIds]))
    : Promise.resolve([]);

/**
 * Whether the seller may (still) upload proof for the listing: a draft (the wizard offers it as soon as the seller
 * says 'No', before the answer is saved), or a published listing that waits for verification or was rejected.
 * Verified listings and owners' published listings need none.
 */
export const mayUploadProof = (p: Pick<PropertyRow, 'state' | 'verificationStatus'>) =>
  p.state === 'DRAFT' || (p.state === 'ACTIVE' && (p.verificationStatus === 'PENDING' || p.verificationStatus === 'REJECTED'));

/** The answer of the upload route: an HTTP status and, for a refusal, its catalogue code. */
export type ProofUploadOutcome = { status: 200; document: ProofOfAuthorityRow } | { status: 400 | 404 | 409 | 413 | 415; code: ErrorCode };

/**
 * Receives `PUT /properties/<id>/proof-of-authority` from the listing's seller (anyone else: `not_found`). Checks the
 * listing may take proof, the declared type (a PDF or an image, named as what it is) and length, then streams the
 * body to storage through the byte check, cut off past PROOF_OF_AUTHORITY_MAX_BYTES. Only a complete, checked file
 * replaces the listing's document; a rejected listing then waits for verification again and the operators are told.
 */
export async function receiveProofOfAuthority(
  deps: Deps,
  seller: UserRow,
  propertyId: string,
  request: { contentType: string | undefined; contentLength: string | undefined; fileName: string; body: Readable },
): Promise<ProofUploadOutcome> {
  if (seller.userType !== 'SELLER' || !isUuid(propertyId)) return { status: 404, code: 'not_found' };
  const now = deps.clock.now();
  await consumeRateLimits(deps.db, now, [{ key: `proofOfAuthority:user:${seller.id}`, max: UPLOADS_PER_HOUR, windowSeconds: 3600 }]);
  const listing = await findOwnProperty(deps.db, seller.id, propertyId).catch(() => null);
  if (!listing) return { status: 404, code: 'not_found' };
  if (!mayUploadProof(listing)) return { status: 409, code: 'invalid_state' };

  const mimeType = proofOfAuthorityMimeType(request.fileName, request.contentType ?? '');
  if (!mimeType || mimeType !== normaliseMimeType(request.contentType ?? '')) {
    return { status: 415, code: 'user_media_file_extension_not_supported' };
  }
  const declaredLength = request.contentLength === undefined ? null : Number(request.contentLength);
  if (declaredLength !== null && declaredLength > PROOF_OF_AUTHORITY_MAX_BYTES) return { status: 413, code: 'user_media_file_too_large' };
  if (declaredLength === 0) return { status: 400, code: 'user_media_file_empty' };

  // Under a folder: GET /media serves only `<uuid>.<ext>` keys, so no media URL can ever reach a document.
  const storageKey = `authority/${crypto.randomUUID()}.${EXTENSION_OF[mimeType]}`;
  const checked = Readable.from(checkUpload(request.body, mimeType), { objectMode: false });
  let sizeBytes: number;
  try {
    ({ sizeBytes } = await deps.storage.put(storageKey, checked, { contentType: mimeType, maxBytes: PROOF_OF_AUTHORITY_MAX_BYTES }));
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    if (error instanceof MediaTooLargeError) return { status: 413, code: 'user_media_file_too_large' };
    if (error instanceof MediaContentMismatchError) return { status: 415, code: 'user_media_content_not_supported' };
    if (error instanceof MediaImageTooLargeError) return { status: 413, code: 'user_media_image_too_large' };
    throw error;
  }
  if (sizeBytes === 0) {
    await deps.storage.delete(storageKey);
    return { status: 400, code: 'user_media_file_empty' };
  }

  const saved = await deps.db
    .transaction(async (tx) => {
      // Again under lock: an operator may have decided on the listing while the file arrived.
      const locked = await findOwnProperty(tx, seller.id, propertyId, { lock: true });
      if (!mayUploadProof(locked)) throw new AppError('invalid_state');
      const previous = await tx.query.proofOfAuthorityDocuments.findFirst({ where: eq(proofOfAuthorityDocuments.propertyId, locked.id) });
      const values = {
        sellerUserId: seller.id,
        fileName: cleanProofFileName(request.fileName),
        mimeType,
        storageKey,
        sizeBytes,
        uploadedAt: now,
      };
      const [document] = await tx
        .insert(proofOfAuthorityDocuments)
        .values({ propertyId: locked.id, ...values })
        .onConflictDoUpdate({ target: proofOfAuthorityDocuments.propertyId, set: values })
        .returning();
      if (locked.verificationStatus === 'REJECTED') {
        // The proof the rejection asked for: the listing waits again, at the back of the queue.
        const [waiting] = await tx
          .update(properties)
          .set({ verificationStatus: 'PENDING', verificationRequestedAt: now, updatedAt: now })
          .where(eq(properties.id, locked.id))
          .returning();
        await notifyAdminsOfWaitingListing(deps, tx, seller, waiting!, waiting!.heldAgentUserIds.length);
      }
      return { document: document!, previousKey: previous?.storageKey ?? null };
    })
    .catch(async (error: unknown) => {
      await deps.storage.delete(storageKey).catch(() => undefined);
      if (error instanceof AppError && error.code === 'invalid_state') return null;
      throw error;
    });
  if (!saved) return { status: 409, code: 'invalid_state' };
  // After the commit: the replaced file is no longer named by any row.
  if (saved.previousKey) await deps.storage.delete(saved.previousKey).catch(() => undefined);
  return { status: 200, document: saved.document };
}

// ——— The signed link ———

const sign = (secret: string, payload: string) =>
  crypto.createHmac('sha256', secret).update(`proof-of-authority:${payload}`).digest('base64url');

/** A link to the listing's document, valid for PROOF_OF_AUTHORITY_URL_TTL_MS: issued only to its seller and operators. */
export function proofOfAuthorityUrl(deps: Pick<Deps, 'config' | 'clock'>, propertyId: string): string {
  const payload = `${propertyId}.${deps.clock.now().getTime() + PROOF_OF_AUTHORITY_URL_TTL_MS}`;
  return `${deps.config.appUrl}/proof-of-authority/${payload}.${sign(deps.config.appSecret, payload)}`;
}

/** The listing a link names, or null when it is forged, altered or expired. */
export function verifyProofOfAuthorityToken(secret: string, token: string, now: Date): string | null {
  const [propertyId, expiresAtMs, signature, ...rest] = token.split('.');
  if (rest.length || !isUuid(propertyId) || !expiresAtMs || !/^\d+$/.test(expiresAtMs) || !signature) return null;
  const expected = Buffer.from(sign(secret, `${propertyId}.${expiresAtMs}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return Number(expiresAtMs) > now.getTime() ? propertyId : null;
}

/** The document a link names (null: not_found, whatever the reason, so a guess learns nothing). */
export async function findProofOfAuthorityByToken(deps: Deps, token: string): Promise<ProofOfAuthorityRow | null> {
  const propertyId = verifyProofOfAuthorityToken(deps.config.appSecret, token, deps.clock.now());
  if (!propertyId) return null;
  return (await deps.db.query.proofOfAuthorityDocuments.findFirst({ where: eq(proofOfAuthorityDocuments.propertyId, propertyId) })) ?? null;
}

/** Who may read a listing's document: its seller and operators. */
export const mayReadProofOfAuthority = (user: UserRow | null | undefined, listing: Pick<PropertyRow, 'sellerUserId'>) =>
  !!user && (user.userType === 'ADMIN' || (user.userType === 'SELLER' && user.id === listing.sellerUserId));
