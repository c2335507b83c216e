import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { flattenRouteTable, type RouteEntry } from '../src/app/route-table';
import { moduleFile, routePreloadsOf } from './route-preloads';

const ROOT = '/app';

/** A bundle as Rollup hands it to generateBundle, with only the fields the plugin reads. */
function bundleOf(chunks: { fileName: string; facade?: string; isEntry?: boolean; imports?: string[] }[]): Rollup.OutputBundle {
  return Object.fromEntries(
    chunks.map(({ fileName, facade, isEntry = false, imports = [] }) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        facadeModuleId: facade ? moduleFile(ROOT, facade) : null,
        isEntry,
        imports,
      } as unknown as Rollup.OutputChunk,
    ]),
  );
}

const table: RouteEntry[] = [
  { index: true, module: '@/app/routes/index' },
  {
    module: '@/app/layouts/public-layout',
    children: [
      { path: 'login', module: '@/features/auth/routes/login' },
      { guard: { role: 'SELLER' }, children: [{ path: 'new-property/details', module: '@/features/listing/routes/details' }] },
      { path: '*', module: '@/app/routes/not-found' },
    ],
  },
];

describe('flattenRouteTable', () => {
  it("gives each route its full path and its layouts' and page's modules, in declaration order", () => {
    expect(flattenRouteTable(table)).toEqual([
      { path: '/', index: true, modules: ['@/app/routes/index'] },
      { path: '/login', modules: ['@/app/layouts/public-layout', '@/features/auth/routes/login'] },
      { path: '/new-property/details', modules: ['@/app/layouts/public-layout', '@/features/listing/routes/details'] },
      { path: '/*', modules: ['@/app/layouts/public-layout', '@/app/routes/not-found'] },
    ]);
  });

  it('lists a route with children after its children, as React Router flattens them', () => {
    const nested: RouteEntry[] = [{ path: 'agent', module: '@/a', children: [{ path: 'home', module: '@/b' }] }];
    expect(flattenRouteTable(nested).map((route) => route.path)).toEqual(['/agent/home', '/agent']);
  });
});

describe('routePreloadsOf', () => {
  const bundle = bundleOf([
    { fileName: 'assets/index.js', isEntry: true, imports: ['assets/react.js'] },
    { fileName: 'assets/react.js' },
    { fileName: 'assets/routes.js', facade: '@/app/routes/index', imports: ['assets/react.js'] },
    { fileName: 'assets/public-layout.js', facade: '@/app/layouts/public-layout', imports: ['assets/footer.js', 'assets/react.js'] },
    { fileName: 'assets/footer.js' },
    { fileName: 'assets/login.js', facade: '@/features/auth/routes/login', imports: ['assets/form.js', 'assets/footer.js'] },
    { fileName: 'assets/form.js', imports: ['assets/zod.js'] },
    { fileName: 'assets/zod.js', imports: ['assets/react.js'] },
    { fileName: 'assets/details.js', facade: '@/features/listing/routes/details', imports: ['assets/form.js'] },
    { fileName: 'assets/not-found.js', facade: '@/app/routes/not-found' },
  ]);

  it("lists each route's layout and page chunks with everything they import, less what index.html loads", () => {
    const { routes } = routePreloadsOf(flattenRouteTable(table), bundle, ROOT, '/');
    expect(routes).toEqual([
      { path: '/', index: true, scripts: ['/assets/routes.js'] },
      {
        path: '/login',
        scripts: ['/assets/public-layout.js', '/assets/footer.js', '/assets/login.js', '/assets/form.js', '/assets/zod.js'],
      },
      {
        path: '/new-property/details',
        scripts: ['/assets/public-layout.js', '/assets/footer.js', '/assets/details.js', '/assets/form.js', '/assets/zod.js'],
      },
      { path: '/*', scripts: ['/assets/public-layout.js', '/assets/footer.js', '/assets/not-found.js'] },
    ]);
  });

  it('fails when a route module has no chunk of its own', () => {
    const routes = flattenRouteTable([{ path: 'gone', module: '@/features/gone/routes/gone' }]);
    expect(() => routePreloadsOf(routes, bundle, ROOT, '/')).toThrow(/\/gone: no chunk is built from @\/features\/gone\/routes\/gone/);
  });
});
