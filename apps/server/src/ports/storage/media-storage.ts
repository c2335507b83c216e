import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * MediaStorage port: where uploaded files and their thumbnails live. The default keeps them on local disk
 * under `<DATA_DIR>/media` and takes uploads through the app's own signed PUT route; with `S3_BUCKET` set they
 * live in S3-compatible storage, browsers upload with a presigned PUT and downloads are presigned redirects.
 * Keys are flat, random and unguessable (`<uuid>.<ext>`); uploads to S3 land under `uploads/` first.
 */
export interface StoredObject {
  sizeBytes: number;
  contentType: string | null;
}

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores the body under `key`, replacing nothing until it is complete. With `maxBytes` the write stops with
   * `MediaTooLargeError` as soon as the body grows past it, and nothing is kept.
   */
  put(key: string, body: Buffer | Readable, options: { contentType: string; maxBytes?: number }): Promise<{ sizeBytes: number }>;
  /** Size and content type of a stored object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes (a range of them when given). Rejects when the object does not exist. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Renames an object (same storage). */
  move(fromKey: string, toKey: string): Promise<void>;
  /** The file's path when it sits on this machine's disk, so tools like ffmpeg can read it in place. */
  localPath?(key: string): string;
  /** A URL the browser PUTs the file to directly (S3). Absent when uploads go through the app's signed route. */
  presignUpload?(key: string, options: { contentType: string; expiresInSeconds: number }): Promise<string>;
  /** A short-lived URL to download the object directly (S3). Absent when the app streams files itself. */
  presignDownload?(key: string, options: { expiresInSeconds: number }): Promise<string>;
}

export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
    this.name = 'MediaTooLargeError';
  }
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*(\.[a-z0-9]{1,8})?$/i;

/** Keys are built by the media module, never taken from users; this guards the local adapter against traversal. */
export function assertSafeKey(key: string): void {
  if (!KEY.test(key) || key.length > 200) throw new Error(`invalid storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  // Browsers play .m4v as MP4; 'video/x-m4v' is not understood everywhere.
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** Content type for a key by its extension (the local adapter keeps no metadata). */
export const contentTypeForKey = (key: string): string =>
  CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
