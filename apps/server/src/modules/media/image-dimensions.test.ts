import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageDimensions, isOverPixelLimit, MAX_IMAGE_PIXELS } from '@listwise/domain/image-dimensions';

const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#88aacc' } });

describe('imageDimensions', () => {
  it('reads the size of real JPEG, PNG and WebP files (lossy, lossless) from their first bytes', async () => {
    const files: [string, Buffer][] = [
      [
        'image/jpeg',
        await blank(641, 479)
          .jpeg()
          .withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(3000) } } })
          .toBuffer(),
      ],
      ['image/png', await blank(641, 479).png().toBuffer()],
      ['image/webp', await blank(641, 479).webp().toBuffer()],
      ['image/webp', await blank(641, 479).webp({ lossless: true }).toBuffer()],
      [
        'image/webp',
        await blank(641, 479)
          .webp()
          .withMetadata({ exif: { IFD0: { Copyright: 'x' } } })
          .toBuffer(),
      ],
    ];
    for (const [mimeType, file] of files) {
      expect(imageDimensions(file, mimeType), mimeType).toEqual({ width: 641, height: 479 });
      expect(imageDimensions(file.subarray(0, 10), mimeType), mimeType).toBeNull();
    }
  });

  it('cannot read what is not an image header', () => {
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0x00, 0x01, 0x02, 0x03]), 'image/jpeg')).toBeUndefined();
    expect(imageDimensions(Buffer.alloc(40), 'video/mp4')).toBeUndefined();
  });

  it('puts the limit at 50 megapixels', () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(isOverPixelLimit({ width: 8660, height: 5773 })).toBe(false);
    expect(isOverPixelLimit({ width: 16_384, height: 16_384 })).toBe(true);
  });
});
