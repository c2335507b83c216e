import crypto from 'node:crypto';
import { once } from 'node:events';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, contentTypeForKey, MediaTooLargeError, type MediaStorage } from './media-storage.ts';

/**
 * Local-disk MediaStorage (the default): one file per key under `root`. Writes go to `root/.partial/` and are
 * renamed into place when complete, so a reader never sees half a file and an aborted upload leaves nothing.
 * Only suits a single server (or a shared volume); production with several instances uses S3.
 */
export function createLocalMediaStorage(root: string): MediaStorage {
  const partialDir = path.join(root, '.partial');
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  return {
    kind: 'local',

    async put(key, body, { maxBytes }) {
      const target = fileOf(key);
      await fsp.mkdir(partialDir, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const partial = path.join(partialDir, `${crypto.randomUUID()}.part`);
      let sizeBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sizeBytes += chunk.length;
          if (maxBytes !== undefined && sizeBytes > maxBytes) callback(new MediaTooLargeError(maxBytes));
          else callback(null, chunk);
        },
      });
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      // The partial file is created here, before a byte flows, so it exists whenever the clean-up below runs,
      // whatever order the pipeline's streams settle in. (A refused upload once left a .part behind in CI with the
      // stream opening the file lazily; the exact order of events that did it was not reproduced.)
      const sink = (await fsp.open(partial, 'wx')).createWriteStream();
      try {
        await pipeline(source, counter, sink);
        await fsp.rename(partial, target);
      } catch (error) {
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await fsp.rm(partial, { force: true });
        throw error;
      }
      return { sizeBytes };
    },

    async stat(key) {
      try {
        const stats = await fsp.stat(fileOf(key));
        return stats.isFile() ? { sizeBytes: stats.size, contentType: contentTypeForKey(key) } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async read(key, range) {
      const file = fileOf(key);
      // Open first so a missing file rejects here rather than as a stream error mid-response.
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },

    async move(fromKey, toKey) {
      const target = fileOf(toKey);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(fileOf(fromKey), target);
    },

    localPath: (key) => fileOf(key),
  };
}
