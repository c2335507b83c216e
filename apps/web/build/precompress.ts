import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build, at the highest levels
 * (they are made once, at build time, and read many times), for the server to send as they are
 * (@fastify/static `preCompressed`, apps/server/src/http/web-app.ts). Source maps are left to on-the-fly
 * compression: only developer tools ask for them, and compressing them at the top level would slow every build.
 * A copy that would not be smaller than the file is not written (the server then sends the file itself).
 */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export interface PrecompressedFile {
  file: string;
  bytes: number;
  brotliBytes: number | null;
  gzipBytes: number | null;
}

export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const files = (await filesUnder(dir)).filter((file) => TEXT_FILE.test(file));
  return Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      const [brotliCopy, gzipCopy] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const keep = async (copy: Buffer, extension: string) => {
        if (copy.length >= content.length) return null;
        await fs.writeFile(`${file}${extension}`, copy);
        return copy.length;
      };
      return { file, bytes: content.length, brotliBytes: await keep(brotliCopy, '.br'), gzipBytes: await keep(gzipCopy, '.gz') };
    }),
  );
}

/** The Vite plugin: precompresses the output directory once the build has written it. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'listwise:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const written = await precompressDirectory(outDir);
      config.logger.info(`precompressed ${written.length} files (.br, .gz) in ${path.relative(config.root, outDir)}`);
    },
  };
}
