import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ButtonLink } from '@/components/button';
import { cx } from '@/components/cx';
import { Logo } from '@/components/logo';
import { isSignedInMember, useAuth } from '@/lib/auth-store';
import { PUBLIC_SITE_NAV_LINKS } from '@listwise/domain/public-pages';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-md px-3 py-2 text-[0.95rem] font-medium transition-colors hover:bg-brand-50 hover:text-brand-900',
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-ink',
  );

/**
 * The public header. Logged out (or a ghost user): the site links, Login and Sign Up.
 * Signed in: only a way back to the account and out of it.
 */
export function SiteHeader() {
  const auth = useAuth();
  const isMember = isSignedInMember(auth);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // Another page closes the menu: adjusted while rendering, so the new page never shows it open.
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setIsMenuOpen(false);
  }

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-page items-center justify-between gap-2 px-5 sm:gap-4 md:px-8">
        <Logo />
        {isMember ? (
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <ButtonLink to="/" width="auto" variant="secondary" className="min-h-10 px-3 py-2 text-sm whitespace-nowrap sm:px-4">
              My account
            </ButtonLink>
            <Link
              to="/logout"
              className="rounded-md px-2 py-2 text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50 sm:px-3"
            >
              Log Out
            </Link>
          </nav>
        ) : (
          <>
            <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
              {/* The public site's pages are whole documents the server renders, not app routes: plain links. */}
              {PUBLIC_SITE_NAV_LINKS.map((link) => (
                <a key={link.path} href={link.path} className={navLinkClass({ isActive: false })}>
                  {link.label}
                </a>
              ))}
              <span className="mx-2 h-6 w-px bg-slate-300" aria-hidden="true" />
              <NavLink to="/login" className={navLinkClass}>
                Login
              </NavLink>
              <ButtonLink to="/get-started" width="auto" className="ml-1 min-h-10 px-4 py-2 text-sm">
                Sign Up
              </ButtonLink>
            </nav>
            <button
              type="button"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-ink md:hidden"
              aria-expanded={isMenuOpen}
              aria-controls={menuId}
              onClick={() => setIsMenuOpen((open) => !open)}
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                {isMenuOpen ? (
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                ) : (
                  <path
                    fillRule="evenodd"
                    d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75ZM2 10a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z"
                    clipRule="evenodd"
                  />
                )}
              </svg>
              Menu
            </button>
          </>
        )}
      </div>
      {!isMember && isMenuOpen && (
        <nav id={menuId} aria-label="Main" className="border-t border-slate-200 bg-white px-5 pt-2 pb-5 md:hidden">
          <ul className="flex flex-col">
            {PUBLIC_SITE_NAV_LINKS.map((link) => (
              <li key={link.path}>
                <a href={link.path} className="block rounded-md px-2 py-3 text-base font-medium text-ink hover:bg-brand-50">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <NavLink to="/login" className="block rounded-md px-2 py-3 text-base font-medium text-ink hover:bg-brand-50">
                Login
              </NavLink>
            </li>
          </ul>
          <ButtonLink to="/get-started" width="full" className="mt-3">
            Sign Up
          </ButtonLink>
        </nav>
      )}
    </header>
  );
}
