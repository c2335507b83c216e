import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '@/app/layouts/root-layout';
import { SiteFooter } from '@/app/layouts/site-footer';
import { SiteHeader } from '@/app/layouts/site-header';

/**
 * The public shell: header, page, footer. Pages set their own width (marketing sections run full-bleed). As a route
 * layout it renders the matched page; the visitors' homepage passes itself as `children` (app/routes/index.tsx).
 */
export default function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
