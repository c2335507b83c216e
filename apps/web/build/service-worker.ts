import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Files of public/ the installed app needs offline besides the built scripts and styles. */
const PUBLIC_FILES = [
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/favicon.ico',
  '/apple-touch-icon.png',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

/** Built files worth keeping: scripts, styles, fonts and images; never source maps or the precompressed copies. */
const isPrecached = (fileName: string) => /\.(js|css|woff2?|png|svg|webp)$/.test(fileName);

/**
 * Writes dist/sw.js: service-worker/sw.js with this build's version and list of files to precache above it. The
 * version is a hash of that list, so a deploy that changes any built file installs a new worker, and one that
 * changes nothing keeps the old.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'listwise-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      // The entry's scripts and styles (what every page loads first) are precached; the routes' own chunks are
      // kept as they are first used (sw.js), so installing never downloads the whole app at once on a phone.
      const entry = new Set<string>();
      const visit = (fileName: string) => {
        const item = bundle[fileName];
        if (!item || entry.has(fileName)) return;
        entry.add(fileName);
        if (item.type === 'chunk') {
          for (const imported of item.imports) visit(imported);
          for (const css of item.viteMetadata?.importedCss ?? []) entry.add(css);
        }
      };
      for (const [fileName, item] of Object.entries(bundle)) if (item.type === 'chunk' && item.isEntry) visit(fileName);
      const built = [...entry].filter(isPrecached).map((fileName) => `/${fileName}`);
      const precache = [...new Set([...built, ...PUBLIC_FILES])].sort();
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      const source = await readFile(path.join(import.meta.dirname, '../service-worker/sw.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}
