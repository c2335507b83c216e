/**
 * React Router's routes, built from the route table (route-table.ts): each page and layout is its own lazy chunk,
 * each guarded group a <RouteGuard> layout route, all under the root layout.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, createPath, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from '@/components/app-shell';
import { RootLayout } from '@/app/layouts/root-layout';
import { routeTable, type RouteEntry } from '@/app/route-table';
import { RouteErrorPage } from '@/app/routes/route-error';
import { RouteGuard } from '@/app/route-guard';
import { importOrReload } from '@/lib/new-release';

type RouteModule = { default: ComponentType };

/**
 * A lazy loader for every file that can be a route module. Files in these folders that are parts of a page, not
 * routes, are left out: a lazy import here would split them from the page that imports them into a chunk of their
 * own. The build fails if this loads a module the route table does not name (build/route-preloads.ts).
 */
const routeModules = import.meta.glob<RouteModule>([
  '/src/app/layouts/*-layout.tsx',
  '/src/app/routes/*.tsx',
  '/src/features/*/routes/*.tsx',
  '!/src/app/layouts/root-layout.tsx',
  '!/src/app/routes/{route-error,home,signed-in-home}.tsx',
  '!/src/features/admin/routes/console.tsx',
  '!/src/features/agent-home/routes/agent-home.tsx',
  '!/src/features/seller-properties/routes/seller-home.tsx',
  '!**/*.test.tsx',
]);

/** Adapts a module whose default export is the page (or layout) component to a lazy route. */
function lazyModule(module: string) {
  const load = routeModules[`${module.replace(/^@\//, '/src/')}.tsx`];
  if (!load) throw new Error(`route-table.ts names ${module}, which is not a route module (see routeModules in router.tsx)`);
  return async () => ({ Component: (await importOrReload(load, pageBeingOpened)).default });
}

/** The URL a navigation is heading for (or, on the first load, the current one): where a reload should land. */
const pageBeingOpened = () => createPath(router.state.navigation.location ?? router.state.location);

function toRouteObject({ path, index, module, guard, children }: RouteEntry): RouteObject {
  const lazy = module ? lazyModule(module) : undefined;
  if (index) return { index, lazy };
  const element = guard ? <RouteGuard {...guard} /> : undefined;
  return { path, lazy, element, children: children?.map(toRouteObject) };
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <AppShell />,
    children: routeTable.map(toRouteObject),
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
