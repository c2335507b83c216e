import { cx } from '@/components/cx';

/** The agent's picture, or their initials while there is none. */
export function AgentAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const initials =
    name
      .split(/\s+/)
      .map((part) => part[0])
      .join('')
      .slice(0, 2)
      .toUpperCase() || 'A';
  if (url)
    return (
      <img
        src={url}
        alt={`${name}'s profile picture`}
        className={cx('size-20 rounded-full object-cover ring-1 ring-slate-200', className)}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cx('flex size-20 items-center justify-center rounded-full bg-brand-800 text-2xl font-semibold text-white', className)}
    >
      {initials}
    </span>
  );
}
