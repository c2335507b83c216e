/**
 * The installable app's icons, made from the logo (public/favicon.svg) with sharp: run `npx tsx
 * scripts/generate-icons.ts` in apps/web after changing the logo, and commit what it writes to public/.
 *
 * - icons/icon-192.png, icons/icon-512.png: the logo as it is (rounded square), for the manifest's 'any' purpose;
 * - icons/icon-maskable-512.png: the mark on a full-bleed brand square, inside the middle 80% that every launcher
 *   mask keeps (the maskable icon safe zone);
 * - apple-touch-icon.png (180 px): opaque, as iOS fills transparency with black;
 * - favicon.ico: 16, 32 and 48 px PNGs in one ICO file, for browsers and tools that ask for /favicon.ico.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const BRAND = '#0f4c5c';
/** The mark alone (the logo's letter and dot), on a 32-unit grid like the logo. */
const MARK = '<path d="M9 8h3.2v13.2H23V24H9z" fill="#fff"/><circle cx="22" cy="11" r="3" fill="#5eead4"/>';

const png = (svg: Buffer | string, size: number) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 32) })
    .resize(size, size)
    .png()
    .toBuffer();

/** The mark scaled to `share` of a full-bleed brand square. */
function fullBleed(share: number): string {
  const scale = share;
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`;
}

/** An ICO file of PNG images (allowed since Windows Vista; every browser reads it). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const logo = await readFile(path.join(publicDir, 'favicon.svg'));
await writeFile(path.join(publicDir, 'icons/icon-192.png'), await png(logo, 192));
await writeFile(path.join(publicDir, 'icons/icon-512.png'), await png(logo, 512));
await writeFile(path.join(publicDir, 'icons/icon-maskable-512.png'), await png(fullBleed(0.75), 512));
await writeFile(path.join(publicDir, 'apple-touch-icon.png'), await png(fullBleed(0.85), 180));
const sizes = [16, 32, 48];
await writeFile(
  path.join(publicDir, 'favicon.ico'),
  ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(logo, size) })))),
);
