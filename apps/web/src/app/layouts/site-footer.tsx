import { Link } from 'react-router';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@listwise/domain/constants';
import { cx } from '@/components/cx';

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
            <Link to="/about-the-company" className={footerLink}>
              About
            </Link>
            <Link to="/how-it-works" className={footerLink}>
              How it works
            </Link>
            <Link to="/real-state-agent-info" className={footerLink}>
              For Agents
            </Link>
            <Link to="/find-real-estate-agents" className={footerLink}>
              For Sellers
            </Link>
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
              <Link to="/terms-and-conditions?tab=terms" className={footerLink}>
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link to="/terms-and-conditions?tab=privacy" className={footerLink}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
