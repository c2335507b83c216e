import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

/**
 * The installable app's files, from the real web build (npm run build): /favicon.ico, /apple-touch-icon.png and
 * /manifest.webmanifest answer the files themselves, never the app's page; the manifest passes a validator and
 * names icons that exist at the sizes it says; /sw.js is revalidated on every load and precaches every built script
 * and style and only files the server has.
 */
const require = createRequire(import.meta.url);
const validateManifest = require('web-app-manifest-validator') as (manifest: object) => string[];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const get = (url: string) => fetch(`${server.url}${url}`, { headers: { 'accept-encoding': 'identity' } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const publicFile = (name: string) => fs.readFile(path.join(server.deps.config.repoRoot, 'apps/web/public', name));

describe('the installable app', () => {
  it('answers /favicon.ico and /apple-touch-icon.png with the images themselves', async () => {
    const favicon = await get('/favicon.ico');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect((await bytesOf(favicon)).equals(await publicFile('favicon.ico'))).toBe(true);

    const touch = await get('/apple-touch-icon.png');
    expect(touch.headers.get('content-type')).toBe('image/png');
    const image = await sharp(await bytesOf(touch)).metadata();
    expect([image.width, image.height, image.hasAlpha]).toEqual([180, 180, true]);
    // iOS shows transparency as black: every corner pixel is the opaque brand colour.
    const { data } = await sharp(await publicFile('apple-touch-icon.png'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(255);
  });

  it('answers /manifest.webmanifest with a valid manifest whose icons exist at the sizes it names', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    // The validator predates the manifest's `id` member (W3C Manifest, 'id member'), which installability now uses.
    expect(validateManifest(manifest).filter((error) => error !== 'Unknown manifest attribute "id".')).toEqual([]);
    expect(manifest).toMatchObject({ name: expect.stringContaining('Listwise'), short_name: 'Listwise', display: 'standalone' });
    expect(manifest.start_url).toMatch(/^\//);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons) {
      const file = await get(icon.src);
      expect(file.headers.get('content-type'), icon.src).toBe(icon.type);
      const { width, height } = await sharp(await bytesOf(file)).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    // A maskable icon is full-bleed: its corners are the brand colour, not transparent.
    const maskable = await sharp(await publicFile('icons/icon-maskable-512.png'))
      .raw()
      .toBuffer();
    expect(maskable[3]).toBe(255);
  });

  it('serves /sw.js revalidated on every load, precaching every built script and style and never the API', async () => {
    const response = await get('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const source = await response.text();
    const precache = JSON.parse(/const PRECACHE = (\[.*\]);/.exec(source)![1]!) as string[];
    expect(precache).toContain('/offline.html');
    expect(precache.some((file) => /^\/assets\/.+\.js$/.test(file))).toBe(true);
    const builtOrIcon =
      /^\/(assets\/[\w.-]+\.(js|css|woff2?|png|svg|webp)|offline\.html|manifest\.webmanifest|favicon\.(svg|ico)|apple-touch-icon\.png|icons\/[\w-]+\.png)$/;
    expect(precache.filter((file) => !builtOrIcon.test(file))).toEqual([]);
    // Each route's chunks as well as the entry's, so any page opens offline.
    const assets = await fs.readdir(path.join(server.deps.config.repoRoot, 'apps/web/dist/assets'));
    const builtScriptsAndStyles = assets.filter((name) => /\.(js|css)$/.test(name)).map((name) => `/assets/${name}`);
    expect(builtScriptsAndStyles.length).toBeGreaterThan(20);
    expect(precache).toEqual(expect.arrayContaining(builtScriptsAndStyles));
    for (const file of precache) expect((await get(file)).status, file).toBe(200);
  });
});
