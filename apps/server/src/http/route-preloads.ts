import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * index.html as each route wants it: with `<link rel="modulepreload">` for the route's own scripts (its layout's and
 * page's chunks and their imports), so the browser fetches them alongside the entry script instead of discovering
 * them one round trip after another (HTML → entry → layout and page → their imports). The web build lists each
 * route's scripts in dist/route-preloads.json (apps/web/build/route-preloads.ts).
 *
 * A URL is matched to a route the way React Router matches it on the client (its ranking: static segments beat
 * `:params`, which beat `*`; ties go to the route declared first), so a page preloads exactly what it then loads;
 * unknown paths get the not-found route's scripts. Each route's HTML is made once, at startup.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One entry of route-preloads.json: a full route path as React Router joins it ('/login', '/property/:id', '/*'). */
export interface RoutePreload {
  path: string;
  index?: boolean;
  scripts: string[];
}

export type ContentEncoding = 'br' | 'gzip';

/**
 * A page: the HTML it is answered with, its ETag (the HTML is no-cache, so browsers revalidate it), and its Brotli
 * and gzip copies at the levels the build precompresses index.html with, each made on first use and then kept.
 * (The history fallback answers from the not-found handler, which the on-the-fly compression does not reach.)
 */
export class PageHtml {
  readonly etag: string;
  private readonly copies = new Map<ContentEncoding, Buffer>();

  constructor(readonly html: string) {
    // Weak: the same ETag names the page whichever encoding it goes out in.
    this.etag = `W/"${crypto.createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  }

  /** Whether the browser's If-None-Match names this page as it is (weak comparison, as for GET). */
  isCachedBy(ifNoneMatch: string | undefined): boolean {
    const weak = (tag: string) => tag.trim().replace(/^W\//, '');
    return (ifNoneMatch ?? '').split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(this.etag));
  }

  body(encoding: ContentEncoding | undefined): string | Buffer {
    if (!encoding) return this.html;
    let copy = this.copies.get(encoding);
    if (!copy) {
      copy =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.html, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              },
            })
          : zlib.gzipSync(this.html, { level: zlib.constants.Z_BEST_COMPRESSION });
      this.copies.set(encoding, copy);
    }
    return copy;
  }
}

/** Brotli if the browser takes it, else gzip, else none (an encoding with q=0 is refused; `*` takes any). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*q\s*=\s*/i))
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name!.toLowerCase()),
  );
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const PARAM_SEGMENT = /^:[\w-]+$/;

/** React Router's route score (computeScore in its matchRoutes): more, and more static, segments rank higher. */
export function routeScore(routePath: string, index = false): number {
  const segments = routePath.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment !== '*') score += PARAM_SEGMENT.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** Routes best first, as React Router ranks them (a stable sort keeps declaration order between equal scores). */
export function rankRoutes<Route extends { path: string; index?: boolean }>(routes: Route[]): Route[] {
  return routes
    .map((route) => ({ route, score: routeScore(route.path, route.index) }))
    .sort((a, b) => b.score - a.score)
    .map(({ route }) => route);
}

/** React Router's path pattern as a regular expression: case-insensitive, trailing slashes allowed. */
export function routePattern(routePath: string): RegExp {
  if (routePath.includes('?')) throw new Error(`optional segments are not supported: ${routePath}`);
  const base = routePath.replace(/\/*\*?$/, '').replace(/^\/*/, '/');
  const segments = base.replace(/[\\.*+^${}|()[\]]/g, '\\$&').replace(/\/:[\w-]+/g, '/[^/]+');
  const tail = !routePath.endsWith('*') ? '/*' : base === '/' ? '.*' : '(?:/.+|/*)';
  return new RegExp(`^${segments}${tail}$`, 'i');
}

/** The path React Router matches against: decoded segment by segment (an encoded slash stays one segment). */
function decodedPathname(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0]!;
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** A matcher from URL to the first route (in ranked order) whose pattern matches it. */
export function routeMatcher<Route extends { path: string; index?: boolean }>(routes: Route[]) {
  const ranked = rankRoutes(routes).map((route) => ({ route, pattern: routePattern(route.path) }));
  return (url: string): Route | undefined => {
    const pathname = decodedPathname(url);
    return ranked.find(({ pattern }) => pattern.test(pathname))?.route;
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with a modulepreload link per script, at the end of <head> (after the entry script and its own). At low
 * priority: the page needs them only once the entry has run, so on a slow connection they must not take bandwidth
 * from the stylesheet (which holds the first paint, the loading shell) or the entry; they still download without
 * waiting for the entry to ask for them.
 */
export function withModulePreloads(indexHtml: string, scripts: string[]): string {
  const links = scripts
    .map((src) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeAttribute(src)}">`)
    .join('\n    ');
  return scripts.length === 0 ? indexHtml : indexHtml.replace('</head>', `  ${links}\n  </head>`);
}

/** The app's catch-all route ('*' at the top: its not-found page), which no real address of the app reaches. */
export const isCatchAllRoute = (routePath: string) => /^\/*\*$/.test(routePath);

/**
 * The HTML for each page URL, from the built web app: `forRoute` gives null for a path that only the app's catch-all
 * route matches (the server answers 404 for it). Null when the build has no route-preloads.json (a build from before
 * it, or none): the server then answers index.html as it is.
 */
export function loadPageHtml(distDir: string): { forRoute: (url: string) => PageHtml | null } | null {
  const preloadsFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(preloadsFile)) return null;
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const { routes } = JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as { routes: RoutePreload[] };
  const pages = routes.map((route) => ({ ...route, page: new PageHtml(withModulePreloads(indexHtml, route.scripts)) }));
  const match = routeMatcher(pages);
  return {
    forRoute: (url) => {
      const route = match(url);
      return route && !isCatchAllRoute(route.path) ? route.page : null;
    },
  };
}
