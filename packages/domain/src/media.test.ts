import { describe, expect, it } from 'vitest';
import {
  detectMediaContainer,
  fileExtensionOf,
  isAcceptedMediaFile,
  isContentOfMimeType,
  mediaInputAccept,
  mediaTypeOf,
  mimeTypeForFile,
} from './media.ts';

describe('media file rules', () => {
  it('finds the extension of a file name, and none where there is none', () => {
    expect(fileExtensionOf('Kitchen.JPG')).toBe('jpg');
    expect(fileExtensionOf('walk.through.mov')).toBe('mov');
    expect(fileExtensionOf('C:\\photos\\front.png')).toBe('png');
    for (const name of ['photo', '.env', 'trailing.', '']) expect(fileExtensionOf(name)).toBeNull();
  });

  it('needs extension and MIME type to agree', () => {
    expect(mediaTypeOf('jpg', 'image/jpeg')).toBe('IMAGE');
    expect(mediaTypeOf('.JPEG', 'Image/JPEG; charset=binary')).toBe('IMAGE');
    expect(mediaTypeOf('m4v', 'video/mp4')).toBe('VIDEO');
    expect(mediaTypeOf('png', 'image/jpeg')).toBeNull();
    expect(mediaTypeOf('gif', 'image/gif')).toBeNull();
    expect(mediaTypeOf('toString', 'image/jpeg')).toBeNull();
  });

  it('limits what each uploader takes', () => {
    expect(isAcceptedMediaFile('image', 'png', 'image/png')).toBe(true);
    expect(isAcceptedMediaFile('image', 'mp4', 'video/mp4')).toBe(false);
    expect(isAcceptedMediaFile('video', 'mp4', 'video/mp4')).toBe(true);
    expect(isAcceptedMediaFile('imageOrVideo', 'webm', 'video/webm')).toBe(true);
    expect(mediaInputAccept('image')).toBe('.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp');
    expect(mediaInputAccept('video')).not.toContain('image/');
  });

  it('fills in a MIME type the browser did not report', () => {
    expect(mimeTypeForFile('mov', '')).toBe('video/quicktime');
    expect(mimeTypeForFile('m4v', 'application/octet-stream')).toBe('video/x-m4v');
    expect(mimeTypeForFile('jpg', 'image/jpeg')).toBe('image/jpeg');
    expect(mimeTypeForFile('jpg', 'image/png')).toBe('image/png');
  });
});

describe('what the bytes say', () => {
  const bytes = (...parts: (number[] | string)[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
  const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF');
  const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR');
  const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
  const MP4 = bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]);
  const OLD_MOV = bytes([0, 0, 0, 0x08], 'wide', [0, 0, 0, 0], 'mdat');
  const WEBM = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
  const TEXT = bytes('this is not a picture at all');

  it('recognises each accepted container by its magic number', () => {
    expect(detectMediaContainer(JPEG)).toBe('jpeg');
    expect(detectMediaContainer(PNG)).toBe('png');
    expect(detectMediaContainer(WEBP)).toBe('webp');
    expect(detectMediaContainer(MP4)).toBe('isoBmff');
    expect(detectMediaContainer(OLD_MOV)).toBe('isoBmff');
    expect(detectMediaContainer(WEBM)).toBe('webm');
  });

  it('recognises nothing in text, a RIFF that is not WebP, an empty or a too-short file', () => {
    expect(detectMediaContainer(TEXT)).toBeNull();
    expect(detectMediaContainer(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(detectMediaContainer(new Uint8Array())).toBeNull();
    expect(detectMediaContainer(bytes([0xff, 0xd8]))).toBeNull();
    expect(detectMediaContainer(bytes('GIF89a'))).toBeNull();
  });

  it('needs the bytes to be what the declared MIME type promises', () => {
    expect(isContentOfMimeType(JPEG, 'image/jpeg')).toBe(true);
    expect(isContentOfMimeType(TEXT, 'image/jpeg')).toBe(false);
    expect(isContentOfMimeType(PNG, 'image/jpeg')).toBe(false);
    expect(isContentOfMimeType(WEBP, 'Image/WebP')).toBe(true);
    for (const mime of ['video/mp4', 'video/x-m4v', 'video/quicktime']) expect(isContentOfMimeType(MP4, mime)).toBe(true);
    expect(isContentOfMimeType(MP4, 'video/webm')).toBe(false);
    expect(isContentOfMimeType(WEBM, 'video/webm')).toBe(true);
    expect(isContentOfMimeType(JPEG, 'image/gif')).toBe(false);
  });
});
