import crypto from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../../db/schema/accounts.ts';
import { userMedia } from '../../db/schema/media.ts';
import { properties, propertyMedia } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import { processUserMedia } from '../media/media.service.ts';
import { findSuburbId } from './listing-fixtures.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Demo data of the listings module (PRODUCT.md 'Demo data'): the demo seller's listed (ACTIVE) house in Bondi,
 * with photos that are real JPEG files, drawn here with sharp and stored through the MediaStorage port, then
 * processed like any upload (thumbnails). Idempotent: does nothing once the seller has a published property.
 */

interface Scene {
  sky: [string, string];
  wall: string;
  roof: string;
  ground: string;
  label: string;
}

const SCENES: Scene[] = [
  { sky: ['#7fb8e6', '#d9eefc'], wall: '#f2efe6', roof: '#8c3b2e', ground: '#5d8c3a', label: 'Front' },
  { sky: ['#f4b183', '#fde2c4'], wall: '#e8e1d3', roof: '#4a4a4a', ground: '#3f7a52', label: 'Garden' },
  { sky: ['#5a7fa8', '#b7cde3'], wall: '#ffffff', roof: '#2f3e4e', ground: '#c9b79c', label: 'Courtyard' },
  { sky: ['#9ec9e2', '#eef6fb'], wall: '#d7c4a8', roof: '#6b4a3a', ground: '#7aa05a', label: 'Street' },
];

/** A 1200×800 picture of a house in one of a few lights, as a JPEG. */
export async function drawHouseJpeg(scene: Scene, seed: number): Promise<Buffer> {
  const offset = (seed * 37) % 120;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="${980 - offset}" cy="140" r="60" fill="#fff6c8" opacity="0.9"/>
  <rect y="560" width="1200" height="240" fill="${scene.ground}"/>
  <rect x="${300 + offset}" y="330" width="520" height="260" fill="${scene.wall}" stroke="#333" stroke-width="4"/>
  <polygon points="${270 + offset},340 ${560 + offset},170 ${850 + offset},340" fill="${scene.roof}"/>
  <rect x="${520 + offset}" y="450" width="80" height="140" fill="#6b4423"/>
  <rect x="${360 + offset}" y="390" width="110" height="90" fill="#bfe3f5" stroke="#333" stroke-width="4"/>
  <rect x="${650 + offset}" y="390" width="110" height="90" fill="#bfe3f5" stroke="#333" stroke-width="4"/>
  <ellipse cx="150" cy="560" rx="90" ry="120" fill="#2f6b2f"/><rect x="140" y="560" width="20" height="80" fill="#5b3a1e"/>
  <text x="40" y="770" font-family="sans-serif" font-size="36" fill="#ffffff" opacity="0.85">${scene.label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** Seeds the demo seller's listed property; returns its id, or null when there was nothing to do. */
export async function seedDemoListing(deps: Deps, options: { sellerEmail: string }): Promise<string | null> {
  const { db } = deps;
  const seller = await db.query.users.findFirst({ where: eq(users.email, options.sellerEmail) });
  if (!seller) return null;
  const existing = await db.query.properties.findFirst({
    where: and(eq(properties.sellerUserId, seller.id), ne(properties.state, 'DRAFT')),
  });
  if (existing) return null;

  const now = deps.clock.now();
  const submittedAt = new Date(now.getTime() - 26 * 60 * 60 * 1000);
  const mediaIds: string[] = [];
  for (const [index, scene] of SCENES.entries()) {
    const jpeg = await drawHouseJpeg(scene, index);
    const storageKey = `${crypto.randomUUID()}.jpg`;
    const { sizeBytes } = await deps.storage.put(storageKey, jpeg, { contentType: 'image/jpeg' });
    const media = await db
      .insert(userMedia)
      .values({
        ownerUserId: seller.id,
        type: 'IMAGE',
        mimeType: 'image/jpeg',
        fileExtension: 'jpg',
        storageKey,
        sizeBytes,
        uploadedAt: submittedAt,
      })
      .returning()
      .then(theRow);
    await processUserMedia(deps, media.id);
    mediaIds.push(media.id);
  }

  const property = await db
    .insert(properties)
    .values({
      sellerUserId: seller.id,
      state: 'ACTIVE',
      streetNumber: '24',
      streetName: 'Blair Street',
      suburbId: await findSuburbId(db, 'Bondi', 'NSW'),
      latitude: -33.8915,
      longitude: 151.2767,
      propertyType: 'HOUSE',
      numberOfBedrooms: 3,
      numberOfBathrooms: 2,
      numberOfToilets: 2,
      numberOfCarSpaces: 1,
      numberOfLivingSpaces: 2,
      propertySizeSqm: 165,
      landSizeSqm: 310,
      propertyAge: 85,
      additionalFeatures: ['OUTDOOR_AREA', 'BUILT_IN_ROBES', 'HEATING'],
      capitalImprovements: 'YES',
      estimatedSaleValueRange: 'FROM_1_5M_TO_2M',
      idealTimeframeOfSale: 'ONE_TO_THREE_MONTHS',
      preferredMethodOfSale: 'AUCTION_OR_PRIVATE',
      areYouThePropertyOwner: 'YES',
      additionalInformation: 'Freestanding Californian bungalow, renovated kitchen in 2021, five minutes walk to the beach.',
      submittedAt,
      createdAt: new Date(submittedAt.getTime() - 60 * 60 * 1000),
      updatedAt: submittedAt,
    })
    .returning()
    .then(theRow);
  await db
    .insert(propertyMedia)
    .values(mediaIds.map((userMediaId, order) => ({ propertyId: property.id, userMediaId, type: 'PHOTO' as const, order })));
  return property.id;
}
