import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, MediaTooLargeError, type MediaStorage } from './media-storage.ts';

/**
 * S3-compatible MediaStorage (AWS S3, Cloudflare R2, MinIO, …), used when `S3_BUCKET` is set. The bucket stays
 * private: browsers upload with a presigned PUT (content type signed) and read through short-lived presigned GETs.
 */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services; implies path-style addressing. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

async function collect(body: Readable, maxBytes: number | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (maxBytes !== undefined && size > maxBytes) {
      body.destroy();
      throw new MediaTooLargeError(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function createS3MediaStorage(options: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: !!options.endpoint,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them: a default CRC32 would be signed into presigned PUT URLs, and a
    // browser sending the file cannot supply it (several S3-compatible services reject it too).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    assertSafeKey(key);
    return key;
  };

  return {
    kind: 's3',

    async put(key, body, { contentType, maxBytes }) {
      // Only thumbnails are written through the server (user files arrive by presigned PUT), so buffering is fine.
      const buffer = Buffer.isBuffer(body) ? body : await collect(body, maxBytes);
      if (maxBytes !== undefined && buffer.length > maxBytes) throw new MediaTooLargeError(maxBytes);
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: buffer, ContentType: contentType }));
      return { sizeBytes: buffer.length };
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return { sizeBytes: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key, range) {
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: checked(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return object.Body;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    async move(fromKey, toKey) {
      await client.send(
        new CopyObjectCommand({ Bucket, Key: checked(toKey), CopySource: `${Bucket}/${encodeURIComponent(checked(fromKey))}` }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: fromKey }));
    },

    presignUpload: (key, { contentType, expiresInSeconds }) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket, Key: checked(key), ContentType: contentType }), {
        expiresIn: expiresInSeconds,
        // Signed, so S3 refuses a PUT whose Content-Type differs from the one declared to createUserMedia.
        signableHeaders: new Set(['content-type']),
      }),

    presignDownload: (key, { expiresInSeconds }) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checked(key) }), { expiresIn: expiresInSeconds }),
  };
}
