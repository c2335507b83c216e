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
