import { cx } from '@/components/cx';

interface SpinnerProps {
  /** Announced to screen readers; pass `null` when the spinner sits inside something already labelled. */
  label?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  const icon = (
    <svg className={cx('animate-spin', sizes[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (label === null) return <span className={cx('inline-flex', className)}>{icon}</span>;
  return (
    <span role="status" className={cx('inline-flex items-center gap-2', className)}>
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for a page or panel that is still loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-800">
      <Spinner label={label} size="lg" />
    </div>
  );
}
