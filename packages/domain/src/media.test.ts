import { describe, expect, it } from 'vitest';
import { fileExtensionOf, isAcceptedMediaFile, mediaInputAccept, mediaTypeOf, mimeTypeForFile } from './media.ts';

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
