import zlib from 'node:zlib';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
// The web app's real route table: the server must pick, for each of its routes, the one React Router picks.
import { flattenRouteTable, routeTable, type RouteEntry } from '../../../web/src/app/route-table.ts';
import { PageHtml, preferredEncoding, routeMatcher, routePattern, withModulePreloads } from './route-preloads.ts';

/**
 * Which route's scripts a page URL preloads: React Router's ranking and matching, checked against React Router's own
 * matchRoutes (a wrong match would preload another page's chunks and leave this page's to load late).
 */
const routes = (...paths: string[]) => paths.map((path) => ({ path }));
const matchedPath = (list: { path: string; index?: boolean }[], url: string) => routeMatcher(list)(url)?.path;

describe('routeMatcher', () => {
  it('prefers the longer static path over a shorter one or a param, whatever the declaration order', () => {
    const list = routes('/property/:propertyId', '/property/:propertyId/edit', '/reset-password', '/reset-password/success', '/*');
    expect(matchedPath(list, '/property/7/edit')).toBe('/property/:propertyId/edit');
    expect(matchedPath(list, '/property/7')).toBe('/property/:propertyId');
    expect(matchedPath(list, '/reset-password/success')).toBe('/reset-password/success');
    expect(matchedPath(list, '/reset-password')).toBe('/reset-password');
  });

  it('ranks a static segment above a param in the same place, and the splat last', () => {
    const list = routes('/*', '/agent/:page', '/agent/signup');
    expect(matchedPath(list, '/agent/signup')).toBe('/agent/signup');
    expect(matchedPath(list, '/agent/home')).toBe('/agent/:page');
    expect(matchedPath(list, '/agent/signup/extra')).toBe('/*');
    expect(matchedPath(list, '/')).toBe('/*');
  });

  it('keeps the earlier route between two of equal rank', () => {
    expect(matchedPath(routes('/a/:x', '/:y/b'), '/a/b')).toBe('/a/:x');
    expect(matchedPath(routes('/:y/b', '/a/:x'), '/a/b')).toBe('/:y/b');
  });

  it('matches as React Router does: any case, trailing slashes, query strings, encoded segments', () => {
    const list = routes('/login', '/continue/:token', '/*');
    expect(matchedPath(list, '/LOGIN')).toBe('/login');
    expect(matchedPath(list, '/login/')).toBe('/login');
    expect(matchedPath(list, '/login?from=%2Fproperty%2F7')).toBe('/login');
    expect(matchedPath(list, '/continue/a%2Fb')).toBe('/continue/:token'); // an encoded slash stays in its segment
    expect(matchedPath(list, '/continue/%E0%A4%A')).toBe('/continue/:token'); // malformed escapes are matched as they are
    expect(matchedPath(list, '/continue/')).toBe('/*'); // a param needs a value
    expect(matchedPath(list, '/loginx')).toBe('/*');
  });

  it('gives the index route / only, and nothing when no route matches', () => {
    const list = [{ path: '/', index: true }, { path: '/login' }];
    expect(matchedPath(list, '/')).toBe('/');
    expect(matchedPath(list, '/nowhere')).toBeUndefined();
  });

  it('refuses optional segments rather than match them wrongly', () => {
    expect(() => routePattern('/property/:id?')).toThrow(/optional/);
  });
});

/** React Router routes with only what matching needs (paths, index, nesting), each carrying its table entry. */
function toRouteObject(entry: RouteEntry): RouteObject {
  if (entry.index) return { index: true, handle: entry };
  return { path: entry.path, handle: entry, children: entry.children?.map(toRouteObject) };
}

/** A URL that route `path` matches: every param filled in, the splat given two segments. */
const sampleUrl = (path: string) => path.replace(/:[\w-]+/g, 'p1').replace(/\*$/, 'no/such-page');

describe('on the route table', () => {
  const flat = flattenRouteTable(routeTable);
  /** The modules (layouts, page) React Router loads for a URL. */
  const reactRouterRoutes: RouteObject[] = [{ children: routeTable.map(toRouteObject) }];
  const reactRouterModules = (url: string) =>
    matchRoutes(reactRouterRoutes, url)?.flatMap(({ route }) => (route.handle as RouteEntry | undefined)?.module ?? []);
  const ours = routeMatcher(flat);
  const urls = [
    ...flat.map((route) => sampleUrl(route.path)),
    ...flat.map((route) => `${sampleUrl(route.path)}/x`),
    '/property/p1/appraisal/p2/request-appointment',
    '/agent/signup/suburbs',
    '/NEW-PROPERTY/Address/',
  ];

  it('has a route for every URL, the not-found route for unknown paths', () => {
    expect(flat.length).toBeGreaterThan(50);
    expect(ours('/no/such-page')?.path).toBe('/*');
    expect(ours('/login')?.modules).toEqual(['@/app/layouts/public-layout', '@/features/auth/routes/login']);
  });

  it.each(urls)('picks the route React Router picks for %s', (url) => {
    expect(ours(url)?.modules).toEqual(reactRouterModules(url));
  });
});

describe('withModulePreloads', () => {
  const html = '<html><head><title>Listwise</title><script type="module" src="/assets/index-a.js"></script></head><body></body></html>';

  it('adds a modulepreload link per script before </head>, and nothing when there is none', () => {
    const page = withModulePreloads(html, ['/assets/login-b.js', '/assets/zod-c.js']);
    expect(page).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/login-b.js">');
    expect(page.indexOf('zod-c.js')).toBeLessThan(page.indexOf('</head>'));
    expect(page.indexOf('index-a.js')).toBeLessThan(page.indexOf('login-b.js'));
    expect(withModulePreloads(html, [])).toBe(html);
  });
});

describe('PageHtml', () => {
  it('sends Brotli when the browser takes it, else gzip, else the HTML as it is', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
    const page = new PageHtml('<html>'.repeat(100));
    expect(zlib.brotliDecompressSync(page.body('br')).toString()).toBe(page.html);
    expect(zlib.gunzipSync(page.body('gzip')).toString()).toBe(page.html);
    expect(page.body(undefined)).toBe(page.html);
  });

  it("is revalidated by its ETag, weak or strong, and not by another page's", () => {
    const page = new PageHtml('<html>a</html>');
    expect(page.isCachedBy(page.etag)).toBe(true);
    expect(page.isCachedBy(`"x", ${page.etag.replace(/^W\//, '')}`)).toBe(true);
    expect(page.isCachedBy(new PageHtml('<html>b</html>').etag)).toBe(false);
    expect(page.isCachedBy(undefined)).toBe(false);
  });
});
