import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { UserMediaType } from '@listwise/domain/enums';
import type { ErrorCode } from '@listwise/domain/errors';
import {
  isContentOfMimeType,
  MEDIA_MAX_BYTES,
  MEDIA_SIGNATURE_BYTES,
  MEDIA_UPLOAD_URL_TTL_MS,
  mediaTypeOf,
  normaliseMimeType,
} from '@listwise/domain/media';
import type { Tx } from '../../db/client.ts';
import { userMedia } from '../../db/schema/media.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { consumeRateLimits } from '../../db/rate-limit.ts';
import { MediaTooLargeError } from '../../ports/storage/media-storage.ts';
import { checkUpload, MediaContentMismatchError, MediaImageTooLargeError } from './content-check.ts';
import { MediaRejectedError, strippedImage, thumbnailForImage, thumbnailForVideo } from './media-processing.ts';
import { createUploadToken, verifyUploadToken } from './upload-token.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Media: upload slots (`createUserMedia`), receiving the file (signed local PUT or presigned S3 PUT plus
 * `completeUserMediaUpload`), processing (`media.process` job: decode check and thumbnail), reading
 * (`userMedia`, owner only) and the helpers other modules use to accept a user's media (`assertUsableMedia`).
 */

export type UserMediaRow = typeof userMedia.$inferSelect;

export const MEDIA_QUEUES = { process: 'media.process', cleanup: 'media.cleanup' } as const;

/** Uploads a user may start per hour: a listing holds 20 media, so this only stops abuse. */
const CREATE_MEDIA_PER_HOUR = 200;
/** Slots never uploaded, and files that failed processing, are removed after a day. */
const STALE_MEDIA_MS = 24 * 60 * 60 * 1000;

/** The URL a stored file is served from (GET /media/<key>; a presigned redirect when storage is S3). */
export const mediaFileUrl = (appUrl: string, key: string) => `${appUrl}/media/${key}`;

/** Where a browser uploads to S3 before completion moves the object to its final key. */
const uploadKeyOf = (storageKey: string) => `uploads/${storageKey}`;

export async function createUserMedia(
  deps: Deps,
  userId: string,
  input: { fileExtension: string; mimeType: string },
): Promise<{ uploadUrl: string; userMedia: UserMediaRow }> {
  // Anything that is not one of the known extension and MIME type pairs, an empty extension included.
  const extension = input.fileExtension.trim().replace(/^\./, '').toLowerCase();
  const mimeType = input.mimeType;
  const type = mediaTypeOf(extension, mimeType);
  if (!type) throw new AppError('user_media_file_extension_not_supported', 'fileExtension');
  const now = deps.clock.now();
  await consumeRateLimits(deps.db, now, [{ key: `createUserMedia:user:${userId}`, max: CREATE_MEDIA_PER_HOUR, windowSeconds: 3600 }]);

  const row = await deps.db
    .insert(userMedia)
    .values({
      ownerUserId: userId,
      type,
      mimeType: normaliseMimeType(mimeType),
      fileExtension: extension,
      // A random key, unrelated to the media id that other users may see, so a file's URL cannot be guessed.
      storageKey: `${crypto.randomUUID()}.${extension}`,
    })
    .returning()
    .then(theRow);
  const media = row;
  const expiresAt = new Date(now.getTime() + MEDIA_UPLOAD_URL_TTL_MS);
  const uploadUrl = deps.storage.presignUpload
    ? await deps.storage.presignUpload(uploadKeyOf(media.storageKey), {
        contentType: media.mimeType,
        expiresInSeconds: MEDIA_UPLOAD_URL_TTL_MS / 1000,
      })
    : `${deps.config.appUrl}/media/upload/${createUploadToken(deps.config.appSecret, media.id, expiresAt)}`;
  return { uploadUrl, userMedia: media };
}

async function findOwnMedia(db: Tx, userId: string, mediaId: string): Promise<UserMediaRow> {
  if (!isUuid(mediaId)) throw notFound();
  const media = await db.query.userMedia.findFirst({ where: and(eq(userMedia.id, mediaId), eq(userMedia.ownerUserId, userId)) });
  if (!media) throw notFound();
  return media;
}

export const getUserMedia = (deps: Deps, userId: string, mediaId: string) => findOwnMedia(deps.db, userId, mediaId);

/** Whether the file is uploaded, decoded and has its thumbnail. */
export const isMediaReady = (media: Pick<UserMediaRow, 'mainFileReady' | 'thumbnailReady'>) => media.mainFileReady && media.thumbnailReady;

