import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, MEDIA_UPLOAD_URL_TTL_MS } from '@listwise/domain/media';
import { userMedia } from '../../db/schema/media.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MediaStorage } from '../../ports/storage/media-storage.ts';
import { createS3MediaStorage } from '../../ports/storage/s3-storage.ts';
import { createSeller, signUpAgent } from '../../test/factories.ts';
import { createAppraisalScenario, draftCompleteAppraisal, findSuburb, gqlOk } from '../appraisals/test-factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { parseRange } from './media.routes.ts';
import { assertUsableMedia, removeStaleUserMedia, storeUserMediaFile } from './media.service.ts';

let server: TestServer;
let dataDir: string;
let fixtures: string;
let agent: { token: string; userId: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listwise-media-test-'));
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'listwise-media-fixtures-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  agent = await signUpAgent(server);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(fixtures, { recursive: true, force: true });
});
afterEach(() => server.deps.clock.reset());

const MEDIA_FIELDS = 'id type mimeType url thumbnailUrl mainFileReady thumbnailReady processingFailed';
const CREATE = `mutation($ext: String!, $mime: String!) { createUserMedia(fileExtension: $ext, mimeType: $mime) { uploadUrl userMedia { ${MEDIA_FIELDS} } } }`;
const USER_MEDIA = `query($id: ID!) { userMedia(id: $id) { ${MEDIA_FIELDS} } }`;
const COMPLETE = `mutation($id: ID!) { completeUserMediaUpload(id: $id) { ${MEDIA_FIELDS} } }`;

interface Media {
  id: string;
  type: 'IMAGE' | 'VIDEO';
  mimeType: string;
  url: string | null;
  thumbnailUrl: string | null;
  mainFileReady: boolean;
  thumbnailReady: boolean;
  processingFailed: boolean;
}

/** The configured APP_URL is not the test server's port: send the request to the real server. */
const local = (url: string) => `${server.url}${new URL(url).pathname}`;

const mediaDir = () => path.join(dataDir, 'media');
const storedFiles = () =>
  fs.existsSync(mediaDir())
    ? fs
        .readdirSync(mediaDir(), { recursive: true })
        .map(String)
        .filter((f) => f !== '.partial')
    : [];

async function createMedia(ext: string, mime: string, token = agent.token) {
  const result = await server.gql<{ createUserMedia: { uploadUrl: string; userMedia: Media } }>(CREATE, { ext, mime }, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.createUserMedia;
}

const put = (uploadUrl: string, body: Buffer, contentType: string) =>
  fetch(local(uploadUrl), { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(body) });

/** A PUT through node:http that stops sending as soon as an answer arrives (as a browser does). */
function streamingPut(url: string, headers: Record<string, string>, totalBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(local(url), { method: 'PUT', headers });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    // Opens like a JPEG (its magic number), so only the size can stop it.
    const chunk = Buffer.alloc(64 * 1024, 7);
    chunk.set([0xff, 0xd8, 0xff, 0xe0]);
    let sent = 0;
    const write = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

async function waitForProcessing(id: string, token = agent.token): Promise<Media> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const result = await server.gql<{ userMedia: Media }>(USER_MEDIA, { id }, token);
    const media = result.data!.userMedia;
    if ((media.mainFileReady && media.thumbnailReady) || media.processingFailed) return media;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`media ${id} was not processed in time`);
}

