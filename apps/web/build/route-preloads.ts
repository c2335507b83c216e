import path from 'node:path';
import { normalizePath, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { flattenRouteTable, routeTable, type FlatRoute } from '../src/app/route-table.ts';

/**
 * Writes dist/route-preloads.json: for every route of the route table, the scripts its first load needs beyond what
 * index.html already loads (its layout's and page's chunks and their static imports). The server puts them in the
 * page's HTML as `<link rel="modulepreload">` (apps/server/src/http/route-preloads.ts), so a phone fetches them
 * alongside the entry script instead of discovering them only once the entry has run and React Router has matched.
 *
 * The chunks come from the bundle itself (each route module is the facade of its lazy chunk), never from file names.
 * Emitted as an asset, so it is written before the precompress step runs, like every other file of the build.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The shape of route-preloads.json, read by the server. */
export interface RoutePreloads {
  routes: { path: string; index?: true; scripts: string[] }[];
}

/** The file a route module (`@/…`) is built from. */
export const moduleFile = (root: string, module: string) => normalizePath(path.resolve(root, `${module.replace(/^@\//, 'src/')}.tsx`));

/** A chunk's file and every file it statically imports, however deep: what loading the chunk fetches. */
function staticClosure(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

export function routePreloadsOf(routes: FlatRoute[], bundle: Rollup.OutputBundle, root: string, base: string): RoutePreloads {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const entries = chunks.filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk (index.html's), found ${entries.length}`);
  const loadedByHtml = staticClosure(bundle, entries[0]!.fileName);
  const chunkOf = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!, chunk]));

  return {
    routes: routes.map(({ path: routePath, index, modules }) => {
      const files = new Set<string>();
      for (const module of modules) {
        const chunk = chunkOf.get(moduleFile(root, module));
        if (!chunk) throw new Error(`route ${routePath}: no chunk is built from ${module}`);
        for (const file of staticClosure(bundle, chunk.fileName)) if (!loadedByHtml.has(file)) files.add(file);
      }
      return { path: routePath, ...(index && { index }), scripts: [...files].map((file) => `${base}${file}`) };
    }),
  };
}

/** The Vite plugin. It also fails the build if router.tsx lazily loads a module the route table does not name. */
export function routePreloads(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'listwise:route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const routes = flattenRouteTable(routeTable);
      // The server ranks and matches routes as React Router does, for the path syntax the table uses.
      const optional = routes.find((route) => route.path.includes('?'));
      if (optional) this.error(`route ${optional.path}: optional segments are not supported by the server's route matching`);
      const tableModules = new Set(routes.flatMap((route) => route.modules.map((module) => moduleFile(config.root, module))));
      const router = this.getModuleInfo(moduleFile(config.root, '@/app/router'));
      if (!router) this.error('src/app/router.tsx is not in the bundle');
      const strays = router.dynamicallyImportedIds.filter((id) => !tableModules.has(normalizePath(id)));
      if (strays.length > 0) {
        this.error(
          `router.tsx lazily loads modules that are no route of route-table.ts (leave them out of routeModules): ${strays.join(', ')}`,
        );
      }
      try {
        const preloads = routePreloadsOf(routes, bundle, config.root, config.base);
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
