import { imageDimensions, isOverPixelLimit, MAX_IMAGE_PIXELS } from '@listwise/domain/image-dimensions';
import { isContentOfMimeType, MEDIA_SIGNATURE_BYTES, normaliseMimeType } from '@listwise/domain/media';

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

/** A photo of more than MAX_IMAGE_PIXELS: refused before it is kept, like a mismatch. */
export class MediaImageTooLargeError extends Error {
  constructor(width: number, height: number) {
    super(`image is ${width} × ${height} pixels, over ${MAX_IMAGE_PIXELS}`);
    this.name = 'MediaImageTooLargeError';
  }
}

// How far into a photo its size is looked for: a JPEG's frame header follows its EXIF segments (each at most 64 KB).
const DIMENSIONS_WITHIN_BYTES = 512 * 1024;

/**
 * Passes a photo's chunks on, refusing it with MediaImageTooLargeError as soon as its header shows more than
 * MAX_IMAGE_PIXELS. The chunks before the header are held back, so storage keeps nothing of a refused photo. A
 * header not found within DIMENSIONS_WITHIN_BYTES is left to the processing job, which also limits the pixels.
 */
async function* checkImageSize(source: AsyncIterable<Buffer>, mimeType: string): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    const dimensions = imageDimensions(head, mimeType);
    if (dimensions && isOverPixelLimit(dimensions)) throw new MediaImageTooLargeError(dimensions.width, dimensions.height);
    if (dimensions === null && head.length < DIMENSIONS_WITHIN_BYTES) continue;
    yield head;
    head = null;
  }
  if (head !== null && head.length > 0) yield head;
}

const isImage = (mimeType: string) => normaliseMimeType(mimeType).startsWith('image/');

/** The checks every upload passes before it is kept: its first bytes are of its type, and a photo is not too large. */
export function checkUpload(source: AsyncIterable<Buffer>, mimeType: string): AsyncGenerator<Buffer> {
  const checked = checkContent(source, mimeType);
  return isImage(mimeType) ? checkImageSize(checked, normaliseMimeType(mimeType)) : checked;
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
