import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes Brotli and gzip copies of text files that decompress to the file, and leaves other files alone', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'listwise-precompress-'));
    await fs.mkdir(path.join(dir, 'assets'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Suburb ${i}` })))};`;
    await fs.writeFile(path.join(dir, 'assets/index-abc123.js'), script);
    await fs.writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><title>Listwise</title></head><body>${'<p>hi</p>'.repeat(50)}</body></html>`,
    );
    await fs.writeFile(path.join(dir, 'assets/index-abc123.js.map'), '{"version":3}');
    await fs.writeFile(path.join(dir, 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await fs.writeFile(path.join(dir, 'tiny.txt'), 'a');

    await precompressDirectory(dir);

    const js = await fs.readFile(path.join(dir, 'assets/index-abc123.js.br'));
    expect(zlib.brotliDecompressSync(js).toString()).toBe(script);
    expect(js.length).toBeLessThan(script.length / 4);
    expect(zlib.gunzipSync(await fs.readFile(path.join(dir, 'assets/index-abc123.js.gz'))).toString()).toBe(script);
    expect(await fs.readdir(dir)).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
    const all = await fs.readdir(dir, { recursive: true });
    // Not text, a source map, or not worth it (the copy would be larger than the file).
    for (const skipped of ['photo.png.br', 'assets/index-abc123.js.map.br', 'tiny.txt.br', 'tiny.txt.gz'])
      expect(all).not.toContain(skipped);
  });
});
