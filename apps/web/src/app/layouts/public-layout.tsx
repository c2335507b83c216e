import { Outlet } from 'react-router';
import { SkipLink } from '@/app/layouts/root-layout';
import { SiteFooter } from '@/app/layouts/site-footer';
import { SiteHeader } from '@/app/layouts/site-header';

/** The public shell: header, page, footer. Pages set their own width (marketing sections run full-bleed). */
export default function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