/**
 * For other modules accepting a media id from a user (property photos, profile picture, appraisal video):
 * the media must be the user's own (`not_found` otherwise), of the given type (`user_media_file_extension_not_supported`),
 * not refused on upload or by processing (`user_media_content_not_supported`), and with `requireReady` fully processed (`invalid_state`).
 */
export async function assertUsableMedia(
  db: Tx,
  options: { userId: string; mediaId: string; type?: UserMediaType; requireReady?: boolean; field?: string },
): Promise<UserMediaRow> {
  const media = await findOwnMedia(db, options.userId, options.mediaId).catch((error: unknown) => {
    throw error instanceof AppError && options.field ? new AppError(error.code, options.field) : error;
  });
  if (options.type && media.type !== options.type) throw new AppError('user_media_file_extension_not_supported', options.field);
  // Refused on upload (its bytes are not what its name says) or by processing (it does not decode).
  if (media.processingError) throw new AppError('user_media_content_not_supported', options.field);
  if (options.requireReady && !isMediaReady(media)) throw new AppError('invalid_state', options.field);
  return media;
}

/** The answer of the local upload route: an HTTP status and, for a refusal, its catalogue code. */
export type UploadOutcome = { status: 200; code: 'uploaded' } | { status: 400 | 403 | 404 | 409 | 413 | 415; code: ErrorCode };

/**
 * Receives the body of `PUT /media/upload/<token>` (local storage). Checks the token, the declared content type
 * and length, uses the token up, then streams the body to storage, cutting it off past the size limit. Only a
 * complete upload is kept; it is then queued for processing.
 */
export async function receiveUpload(
  deps: Deps,
  token: string,
  request: { contentType: string | undefined; contentLength: string | undefined; body: Readable },
): Promise<UploadOutcome> {
  const check = verifyUploadToken(deps.config.appSecret, token, deps.clock.now());
  if (!check.ok) return { status: 403, code: check.reason === 'expired' ? 'upload_url_expired' : 'upload_url_invalid' };
  const media = await deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, check.mediaId) });
  if (!media) return { status: 404, code: 'not_found' };
  if (media.uploadTokenUsedAt) return { status: 409, code: 'upload_url_already_used' };
  if (normaliseMimeType(request.contentType ?? '') !== media.mimeType) return { status: 415, code: 'unsupported_media_type' };
  const maxBytes = MEDIA_MAX_BYTES[media.type];
  const declaredLength = request.contentLength === undefined ? null : Number(request.contentLength);
  if (declaredLength !== null && declaredLength > maxBytes) return { status: 413, code: 'user_media_file_too_large' };
  if (declaredLength === 0) return { status: 400, code: 'user_media_file_empty' };

  // Use the token up before reading a byte: of two concurrent PUTs, one wins.
  const [claimed] = await deps.db
    .update(userMedia)
    .set({ uploadTokenUsedAt: deps.clock.now() })
    .where(and(eq(userMedia.id, media.id), isNull(userMedia.uploadTokenUsedAt)))
    .returning({ id: userMedia.id });
  if (!claimed) return { status: 409, code: 'upload_url_already_used' };

  // The bytes must be what the upload said, and a photo not too large, before anything is kept (content-check.ts).
  const checked = Readable.from(checkUpload(request.body, media.mimeType), { objectMode: false });
  let sizeBytes: number;
  try {
    ({ sizeBytes } = await deps.storage.put(media.storageKey, checked, { contentType: media.mimeType, maxBytes }));
  } catch (error) {
    if (error instanceof MediaTooLargeError) return { status: 413, code: 'user_media_file_too_large' };
    if (error instanceof MediaContentMismatchError) {
      await markRefused(deps, media.id, error.message);
      return { status: 415, code: 'user_media_content_not_supported' };
    }
    if (error instanceof MediaImageTooLargeError) {
      await markRefused(deps, media.id, error.message);
      return { status: 413, code: 'user_media_image_too_large' };
    }
    throw error;
  }
  if (sizeBytes === 0) {
    await deps.storage.delete(media.storageKey);
    return { status: 400, code: 'user_media_file_empty' };
  }
  await markUploaded(deps, media.id, sizeBytes);
  return { status: 200, code: 'uploaded' };
}

/** The media can never be used: its file was refused (and is gone); the daily clean-up removes the row. */
async function markRefused(deps: Deps, mediaId: string, reason: string) {
  await deps.db
    .update(userMedia)
    .set({ processingError: reason.slice(0, 500), processedAt: deps.clock.now() })
    .where(eq(userMedia.id, mediaId));
}

