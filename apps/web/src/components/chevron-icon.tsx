import { cx } from '@/components/cx';

const PATHS = {
  down: 'M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z',
  left: 'M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z',
  right:
    'M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z',
} as const;

/** A decorative chevron (hidden from assistive technology); `isFlipped` turns it over, as an open disclosure does. */
export function ChevronIcon({
  direction,
  className,
  isFlipped = false,
}: {
  direction: keyof typeof PATHS;
  className?: string;
  isFlipped?: boolean;
}) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className={cx('size-5 transition-transform', isFlipped && 'rotate-180', className)}
    >
      <path fillRule="evenodd" d={PATHS[direction]} clipRule="evenodd" />
    </svg>
  );
}
