import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { UserMediaType } from '@listwise/domain/enums';
import { oneOf } from './checks.ts';

/**
 * Files users upload (property photos and videos, profile pictures, agency logos, appraisal videos).
 * The row exists from `createUserMedia`; the file arrives by a signed PUT (or a presigned S3 PUT); the
 * `media.process` job checks it decodes and makes the thumbnail (modules/media).
 */
export const userMedia = pgTable(
  'user_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key to users: media outlives nothing but its owner, and users.ts imports this file.
    ownerUserId: uuid('owner_user_id').notNull(),
    type: text('type').$type<UserMediaType>().notNull(),
    mimeType: text('mime_type').notNull(),
    fileExtension: text('file_extension').notNull(),
    /** The file served at `url`: for images, the copy stripped of EXIF/GPS once processed. */
    storageKey: text('storage_key').notNull(),
    /** An image's original as uploaded (under `originals/`, which GET /media never serves); null for videos. */
    originalKey: text('original_key'),
    thumbnailKey: text('thumbnail_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** When the signed upload URL was first used: each URL takes one PUT. */
    uploadTokenUsedAt: timestamp('upload_token_used_at', { withTimezone: true }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    mainFileReady: boolean('main_file_ready').notNull().default(false),
    thumbnailReady: boolean('thumbnail_ready').notNull().default(false),
    /** Why processing rejected the file (it did not decode); the file is then deleted and the media unusable. */
    processingError: text('processing_error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('user_media_type_check', t.type, UserMediaType),
    index('user_media_owner_idx').on(t.ownerUserId),
    // Images served before stripping existed: the daily media job strips them (stripServedImages).
    index('user_media_images_to_strip_idx')
      .on(t.createdAt)
      .where(sql`${t.type} = 'IMAGE' AND ${t.originalKey} IS NULL AND ${t.mainFileReady}`),
  ],
);
