import { isContentOfMimeType, MEDIA_SIGNATURE_BYTES } from '@listwise/domain/media';

/**
 * The magic-number check every upload passes before it is kept, whatever the uploader (listing photos and
 * videos, profile picture, agency logo, appraisal video): the first bytes must be of the declared type. The
 * `media.process` job decodes the whole file afterwards; this check refuses the obvious fakes at once, with
 * an answer the uploader can show, instead of letting them appear and fail later.
 */
export class MediaContentMismatchError extends Error {
  constructor(mimeType: string) {
    super(`content is not ${mimeType}`);
    this.name = 'MediaContentMismatchError';
  }
}

/**
 * Passes a stream's chunks on once its first bytes prove it is of `mimeType`; otherwise throws
 * `MediaContentMismatchError` before anything is passed on (so storage keeps nothing). Lazy: wrapped with
 * `Readable.from`, it reads only as fast as storage writes, and a failure surfaces as that stream's error.
 */
export async function* checkContent(source: AsyncIterable<Buffer>, mimeType: string): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < MEDIA_SIGNATURE_BYTES) continue;
    if (!isContentOfMimeType(head, mimeType)) throw new MediaContentMismatchError(mimeType);
    yield head;
    head = null;
  }
  // A file shorter than the signature: check what there is (an empty file is refused elsewhere).
  if (head !== null && head.length > 0) {
    if (!isContentOfMimeType(head, mimeType)) throw new MediaContentMismatchError(mimeType);
    yield head;
  }
}
