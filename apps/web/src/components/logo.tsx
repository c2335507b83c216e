import { Link } from 'react-router';
import { cx } from '@/components/cx';

type Tone = 'dark' | 'light';

/** The Listwise wordmark on its own: the mark and the name (the loading shell shows it before the router runs). */
export function LogoMark({ tone = 'dark' }: { tone?: Tone }) {
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={tone === 'dark' ? '#0f4c5c' : '#ffffff'} />
        <path d="M9 8h3.2v13.2H23V24H9z" fill={tone === 'dark' ? '#ffffff' : '#0f4c5c'} />
        <circle cx="22" cy="11" r="3" fill="#2dd4bf" />
      </svg>
      <span className={cx('text-xl font-bold tracking-tight', tone === 'dark' ? 'text-brand-900' : 'text-white')}>Listwise</span>
    </>
  );
}

/** The Listwise wordmark, linking home. */
export function Logo({ className, tone = 'dark' }: { className?: string; tone?: Tone }) {
  return (
    <Link to="/" className={cx('inline-flex items-center gap-2 rounded-md', className)} aria-label="Listwise home">
      <LogoMark tone={tone} />
    </Link>
  );
}