const jpeg = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="300" cy="300" r="200" fill="orange"/></svg>`) }])
    .jpeg({ quality: 85 })
    .toBuffer();

function mp4(): Buffer {
  const file = path.join(fixtures, 'clip.mp4');
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=320x240:rate=10',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
  }
  return fs.readFileSync(file);
}

describe('createUserMedia', () => {
  it('answers unauthorized without a session', async () => {
    expect(codeOf(await server.gql(CREATE, { ext: 'jpg', mime: 'image/jpeg' }))).toBe('unauthorized');
  });

  it('creates an upload slot with a signed local upload URL', async () => {
    const { uploadUrl, userMedia: media } = await createMedia('JPG', 'image/jpeg');
    expect(uploadUrl).toMatch(/^http:\/\/127\.0\.0\.1:3999\/media\/upload\/[0-9a-f-]{36}\.\d+\.[\w-]{43}$/);
    expect(media).toMatchObject({ type: 'IMAGE', mimeType: 'image/jpeg', url: null, thumbnailUrl: null, mainFileReady: false });
    const row = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, media.id) });
    expect(row).toMatchObject({ ownerUserId: agent.userId, fileExtension: 'jpg' });
    // The file's key is random and unrelated to the id other users may see.
    expect(row!.storageKey).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(row!.storageKey.startsWith(media.id)).toBe(false);
  });

  it('accepts every supported image and video type and tells them apart', async () => {
    const cases: [string, string, string][] = [
      ['jpeg', 'image/jpeg', 'IMAGE'],
      ['png', 'image/png', 'IMAGE'],
      ['webp', 'image/webp', 'IMAGE'],
      ['mp4', 'video/mp4', 'VIDEO'],
      ['m4v', 'video/x-m4v', 'VIDEO'],
      ['mov', 'video/quicktime', 'VIDEO'],
      ['webm', 'video/webm', 'VIDEO'],
    ];
    for (const [ext, mime, type] of cases) expect((await createMedia(ext, mime)).userMedia.type).toBe(type);
  });

  it('answers user_media_file_extension_not_supported for unsupported or mismatched types, creating nothing', async () => {
    const seller = await createSeller(server);
    const cases = [
      ['gif', 'image/gif'],
      ['heic', 'image/heic'],
      ['exe', 'application/octet-stream'],
      ['', 'image/jpeg'],
      ['png', 'image/jpeg'],
      ['jpg', 'video/mp4'],
      ['mp4', 'image/jpeg'],
      ['mov', 'video/mp4'],
    ];
    for (const [ext, mime] of cases) {
      const result = await server.gql(CREATE, { ext, mime }, seller.token);
      expect([ext, mime, codeOf(result)]).toEqual([ext, mime, 'user_media_file_extension_not_supported']);
    }
    expect(await server.deps.db.select().from(userMedia).where(eq(userMedia.ownerUserId, seller.userId))).toEqual([]);
  });
});

describe('uploading and processing', () => {
  it('takes a JPEG, checks it decodes, makes a 480 px WebP thumbnail and serves both', async () => {
    const image = await jpeg();
    const { uploadUrl, userMedia: created } = await createMedia('jpg', 'image/jpeg');
    const response = await put(uploadUrl, image, 'image/jpeg');
    expect(response.status).toBe(200);

    const completed = await server.gql<{ completeUserMediaUpload: Media }>(COMPLETE, { id: created.id }, agent.token);
    expect(completed.data!.completeUserMediaUpload.id).toBe(created.id);

    const media = await waitForProcessing(created.id);
    expect(media).toMatchObject({ mainFileReady: true, thumbnailReady: true, processingFailed: false });
    expect(media.url).toMatch(/^http:\/\/127\.0\.0\.1:3999\/media\/[0-9a-f-]{36}\.jpg$/);
    expect(media.thumbnailUrl).toMatch(/^http:\/\/127\.0\.0\.1:3999\/media\/[0-9a-f-]{36}\.webp$/);

    const original = await fetch(local(media.url!));
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Served as a copy written again without metadata (issue 22), the same picture at the same size.
    const served = Buffer.from(await original.arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });

    const thumbnail = await fetch(local(media.thumbnailUrl!));
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 480, height: 320 });

    const etag = original.headers.get('etag')!;
    expect((await fetch(local(media.url!), { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('takes a real MP4, makes a poster thumbnail with ffmpeg and serves the video with Range support', async () => {
    const video = mp4();
    const { uploadUrl, userMedia: created } = await createMedia('mp4', 'video/mp4');
    expect((await put(uploadUrl, video, 'video/mp4')).status).toBe(200);
    const media = await waitForProcessing(created.id);
    expect(media).toMatchObject({ type: 'VIDEO', mainFileReady: true, thumbnailReady: true, processingFailed: false });

    const poster = await fetch(local(media.thumbnailUrl!));
    const metadata = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 320, height: 240 });

    const partial = await fetch(local(media.url!), { headers: { range: 'bytes=100-199' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-type')).toBe('video/mp4');
    expect(partial.headers.get('accept-ranges')).toBe('bytes');
    expect(partial.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);

    const tail = await fetch(local(media.url!), { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);

    const beyond = await fetch(local(media.url!), { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);
  });

  it('refuses at once, by its first bytes, a file that is not what its name and type say, keeping nothing', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const cases: [string, string, Buffer][] = [
      ['jpg', 'image/jpeg', Buffer.from('this is not a picture at all')],
      ['jpg', 'image/jpeg', png],
      ['png', 'image/png', await jpeg()],
      ['mp4', 'video/mp4', await jpeg()],
      ['webm', 'video/webm', mp4()],
      ['mov', 'video/quicktime', Buffer.from('#!/bin/sh\necho not a video\n')],
    ];
    for (const [ext, mime, body] of cases) {
      const before = storedFiles().length;
      const created = await createMedia(ext, mime);
      const response = await put(created.uploadUrl, body, mime);
      expect(response.status, `${ext} holding other bytes`).toBe(415);
      expect(await response.json()).toEqual({
        errors: [{ message: 'user_media_content_not_supported', extensions: { code: 'user_media_content_not_supported' } }],
      });
      expect(storedFiles().length).toBe(before);
      const media = await server.gql<{ userMedia: Media }>(USER_MEDIA, { id: created.userMedia.id }, agent.token);
      expect(media.data!.userMedia).toMatchObject({ processingFailed: true, mainFileReady: false, url: null });
      await expect(assertUsableMedia(server.deps.db, { userId: agent.userId, mediaId: created.userMedia.id })).rejects.toMatchObject({
        code: 'user_media_content_not_supported',
      });
      // The token is used up: the refused file cannot be replaced under the same media.
      expect((await put(created.uploadUrl, await jpeg(), mime)).status).toBe(409);
    }
  });

  it('refuses at once a photo of more than 50 megapixels, by its header, keeping nothing (issue 19)', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    png.writeUInt32BE(16_000, 16); // IHDR width
    png.writeUInt32BE(16_000, 20); // IHDR height
    const bigJpeg = Buffer.from(await jpeg());
    const frame = bigJpeg.findIndex((byte, i) => byte === 0xff && bigJpeg[i + 1] === 0xc0);
    bigJpeg.writeUInt16BE(10_000, frame + 5);
    bigJpeg.writeUInt16BE(10_000, frame + 7);
    for (const [ext, mime, body] of [
      ['png', 'image/png', png],
      ['jpg', 'image/jpeg', bigJpeg],
    ] as const) {
      const before = storedFiles().length;
      const created = await createMedia(ext, mime);
      const response = await put(created.uploadUrl, body, mime);
      expect(response.status, ext).toBe(413);
      expect(await response.json()).toEqual({
        errors: [{ message: 'user_media_image_too_large', extensions: { code: 'user_media_image_too_large' } }],
      });
      expect(storedFiles().length).toBe(before);
      const media = await server.gql<{ userMedia: Media }>(USER_MEDIA, { id: created.userMedia.id }, agent.token);
      expect(media.data!.userMedia).toMatchObject({ processingFailed: true, mainFileReady: false, url: null });
    }
  });

  it('rejects at processing files whose first bytes pass but which do not decode, and deletes them', async () => {
    const truncated = await createMedia('jpg', 'image/jpeg');
    const image = await jpeg();
    expect((await put(truncated.uploadUrl, image.subarray(0, Math.floor(image.length / 2)), 'image/jpeg')).status).toBe(200);
    const headerOnly = await createMedia('mp4', 'video/mp4');
    expect((await put(headerOnly.uploadUrl, mp4().subarray(0, 64), 'video/mp4')).status).toBe(200);

    for (const { userMedia: created } of [truncated, headerOnly]) {
      const media = await waitForProcessing(created.id);
      expect(media).toMatchObject({ processingFailed: true, mainFileReady: false, thumbnailReady: false, url: null });
      const row = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, created.id) });
      expect(fs.existsSync(path.join(mediaDir(), row!.storageKey))).toBe(false);
      await expect(assertUsableMedia(server.deps.db, { userId: agent.userId, mediaId: created.id })).rejects.toMatchObject({
        code: 'user_media_content_not_supported',
      });
    }
  });
});

describe('the signed upload URL', () => {
  it('takes exactly one upload: a second PUT is refused and the file stays as first uploaded', async () => {
    const image = await jpeg(600, 400);
    const { uploadUrl, userMedia: created } = await createMedia('jpg', 'image/jpeg');
    const [first, second] = await Promise.all([put(uploadUrl, image, 'image/jpeg'), put(uploadUrl, image, 'image/jpeg')]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const again = await put(uploadUrl, await jpeg(300, 300), 'image/jpeg');
    expect(again.status).toBe(409);
    // Processing keeps the upload as the original (and serves a stripped copy): read it once processing is done,
    // not while the job may be moving it.
    await waitForProcessing(created.id);
    const row = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, created.id) });
    expect(fs.readFileSync(path.join(mediaDir(), row!.originalKey!)).equals(image)).toBe(true);
  });

  it('expires after 15 minutes, keeping nothing', async () => {
    const { uploadUrl, userMedia: created } = await createMedia('jpg', 'image/jpeg');
    server.deps.clock.advance(MEDIA_UPLOAD_URL_TTL_MS + 1000);
    const response = await put(uploadUrl, await jpeg(), 'image/jpeg');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errors: [{ message: 'upload_url_expired', extensions: { code: 'upload_url_expired' } }] });
    const row = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, created.id) });
    expect(row).toMatchObject({ uploadedAt: null, uploadTokenUsedAt: null });
    expect(fs.existsSync(path.join(mediaDir(), row!.storageKey))).toBe(false);
  });

  it('refuses a forged or altered token', async () => {
    const { uploadUrl } = await createMedia('jpg', 'image/jpeg');
    const [mediaId, expiresAt, signature] = new URL(uploadUrl).pathname.split('/').pop()!.split('.');
    const later = `${server.url}/media/upload/${mediaId}.${Number(expiresAt) + 3_600_000}.${signature}`;
    expect(
      (await fetch(later, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(await jpeg()) })).status,
    ).toBe(403);
    const junk = `${server.url}/media/upload/not-a-token`;
    expect((await fetch(junk, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: 'x' })).status).toBe(403);
  });

  it('answers 415 to a content type other than the declared one, and the URL still works afterwards', async () => {
    const { uploadUrl, userMedia: created } = await createMedia('jpg', 'image/jpeg');
    expect((await put(uploadUrl, await jpeg(), 'image/png')).status).toBe(415);
    expect((await put(uploadUrl, await jpeg(), 'application/octet-stream')).status).toBe(415);
    expect((await fetch(local(uploadUrl), { method: 'PUT', body: new Uint8Array(await jpeg()) })).status).toBe(415);
    expect((await put(uploadUrl, await jpeg(), 'image/jpeg; charset=binary')).status).toBe(200);
    expect((await waitForProcessing(created.id)).mainFileReady).toBe(true);
  });

  it('answers 413 to an image over 15 MB, declared or streamed, and keeps nothing', async () => {
    const declared = await createMedia('jpg', 'image/jpeg');
    const tooBig = MEDIA_MAX_BYTES.IMAGE + 1;
    expect(await streamingPut(declared.uploadUrl, { 'content-type': 'image/jpeg', 'content-length': String(tooBig) }, tooBig)).toBe(413);

    const before = storedFiles();
    const streamed = await createMedia('jpg', 'image/jpeg');
    // Chunked, so the server only learns the size while reading: it must cut the upload off.
    const status = await streamingPut(
      streamed.uploadUrl,
      { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
      20 * 1024 * 1024,
    );
    expect(status).toBe(413);
    expect(storedFiles()).toEqual(before);
    expect(fs.readdirSync(path.join(mediaDir(), '.partial'))).toEqual([]);
    for (const { userMedia: created } of [declared, streamed]) {
      const row = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, created.id) });
      expect(row!.uploadedAt).toBeNull();
    }
    // The server is still fine afterwards.
    const next = await createMedia('jpg', 'image/jpeg');
    expect((await put(next.uploadUrl, await jpeg(), 'image/jpeg')).status).toBe(200);
  });

  it('answers CORS preflights, since the token and not a cookie authorises the upload', async () => {
    const { uploadUrl } = await createMedia('jpg', 'image/jpeg');
    const preflight = await fetch(local(uploadUrl), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });
});

describe('reading media', () => {
  it('shows media to its owner only: anyone else gets not_found, and no session gets unauthorized', async () => {
    const { userMedia: created } = await createMedia('jpg', 'image/jpeg');
    const other = await signUpAgent(server);
    expect(codeOf(await server.gql(USER_MEDIA, { id: created.id }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(COMPLETE, { id: created.id }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(USER_MEDIA, { id: 'not-a-uuid' }, agent.token))).toBe('not_found');
    expect(codeOf(await server.gql(USER_MEDIA, { id: created.id }))).toBe('unauthorized');
    expect((await server.gql<{ userMedia: Media }>(USER_MEDIA, { id: created.id }, agent.token)).data!.userMedia.id).toBe(created.id);
  });

  it('completeUserMediaUpload before the PUT answers invalid_state', async () => {
    const { userMedia: created } = await createMedia('jpg', 'image/jpeg');
    expect(codeOf(await server.gql(COMPLETE, { id: created.id }, agent.token))).toBe('invalid_state');
  });

  it('serves only keys it issues', async () => {
    for (const key of ['..%2F..%2Fetc%2Fpasswd', 'upload', `${crypto.randomUUID()}.jpg`, `${crypto.randomUUID()}.exe`]) {
      expect((await fetch(`${server.url}/media/${key}`)).status).toBe(404);
    }
  });
});

describe('a text file renamed .jpg (or .mp4)', () => {
  const TEXT = Buffer.from('Dear agent, this is a letter, not a photo.\n');
  const GQL_CODE = (result: { errors?: { extensions?: { code?: string; field?: string } }[] }) => [
    result.errors?.[0]?.extensions?.code,
    result.errors?.[0]?.extensions?.field,
  ];

  /** What a browser does with a renamed text file: a slot for its extension, then the PUT, refused. */
  async function uploadText(token: string, ext: 'jpg' | 'mp4') {
    const mime = ext === 'jpg' ? 'image/jpeg' : 'video/mp4';
    const created = await createMedia(ext, mime, token);
    const response = await put(created.uploadUrl, TEXT, mime);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      errors: [{ message: 'user_media_content_not_supported', extensions: { code: 'user_media_content_not_supported' } }],
    });
    return created.userMedia.id;
  }

  it('is refused by every uploader: listing photos, floor plans and videos, profile picture, agency logo, appraisal video', async () => {
    const seller = await createSeller(server);
    const suburb = await findSuburb(server);
    const draft = await gqlOk<{ startNewDraftProperty: { id: string } }>(
      server,
      `mutation($s: ID!) { startNewDraftProperty(suburbId: $s, streetName: "Campbell Parade") { id } }`,
      { s: suburb.id },
      seller.token,
    );
    const ATTACH = `mutation($p: ID!, $t: PropertyMediaType!, $m: ID!) {
      attachUserMediaToDraftProperty(propertyId: $p, propertyMediaType: $t, userMediaId: $m) { id photos { id } } }`;
    for (const [type, ext] of [
      ['PHOTO', 'jpg'],
      ['FLOOR_PLAN', 'jpg'],
      ['VIDEO', 'mp4'],
    ] as const) {
      const mediaId = await uploadText(seller.token, ext);
      const attached = await server.gql(ATTACH, { p: draft.startNewDraftProperty.id, t: type, m: mediaId }, seller.token);
      expect(GQL_CODE(attached), type).toEqual(['user_media_content_not_supported', 'userMediaId']);
    }

    const profileAgent = await signUpAgent(server);
    const real = await storeUserMediaFile(server.deps, {
      ownerUserId: profileAgent.userId,
      body: await jpeg(),
      fileExtension: 'jpg',
      mimeType: 'image/jpeg',
    });
    const PROFILE = `mutation($pic: ID!, $logo: ID!) { updateAgentProfileDetails(profilePictureUserMediaId: $pic, bio: "Ten years in Bondi.",
      agencyLogoUserMediaId: $logo, agencyName: "Harbour Realty", agencyBio: "A family agency.") { id } }`;
    const fakePicture = await uploadText(profileAgent.token, 'jpg');
    expect(GQL_CODE(await server.gql(PROFILE, { pic: fakePicture, logo: real.id }, profileAgent.token))).toEqual([
      'user_media_content_not_supported',
      'profilePictureUserMediaId',
    ]);
    const fakeLogo = await uploadText(profileAgent.token, 'jpg');
    expect(GQL_CODE(await server.gql(PROFILE, { pic: real.id, logo: fakeLogo }, profileAgent.token))).toEqual([
      'user_media_content_not_supported',
      'agencyLogoUserMediaId',
    ]);

    const { agents } = await createAppraisalScenario(server, 1);
    const appraisalId = await draftCompleteAppraisal(server, agents[0]!.token, agents[0]!.request.id);
    const fakeVideo = await uploadText(agents[0]!.token, 'mp4');
    const video = await server.gql(
      `mutation($a: ID!, $v: ID) { updateDraftPropertyAppraisalVideo(propertyAppraisalId: $a, videoUserMediaId: $v) { id } }`,
      { a: appraisalId, v: fakeVideo },
      agents[0]!.token,
    );
    expect(GQL_CODE(video)).toEqual(['user_media_content_not_supported', 'videoUserMediaId']);
  });
});

describe('assertUsableMedia', () => {
  it('accepts the owner’s ready media of the right type and refuses the rest with the right code', async () => {
    const { uploadUrl, userMedia: created } = await createMedia('jpg', 'image/jpeg');
    const db = server.deps.db;
    await expect(assertUsableMedia(db, { userId: agent.userId, mediaId: created.id, requireReady: true })).rejects.toMatchObject({
      code: 'invalid_state',
    });
    await put(uploadUrl, await jpeg(), 'image/jpeg');
    await waitForProcessing(created.id);
    expect((await assertUsableMedia(db, { userId: agent.userId, mediaId: created.id, type: 'IMAGE', requireReady: true })).id).toBe(
      created.id,
    );
    const other = await signUpAgent(server);
    const refused = [
      assertUsableMedia(db, { userId: other.userId, mediaId: created.id }),
      assertUsableMedia(db, { userId: agent.userId, mediaId: 'nope' }),
      assertUsableMedia(db, { userId: agent.userId, mediaId: created.id, type: 'VIDEO', field: 'videoUserMediaId' }),
    ];
    const errors = await Promise.all(refused.map((p) => p.catch((error: AppError) => [error.code, error.field])));
    expect(errors).toEqual([
      ['not_found', undefined],
      ['not_found', undefined],
      ['user_media_file_extension_not_supported', 'videoUserMediaId'],
    ]);
  });
});

describe('storeUserMediaFile', () => {
  it('stores and processes a file the server holds, as an upload would be', async () => {
    const stored = await storeUserMediaFile(server.deps, {
      ownerUserId: agent.userId,
      body: await jpeg(640, 480),
      fileExtension: 'jpg',
      mimeType: 'image/jpeg',
    });
    expect(stored).toMatchObject({ type: 'IMAGE', mainFileReady: true, thumbnailReady: true, processingError: null });
    const media = (await server.gql<{ userMedia: Media }>(USER_MEDIA, { id: stored.id }, agent.token)).data!.userMedia;
    expect((await fetch(local(media.thumbnailUrl!))).status).toBe(200);
    await expect(
      storeUserMediaFile(server.deps, { ownerUserId: agent.userId, body: Buffer.from('x'), fileExtension: 'gif', mimeType: 'image/gif' }),
    ).rejects.toMatchObject({ code: 'user_media_file_extension_not_supported' });
  });
});

describe('clean-up', () => {
  it('removes upload slots never used within a day, and keeps uploaded media', async () => {
    const unused = await createMedia('jpg', 'image/jpeg');
    const used = await createMedia('jpg', 'image/jpeg');
    await put(used.uploadUrl, await jpeg(), 'image/jpeg');
    await waitForProcessing(used.userMedia.id);
    server.deps.clock.advance(25 * 60 * 60 * 1000);
    expect(await removeStaleUserMedia(server.deps)).toBeGreaterThanOrEqual(1);
    const remaining = await server.deps.db.select({ id: userMedia.id }).from(userMedia).where(eq(userMedia.ownerUserId, agent.userId));
    const ids = remaining.map((r) => r.id);
    expect(ids).toContain(used.userMedia.id);
    expect(ids).not.toContain(unused.userMedia.id);
  });
});

describe('with S3-compatible storage', () => {
  /** An in-memory stand-in for the S3 adapter: presigned URLs, no local paths. */
  function fakeS3(): MediaStorage & { objects: Map<string, { body: Buffer; contentType: string }> } {
    const objects = new Map<string, { body: Buffer; contentType: string }>();
    return {
      kind: 's3',
      objects,
      async put(key, body, { contentType }) {
        const buffer = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
        objects.set(key, { body: buffer, contentType });
        return { sizeBytes: buffer.length };
      },
      async stat(key) {
        const object = objects.get(key);
        return object ? { sizeBytes: object.body.length, contentType: object.contentType } : null;
      },
      async read(key, range) {
        const object = objects.get(key);
        if (!object) throw new Error('NoSuchKey');
        return Readable.from([range ? object.body.subarray(range.start, range.end + 1) : object.body]);
      },
      async delete(key) {
        objects.delete(key);
      },
      async move(from, to) {
        objects.set(to, objects.get(from)!);
        objects.delete(from);
      },
      presignUpload: async (key, { contentType, expiresInSeconds }) =>
        `https://bucket.example/${key}?type=${encodeURIComponent(contentType)}&expires=${expiresInSeconds}`,
      presignDownload: async (key) => `https://bucket.example/${key}?signed`,
    };
  }

  let original: MediaStorage;
  let s3: ReturnType<typeof fakeS3>;
  beforeAll(() => {
    original = server.deps.storage;
    s3 = fakeS3();
    server.deps.storage = s3;
  });
  afterAll(() => {
    server.deps.storage = original;
  });

  it('hands out a presigned PUT, and completion moves the file out of uploads/, processes it and serves it by redirect', async () => {
    const { uploadUrl, userMedia: created } = await createMedia('jpg', 'image/jpeg');
    const row = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, created.id) });
    expect(uploadUrl).toBe(`https://bucket.example/uploads/${row!.storageKey}?type=image%2Fjpeg&expires=900`);
    // The browser's PUT to S3:
    await s3.put(`uploads/${row!.storageKey}`, await jpeg(), { contentType: 'image/jpeg' });

    const completed = await server.gql<{ completeUserMediaUpload: Media }>(COMPLETE, { id: created.id }, agent.token);
    expect(completed.errors).toBeUndefined();
    expect(s3.objects.has(`uploads/${row!.storageKey}`)).toBe(false);
    const media = await waitForProcessing(created.id);
    expect(media).toMatchObject({ mainFileReady: true, thumbnailReady: true });
    // The original moved under originals/; the stripped copy has a key of its own (issue 22).
    const processed = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, created.id) });
    expect(processed!.originalKey).toBe(`originals/${row!.storageKey}`);
    expect(s3.objects.has(`originals/${row!.storageKey}`)).toBe(true);
    expect(s3.objects.has(row!.storageKey)).toBe(false);
    expect(s3.objects.has(processed!.storageKey)).toBe(true);

    const download = await fetch(local(media.url!), { redirect: 'manual' });
    expect(download.status).toBe(302);
    expect(download.headers.get('location')).toBe(`https://bucket.example/${processed!.storageKey}?signed`);
    // Completing twice is harmless.
    expect((await server.gql(COMPLETE, { id: created.id }, agent.token)).errors).toBeUndefined();
  });

  it('refuses at completion an object that is too large or of another content type, deleting it', async () => {
    const big = await createMedia('jpg', 'image/jpeg');
    const bigRow = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, big.userMedia.id) });
    await s3.put(`uploads/${bigRow!.storageKey}`, Buffer.alloc(MEDIA_MAX_BYTES.IMAGE + 1), { contentType: 'image/jpeg' });
    expect(codeOf(await server.gql(COMPLETE, { id: big.userMedia.id }, agent.token))).toBe('user_media_file_too_large');
    expect(s3.objects.has(`uploads/${bigRow!.storageKey}`)).toBe(false);

    const wrong = await createMedia('jpg', 'image/jpeg');
    const wrongRow = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, wrong.userMedia.id) });
    await s3.put(`uploads/${wrongRow!.storageKey}`, await jpeg(), { contentType: 'text/html' });
    expect(codeOf(await server.gql(COMPLETE, { id: wrong.userMedia.id }, agent.token))).toBe('user_media_file_extension_not_supported');
    const after = await server.gql<{ userMedia: Media }>(USER_MEDIA, { id: wrong.userMedia.id }, agent.token);
    expect(after.data!.userMedia.processingFailed).toBe(true);

    const missing = await createMedia('jpg', 'image/jpeg');
    expect(codeOf(await server.gql(COMPLETE, { id: missing.userMedia.id }, agent.token))).toBe('invalid_state');
  });

  it('refuses at completion, before it can be used or shown, an object whose bytes are not what it says, deleting it', async () => {
    const fake = await createMedia('jpg', 'image/jpeg');
    const row = await server.deps.db.query.userMedia.findFirst({ where: eq(userMedia.id, fake.userMedia.id) });
    await s3.put(`uploads/${row!.storageKey}`, Buffer.from('not a photo, just text'), { contentType: 'image/jpeg' });
    expect(codeOf(await server.gql(COMPLETE, { id: fake.userMedia.id }, agent.token))).toBe('user_media_content_not_supported');
    expect(s3.objects.has(`uploads/${row!.storageKey}`)).toBe(false);
    expect(s3.objects.has(row!.storageKey)).toBe(false);
    const after = await server.gql<{ userMedia: Media }>(USER_MEDIA, { id: fake.userMedia.id }, agent.token);
    expect(after.data!.userMedia).toMatchObject({ processingFailed: true, url: null });
  });
});

describe('storage details', () => {
  it('parses single byte ranges and ignores what it cannot serve as one', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('bytes=9-3', 100)).toBeNull();
    expect(parseRange(undefined, 100)).toBeNull();
  });

  it('signs S3 upload URLs for PUT with the content type and a 15-minute expiry', async () => {
    const storage = createS3MediaStorage({
      bucket: 'listwise-media',
      region: 'ap-southeast-2',
      endpoint: 'https://s3.example.com',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'example-secret-key',
    });
    const url = new URL(await storage.presignUpload!('uploads/abc.jpg', { contentType: 'image/jpeg', expiresInSeconds: 900 }));
    expect(`${url.origin}${url.pathname}`).toBe('https://s3.example.com/listwise-media/uploads/abc.jpg');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain('content-type');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLE\//);
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);
  });
});