/** The first bytes of a stored object (S3 range read), to check what they say. */
async function readSignature(deps: Deps, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.storage.read(key, { start: 0, end: MEDIA_SIGNATURE_BYTES - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, MEDIA_SIGNATURE_BYTES);
}

async function markUploaded(deps: Deps, mediaId: string, sizeBytes: number) {
  await deps.db.update(userMedia).set({ uploadedAt: deps.clock.now(), sizeBytes }).where(eq(userMedia.id, mediaId));
  await deps.jobs.send(MEDIA_QUEUES.process, { userMediaId: mediaId });
}

/**
 * With S3 the object moves from `uploads/` to its final key, so the presigned URL can no longer replace it after the
 * checks; with local storage the PUT already checked and moved it, and this only confirms it.
 */
export async function completeUserMediaUpload(deps: Deps, userId: string, mediaId: string): Promise<UserMediaRow> {
  const media = await findOwnMedia(deps.db, userId, mediaId);
  if (media.uploadedAt || media.processingError) return media;
  if (deps.storage.kind === 'local') throw new AppError('invalid_state');

  const uploadKey = uploadKeyOf(media.storageKey);
  const object = await deps.storage.stat(uploadKey);
  if (!object) throw new AppError('invalid_state');
  const [claimed] = await deps.db
    .update(userMedia)
    .set({ uploadTokenUsedAt: deps.clock.now() })
    .where(and(eq(userMedia.id, media.id), isNull(userMedia.uploadTokenUsedAt)))
    .returning({ id: userMedia.id });
  if (!claimed) return findOwnMedia(deps.db, userId, mediaId); // a concurrent completion is doing the work

  const reject = async (
    code: 'user_media_file_too_large' | 'user_media_file_extension_not_supported' | 'user_media_content_not_supported',
    reason: string,
  ) => {
    await deps.storage.delete(uploadKey);
    await markRefused(deps, media.id, reason);
    throw new AppError(code);
  };
  if (object.sizeBytes > MEDIA_MAX_BYTES[media.type]) return reject('user_media_file_too_large', 'file too large');
  if (object.sizeBytes === 0) return reject('user_media_file_extension_not_supported', 'empty file');
  if (object.contentType && normaliseMimeType(object.contentType) !== media.mimeType) {
    return reject('user_media_file_extension_not_supported', `stored as ${object.contentType}`);
  }
  // The browser sent the bytes straight to S3: check them here, before the media can be used or shown.
  if (!isContentOfMimeType(await readSignature(deps, uploadKey), media.mimeType)) {
    return reject('user_media_content_not_supported', `content is not ${media.mimeType}`);
  }
  await deps.storage.move(uploadKey, media.storageKey);
  await markUploaded(deps, media.id, object.sizeBytes);
  return findOwnMedia(deps.db, userId, mediaId);
}

/** Runs `work` with a path to the stored file: in place on local disk, else a temporary copy. */
async function withLocalFile<T>(deps: Deps, key: string, work: (file: string) => Promise<T>): Promise<T> {
  if (deps.storage.localPath) return work(deps.storage.localPath(key));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'listwise-media-'));
  try {
    const file = path.join(dir, path.basename(key));
    await pipeline(await deps.storage.read(key), createWriteStream(file));
    return await work(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Where an image's original is kept once processed: a key GET /media never serves (SERVABLE_KEY has no slash). */
const originalKeyOf = (storageKey: string) => `originals/${storageKey}`;

/** An image processed before stripping existed (its `url` still served the original): processing it again strips it. */
const isUnstrippedImage = (media: Pick<UserMediaRow, 'type' | 'originalKey'>) => media.type === 'IMAGE' && !media.originalKey;

/**
 * The `media.process` job: proves the file decodes, stores a WebP thumbnail (images: the image; videos: a poster
 * frame) and marks the media ready. An image is also written again upright and without metadata (EXIF, GPS, camera)
 * under a new key that `url` serves, and its original moves under `originals/`, never served.
 * A file that does not decode is deleted and the media marked rejected.
 */
export async function processUserMedia(deps: Deps, mediaId: string): Promise<'processed' | 'rejected' | 'skipped'> {
  if (!isUuid(mediaId)) return 'skipped';
  const media = await deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, mediaId) });
  if (!media?.uploadedAt || media.processingError) return 'skipped';
  if (isMediaReady(media) && !isUnstrippedImage(media)) return 'skipped';
  let thumbnail: Buffer;
  let stripped: Buffer | null;
  try {
    ({ thumbnail, stripped } = await withLocalFile(deps, media.storageKey, async (file) =>
      media.type === 'IMAGE'
        ? { thumbnail: await thumbnailForImage(file, media.mimeType), stripped: await strippedImage(file, media.mimeType) }
        : { thumbnail: await thumbnailForVideo(file, media.mimeType), stripped: null },
    ));
  } catch (error) {
    if (!(error instanceof MediaRejectedError)) throw error; // transient: the job retries
    deps.logger.info({ mediaId, reason: error.message }, 'uploaded media rejected');
    await deps.storage.delete(media.storageKey);
    await deps.db
      .update(userMedia)
      .set({ processingError: error.message.slice(0, 500), processedAt: deps.clock.now() })
      .where(eq(userMedia.id, media.id));
    return 'rejected';
  }
  const thumbnailKey = media.thumbnailKey ?? `${crypto.randomUUID()}.webp`;
  await deps.storage.put(thumbnailKey, thumbnail, { contentType: 'image/webp' });
  let keys: { storageKey: string; originalKey: string } | undefined;
  if (stripped) {
    // A new key for the stripped copy: an address of the original that was ever handed out stops answering.
    keys = { storageKey: `${crypto.randomUUID()}.${media.fileExtension}`, originalKey: originalKeyOf(media.storageKey) };
    await deps.storage.put(keys.storageKey, stripped, { contentType: media.mimeType });
    await deps.storage.move(media.storageKey, keys.originalKey);
  }
  await deps.db
    .update(userMedia)
    .set({ ...keys, thumbnailKey, thumbnailReady: true, mainFileReady: true, processedAt: deps.clock.now() })
    .where(eq(userMedia.id, media.id));
  return 'processed';
}

