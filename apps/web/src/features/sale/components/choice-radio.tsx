/**
 * A radio drawn as a large card (the sale-status answers and the agent choice), native underneath so it works
 * with react-hook-form's `register`, the keyboard (arrow keys within the group) and screen readers.
 */
import type { ComponentProps, ReactNode } from 'react';
import { cx } from '@/components/cx';

interface ChoiceRadioProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  media?: ReactNode;
}

export function ChoiceRadio({ label, description, media, className, ...inputProps }: ChoiceRadioProps) {
  return (
    <label
      className={cx(
        'flex cursor-pointer items-center gap-4 rounded-xl border border-line bg-white p-4 transition-colors',
        'hover:border-brand-600 has-[:checked]:border-brand-800 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600',
        className,
      )}
    >
      <input type="radio" className="size-5 shrink-0 accent-brand-800 focus-visible:outline-none" {...inputProps} />
      {media}
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold text-ink">{label}</span>
        {description && <span className="text-sm text-ink-soft">{description}</span>}
      </span>
    </label>
  );
}

/** The field's error under a group of radios, announced with it. */
export function GroupError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-danger">
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      {message}
    </p>
  );
}
