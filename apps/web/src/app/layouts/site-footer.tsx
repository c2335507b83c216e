import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@listwise/domain/constants';
import { cx } from '@/components/cx';
import { PUBLIC_SITE_NAV_LINKS, PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';

const footerLink = 'rounded text-ink-soft underline-offset-4 hover:text-brand-800 hover:underline';

/** Copyright, terms and privacy, and the support line; `compact` inside the signed-in layout. */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const year = new Date().getFullYear();
  const telHref = `tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`;

  return (
    <footer className={cx('border-t border-slate-200 print:hidden', compact ? 'bg-white' : 'bg-surface')}>
      <div className={cx('mx-auto flex w-full max-w-page flex-col gap-6 px-5 md:px-8', compact ? 'py-6' : 'py-10')}>
        {!compact && (
          <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
            {PUBLIC_SITE_NAV_LINKS.map((link) => (
              <a key={link.path} href={link.path} className={footerLink}>
                {link.label}
              </a>
            ))}
          </nav>
        )}
        <p className="text-sm text-ink-soft">
          Need help? Email{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-800 underline underline-offset-4">
            {SUPPORT_EMAIL}
          </a>{' '}
          or call{' '}
          <a href={telHref} className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4">
            {SUPPORT_PHONE}
          </a>
          .
        </p>
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 text-sm text-ink-soft md:flex-row md:items-center md:justify-between">
          <p>© {year} Listwise. All rights reserved.</p>
          <ul className="flex gap-6">
            <li>
              <a href={PUBLIC_SITE_PATHS.terms} className={footerLink}>
                Terms &amp; Conditions
              </a>
            </li>
            <li>
              <a href={PUBLIC_SITE_PATHS.privacy} className={footerLink}>
                Privacy Policy
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