/** Images made ready before stripping existed, stripped by the daily media job, a batch at a time (oldest first). */
export async function stripServedImages(deps: Deps, batch = 200): Promise<number> {
  const rows = await deps.db
    .select({ id: userMedia.id })
    .from(userMedia)
    .where(and(eq(userMedia.type, 'IMAGE'), isNull(userMedia.originalKey), eq(userMedia.mainFileReady, true)))
    .orderBy(userMedia.createdAt)
    .limit(batch);
  let stripped = 0;
  for (const row of rows) if ((await processUserMedia(deps, row.id)) === 'processed') stripped += 1;
  return stripped;
}

/**
 * Stores a file the server itself holds (demo data, test factories) as the user's media and processes it at
 * once, as an upload would be. Throws `user_media_file_extension_not_supported` for an unsupported type; the row
 * comes back with `processingError` set when the file does not decode.
 */
export async function storeUserMediaFile(
  deps: Deps,
  input: { ownerUserId: string; body: Buffer; fileExtension: string; mimeType: string },
): Promise<UserMediaRow> {
  const extension = input.fileExtension.replace(/^\./, '').toLowerCase();
  const type = mediaTypeOf(extension, input.mimeType);
  if (!type) throw new AppError('user_media_file_extension_not_supported');
  const storageKey = `${crypto.randomUUID()}.${extension}`;
  const mimeType = normaliseMimeType(input.mimeType);
  const { sizeBytes } = await deps.storage.put(storageKey, input.body, { contentType: mimeType, maxBytes: MEDIA_MAX_BYTES[type] });
  const now = deps.clock.now();
  const row = await deps.db
    .insert(userMedia)
    .values({
      ownerUserId: input.ownerUserId,
      type,
      mimeType,
      fileExtension: extension,
      storageKey,
      sizeBytes,
      uploadTokenUsedAt: now,
      uploadedAt: now,
    })
    .returning()
    .then(theRow);
  await processUserMedia(deps, row.id);
  return (await deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, row.id) }))!;
}

/**
 * The daily `media.cleanup` job: removes upload slots never used within a day and media rejected by processing
 * (their files are already gone). Media in use is never touched: both kinds are unusable by `assertUsableMedia`.
 */
export async function removeStaleUserMedia(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - STALE_MEDIA_MS);
  const stale = await deps.db
    .delete(userMedia)
    .where(and(lt(userMedia.createdAt, cutoff), or(isNull(userMedia.uploadedAt), isNotNull(userMedia.processingError))))
    .returning({ storageKey: userMedia.storageKey });
  for (const { storageKey } of stale) {
    // With S3 an abandoned upload may still sit under uploads/ (a bucket lifecycle rule also expires those).
    if (deps.storage.kind === 's3') await deps.storage.delete(uploadKeyOf(storageKey)).catch(() => undefined);
    else await deps.storage.delete(storageKey).catch(() => undefined);
  }
  return stale.length;
}

/** Where GET /media/<key> finds a file: the key must look like one we issue (`<uuid>.<ext>`). */
export const SERVABLE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|jpeg|png|webp|mp4|m4v|mov|webm)$/;
