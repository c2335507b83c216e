/**
 * Photos keep no secrets (issue 22, item 7): a photo straight from a phone carries its GPS position and camera in
 * EXIF. Every served image and thumbnail is stripped of them, turned upright first by the EXIF orientation, and the
 * stored original is never served (its key lives under originals/, which GET /media refuses).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMedia } from '../../db/schema/media.ts';
import { signUpAgent } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { processUserMedia, stripServedImages } from './media.service.ts';

let server: TestServer;
let dataDir: string;
let agent: { token: string; userId: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listwise-photo-privacy-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  agent = await signUpAgent(server);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const MEDIA_FIELDS = 'id url thumbnailUrl mainFileReady thumbnailReady processingFailed';
const CREATE = `mutation($ext: String!, $mime: String!) { createUserMedia(fileExtension: $ext, mimeType: $mime) { uploadUrl userMedia { id } } }`;
const USER_MEDIA = `query($id: ID!) { userMedia(id: $id) { ${MEDIA_FIELDS} } }`;

interface Media {
  id: string;
  url: string | null;
  thumbnailUrl: string | null;
  mainFileReady: boolean;
  thumbnailReady: boolean;
  processingFailed: boolean;
}

const local = (url: string) => `${server.url}${new URL(url).pathname}`;

/** A 600 × 400 photo as a phone takes it held upright: EXIF orientation 6 (rotate 90°), camera and a GPS position. */
async function phonePhoto(format: 'jpeg' | 'png' | 'webp') {
  const base = sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 140, b: 90 } } });
  const encoded = format === 'jpeg' ? base.jpeg() : format === 'png' ? base.png() : base.webp();
  return encoded
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro', Software: 'SecretCam 1.0' },
      IFD3: {
        GPSMapDatum: 'WGS-84',
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 53/1 1/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 16/1 30/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const GPS_IFD_TAG = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];

/** Whether the bytes carry any location or camera metadata: EXIF at all, the GPS IFD, the camera's words. */
async function metadataLeaks(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  const text = bytes.toString('latin1');
  return {
    exif: !!metadata.exif,
    gps: GPS_IFD_TAG.some((tag) => metadata.exif?.includes(tag) ?? false) || text.includes('WGS-84'),
    camera: text.includes('iPhone') || text.includes('SecretCam'),
    xmp: !!metadata.xmp,
    iptc: !!metadata.iptc,
  };
}
const NO_LEAKS = { exif: false, gps: false, camera: false, xmp: false, iptc: false };

async function upload(body: Buffer, ext: string, mime: string): Promise<Media> {
  const created = await server.gql<{ createUserMedia: { uploadUrl: string; userMedia: { id: string } } }>(
    CREATE,
    { ext, mime },
    agent.token,
  );
  const { uploadUrl, userMedia: media } = created.data!.createUserMedia;
  const put = await fetch(local(uploadUrl), { method: 'PUT', headers: { 'content-type': mime }, body: new Uint8Array(body) });
  expect(put.status).toBe(200);
  for (let attempt = 0; attempt < 150; attempt++) {
    const read = (await server.gql<{ userMedia: Media }>(USER_MEDIA, { id: media.id }, agent.token)).data!.userMedia;
    if ((read.mainFileReady && read.thumbnailReady) || read.processingFailed) return read;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('not processed in time');
}

const download = async (url: string) => {
  const response = await fetch(local(url));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

describe('served photos carry no location or camera metadata', () => {
  for (const [format, ext, mime] of [
    ['jpeg', 'jpg', 'image/jpeg'],
    ['png', 'png', 'image/png'],
    ['webp', 'webp', 'image/webp'],
  ] as const) {
    it(`${format}: the photo and its thumbnail are stripped and upright; the original is kept but never served`, async () => {
      const photo = await phonePhoto(format);
      // The fixture really does carry what a phone leaks.
      expect(await metadataLeaks(photo)).toMatchObject({ exif: true, gps: true, camera: true });

      const media = await upload(photo, ext, mime);
      expect(media.processingFailed).toBe(false);

      const served = await download(media.url!);
      expect(await metadataLeaks(served)).toEqual(NO_LEAKS);
      // Orientation 6 applied before stripping: the 600 × 400 landscape pixels stand upright as 400 × 600.
      expect(await sharp(served).metadata()).toMatchObject({ format, width: 400, height: 600 });

      const thumbnail = await download(media.thumbnailUrl!);
      expect(await metadataLeaks(thumbnail)).toEqual(NO_LEAKS);
      const thumbnailSize = await sharp(thumbnail).metadata();
      expect(thumbnailSize.height!).toBeGreaterThan(thumbnailSize.width!);

      // The original is kept (under originals/, with its metadata) and no address serves it.
      const row = (await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, media.id) }))!;
      expect(row.originalKey).toMatch(/^originals\//);
      const kept = fs.readFileSync(path.join(dataDir, 'media', row.originalKey!));
      expect(kept.equals(photo)).toBe(true);
      for (const key of [row.originalKey!, row.originalKey!.replace(/^originals\//, ''), encodeURIComponent(row.originalKey!)]) {
        expect((await fetch(`${server.url}/media/${key}`)).status, key).toBe(404);
      }
    });
  }

  it('an image served before stripping existed is stripped by the daily media job, and its old address stops answering', async () => {
    const photo = await phonePhoto('jpeg');
    const media = await upload(photo, 'jpg', 'image/jpeg');
    const processed = (await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, media.id) }))!;
    // As such a row was before: the original, with its metadata, at the served key and no original key.
    const oldKey = processed.originalKey!.replace(/^originals\//, '');
    fs.renameSync(path.join(dataDir, 'media', processed.originalKey!), path.join(dataDir, 'media', oldKey));
    await server.deps.db.update(userMedia).set({ storageKey: oldKey, originalKey: null }).where(eq(userMedia.id, media.id));
    expect(await metadataLeaks(await download(`${server.url}/media/${oldKey}`))).toMatchObject({ gps: true });

    expect(await stripServedImages(server.deps)).toBeGreaterThanOrEqual(1);
    const after = (await server.gql<{ userMedia: Media }>(USER_MEDIA, { id: media.id }, agent.token)).data!.userMedia;
    expect(after.url).not.toContain(oldKey);
    expect(await metadataLeaks(await download(after.url!))).toEqual(NO_LEAKS);
    expect((await fetch(`${server.url}/media/${oldKey}`)).status).toBe(404);
    // Processing a stripped image again changes nothing.
    expect(await processUserMedia(server.deps, media.id)).toBe('skipped');
  });
});
