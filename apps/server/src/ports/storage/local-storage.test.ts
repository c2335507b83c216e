import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalMediaStorage } from './local-storage.ts';
import { MediaTooLargeError } from './media-storage.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'listwise-storage-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe('local media storage', () => {
  it('keeps a complete write under its key and nothing in .partial', async () => {
    const storage = createLocalMediaStorage(root);
    expect(await storage.put('a/b.jpg', Buffer.from('hello'), { contentType: 'image/jpeg', maxBytes: 10 })).toEqual({ sizeBytes: 5 });
    expect(fs.readFileSync(path.join(root, 'a/b.jpg'), 'utf8')).toBe('hello');
    expect(fs.readdirSync(path.join(root, '.partial'))).toEqual([]);
  });

  // The first chunk can fail the write before the partial file is even opened, which happens when the thread
  // pool is busy (image processing shares it): the clean-up must still find the file.
  it('leaves nothing behind when the very first chunk is over the limit, even with the thread pool busy', async () => {
    const storage = createLocalMediaStorage(root);
    const busy = Array.from({ length: 8 }, () => promisify(crypto.pbkdf2)('x', 'salt', 200_000, 32, 'sha256'));
    const attempts = Array.from({ length: 10 }, (_, attempt) =>
      storage.put(`big/${attempt}.jpg`, Readable.from([Buffer.alloc(64)]), { contentType: 'image/jpeg', maxBytes: 10 }),
    );
    // Settled together: awaiting them one by one left the later ones rejected with no handler yet (an unhandled
    // rejection that vitest counts as an error) whenever the earlier ones took long.
    const outcomes = await Promise.allSettled(attempts);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(MediaTooLargeError);
    }
    await Promise.all(busy);
    expect(filesUnder(root)).toEqual([]);
  });

  it('leaves nothing behind when the source fails midway', async () => {
    const storage = createLocalMediaStorage(root);
    async function* failing() {
      yield Buffer.from('part of a file');
      throw new Error('client went away');
    }
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await expect(storage.put(`gone/${attempt}.jpg`, Readable.from(failing()), { contentType: 'image/jpeg' })).rejects.toThrow(
        'client went away',
      );
    }
    expect(filesUnder(root)).toEqual([]);
  });
});
