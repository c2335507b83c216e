import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { precacheList, precacheVersion } from './service-worker';

/** A bundle as Rollup hands it to generateBundle: only the file names are read. */
const bundleOf = (fileNames: string[]): Rollup.OutputBundle =>
  Object.fromEntries(fileNames.map((fileName) => [fileName, { fileName } as unknown as Rollup.OutputAsset]));

const BUILD = [
  'index.html',
  'assets/index-BiJUYxgE.js',
  'assets/index-D7E5kg_R.css',
  // A route's own chunk, loaded only when its page opens.
  'assets/admin-C2olPccZ.js',
  'assets/inter-latin-4Qd1x.woff2',
  'assets/index-BiJUYxgE.js.map',
  'sw.js',
  'stats/bundle.json',
];

describe('precacheList', () => {
  it("lists every built script and style (each route's chunks too), the icons and the offline page, sorted", () => {
    const list = precacheList(bundleOf(BUILD));
    expect(list).toEqual([...list].sort());
    expect(list).toEqual(
      expect.arrayContaining([
        '/assets/admin-C2olPccZ.js',
        '/assets/index-BiJUYxgE.js',
        '/assets/index-D7E5kg_R.css',
        '/assets/inter-latin-4Qd1x.woff2',
        '/offline.html',
        '/manifest.webmanifest',
        '/icons/icon-192.png',
      ]),
    );
  });

  it('never lists a page, a source map, the worker itself or a file outside assets/', () => {
    const list = precacheList(bundleOf(BUILD));
    for (const left of ['/index.html', '/assets/index-BiJUYxgE.js.map', '/sw.js', '/stats/bundle.json']) expect(list).not.toContain(left);
    expect(list.filter((file) => file.startsWith('/assets/'))).toHaveLength(4);
  });

  it('gives a build that changes any file a new version, and the same build the same one', () => {
    const version = precacheVersion(precacheList(bundleOf(BUILD)));
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheVersion(precacheList(bundleOf([...BUILD].reverse())))).toBe(version);
    const rebuilt = BUILD.map((file) => file.replace('admin-C2olPccZ', 'admin-Xy12abCd'));
    expect(precacheVersion(precacheList(bundleOf(rebuilt)))).not.toBe(version);
  });
});
