import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

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

/**
 * Built files the installed app keeps: the hashed scripts, styles, fonts and images under assets/. Never index.html
 * (pages always come from the server, with the signed-in person's data in them), source maps or precompressed copies.
 */
const isPrecached = (fileName: string) => /^assets\/[^/]+\.(js|css|woff2?|png|svg|webp)$/.test(fileName);

/**
 * What a version of the worker precaches: every built script and style of the bundle (each route's chunks too, so
 * any page of the app opens offline once the worker is installed), the public files above and the offline page,
 * as paths from the site's root, sorted so the same build always gives the same list.
 */
export function precacheList(bundle: Rollup.OutputBundle): string[] {
  const built = Object.keys(bundle)
    .filter(isPrecached)
    .map((fileName) => `/${fileName}`);
  return [...new Set([...built, ...PUBLIC_FILES])].sort();
}

/** The version a precache list gets: a deploy that changes any built file installs a new worker, one that changes nothing keeps the old. */
export const precacheVersion = (precache: string[]) => createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);

/** Writes dist/sw.js: service-worker/sw.js with this build's version and list of files to precache above it. */
export function serviceWorker(): Plugin {
  return {
    name: 'listwise-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const precache = precacheList(bundle);
      const source = await readFile(path.join(import.meta.dirname, '../service-worker/sw.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(precacheVersion(precache))};\nconst PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}
