/**
 * An image's width and height from the first bytes of its file, as the upload arrives: a photo of more
 * than MAX_IMAGE_PIXELS is refused before it is kept. A 256-megapixel image was accepted and served to phones, which
 * decode every pixel (about 1 GB of memory) to show it. Only the headers are read: PNG's IHDR, WebP's VP8/VP8L/VP8X
 * chunk, JPEG's start-of-frame segment (after any EXIF segments, so it may need several kilobytes).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * `null` while more bytes are needed; `undefined` when the header cannot be read (the processing job decodes the
 * whole file and refuses it then).
 */
export function imageDimensions(head: Uint8Array, mimeType: string): ImageDimensions | null | undefined {
  const bytes = new Bytes(head);
  if (mimeType === 'image/png') return bytes.length < 24 ? null : { width: bytes.uint32BE(16), height: bytes.uint32BE(20) };
  if (mimeType === 'image/webp') return webpDimensions(bytes);
  if (mimeType === 'image/jpeg') return jpegDimensions(bytes);
  return undefined;
}

/** Big- and little-endian reads of a Uint8Array (this package runs in browsers too, so no Buffer). */
class Bytes {
  private readonly view: DataView;
  constructor(private readonly array: Uint8Array) {
    this.view = new DataView(array.buffer, array.byteOffset, array.byteLength);
  }
  get length() {
    return this.array.length;
  }
  at = (offset: number) => this.array[offset];
  uint16BE = (offset: number) => this.view.getUint16(offset);
  uint16LE = (offset: number) => this.view.getUint16(offset, true);
  uint32BE = (offset: number) => this.view.getUint32(offset);
  uint32LE = (offset: number) => this.view.getUint32(offset, true);
  uint24LE = (offset: number) => this.view.getUint16(offset, true) + (this.view.getUint8(offset + 2) << 16);
  latin1 = (start: number, end: number) => String.fromCharCode(...this.array.subarray(start, end));
}

export const isOverPixelLimit = ({ width, height }: ImageDimensions): boolean => width * height > MAX_IMAGE_PIXELS;

function webpDimensions(bytes: Bytes): ImageDimensions | null | undefined {
  if (bytes.length < 30) return null;
  const chunk = bytes.latin1(12, 16);
  if (chunk === 'VP8X') return { width: bytes.uint24LE(24) + 1, height: bytes.uint24LE(27) + 1 };
  if (chunk === 'VP8L') {
    const bits = bytes.uint32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: bytes.uint16LE(26) & 0x3fff, height: bytes.uint16LE(28) & 0x3fff };
  return undefined;
}

// Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC).
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegDimensions(bytes: Bytes): ImageDimensions | null | undefined {
  let offset = 2; // after SOI (FF D8)
  while (offset + 4 <= bytes.length) {
    if (bytes.at(offset) !== 0xff) return undefined;
    const marker = bytes.at(offset + 1)!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan data before any frame header
    const length = bytes.uint16BE(offset + 2);
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.uint16BE(offset + 5), width: bytes.uint16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}
