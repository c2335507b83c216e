import { Suspense, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { isSignedIn, useAuth } from '@/lib/auth-store';
import { useCurrentUser } from '@/lib/current-user';
import { loginPathFrom } from '@/lib/safe-redirect';
import { SkipLink } from '@/app/layouts/root-layout';
import { AgentSuspendedNotice } from '@/app/layouts/agent-suspended-notice';
import { EmailVerificationBanner } from '@/app/layouts/email-verification-banner';
import { SideMenu } from '@/app/layouts/side-menu';
import { SiteFooter } from '@/app/layouts/site-footer';
import { lazyOrReload } from '@/lib/new-release';
import { AcceptUpdatedTerms } from '@/features/privacy/components/accept-updated-terms';

/**
 * The signed-in shell (spec 000 §2): side menu from 770px, a hamburger drawer below; pages at most
 * 1280px wide (the content column); the unverified-email banner, and a suspended agent's notice, above the page. As a route layout it renders the
 * matched page; home routing at / passes itself as `children` (app/routes/index.tsx).
 */
// The drawer (React Aria's modal and its animation, about 25 KB) loads when the menu is first opened, or when the
// pointer or focus reaches its button, so a page's first load does not wait for it.
const loadDrawer = () => import('@/components/dialog');
const Drawer = lazyOrReload(async () => ({ default: (await loadDrawer()).Drawer }));
const preloadDrawer = () => void loadDrawer().catch(() => undefined);

export default function AppLayout({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const [{ data }] = useCurrentUser();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  // Mounted from the first opening on, so it can animate closed and later open again without loading.
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);

  // Another page closes the drawer: adjusted while rendering, so the new page never shows it open.
  const [drawerPathname, setDrawerPathname] = useState(location.pathname);
  if (drawerPathname !== location.pathname) {
    setDrawerPathname(location.pathname);
    setIsDrawerOpen(false);
  }

  if (!isSignedIn(auth) || !auth.userType) {
    return <Navigate to={loginPathFrom(location.pathname + location.search)} replace />;
  }

  const user = data?.me ?? undefined;
  const showBanner = !!user && !user.isEmailVerified && !user.isGhostUser && location.pathname !== '/email-verification';
  const suspension = user?.agentProfile?.suspension ?? null;

  return (
    <div className="min-h-dvh bg-surface print:bg-white">
      <SkipLink />
      <div className="flex min-h-dvh w-full">
        <header className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-slate-200 bg-white px-3 py-5 md:flex print:hidden">
          <div className="px-3 pb-2">
            <Logo />
          </div>
          <SideMenu userType={auth.userType} user={user} />
        </header>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center justify-between border-b border-slate-200 bg-white px-5 md:hidden print:hidden">
            <Logo />
            <button
              type="button"
              onClick={() => {
                setHasOpenedDrawer(true);
                setIsDrawerOpen(true);
              }}
              onPointerEnter={preloadDrawer}
              onFocus={preloadDrawer}
              aria-expanded={isDrawerOpen}
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-ink"
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                <path
                  fillRule="evenodd"
                  d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75ZM2 10a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z"
                  clipRule="evenodd"
                />
              </svg>
              Menu
            </button>
          </header>
          {hasOpenedDrawer && (
            <Suspense fallback={null}>
              <Drawer isOpen={isDrawerOpen} onOpenChange={setIsDrawerOpen} label="Menu" header={<Logo />}>
                <div className="px-3 pb-6">
                  <SideMenu userType={auth.userType} user={user} onNavigate={() => setIsDrawerOpen(false)} />
                </div>
              </Drawer>
            </Suspense>
          )}

          {showBanner && <EmailVerificationBanner />}
          {suspension && <AgentSuspendedNotice suspension={suspension} />}

          {/* At least a screen tall, so the footer starts below the fold and the page's data arriving does not push it down. */}
          <main
            id="main-content"
            tabIndex={-1}
            className="min-h-dvh flex-1 px-5 py-8 outline-none md:px-10 md:py-10 print:min-h-0 print:p-0"
          >
            <div className="mx-auto w-full max-w-page">
              {/* A newer version of the terms is accepted before any page. */}
              {user?.mustAcceptTerms ? <AcceptUpdatedTerms /> : (children ?? <Outlet />)}
            </div>
          </main>
          <SiteFooter compact />
        </div>
      </div>
    </div>
  );
}
