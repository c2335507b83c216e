import { cx } from '@/components/cx';

/** The message under a form (spec §8: the first validation error, else the server's text). */
export function FormError({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cx('rounded-lg border border-danger/30 bg-danger-soft px-4 py-3 text-sm font-medium text-danger', className)}
    >
      {message}
    </p>
  );
}
