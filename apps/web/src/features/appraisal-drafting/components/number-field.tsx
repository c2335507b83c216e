/**
 * A labelled numeric input (spec 000 §5 'Numeric input'): no negatives, thousands separators, at most 11 digits,
 * 0 decimals unless told otherwise. The value is a number (undefined when empty) for react-hook-form's Controller.
 */
import { useId, useState, type FocusEvent } from 'react';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';

interface NumberFieldProps {
  label: string;
  value: number | null | undefined;
  onChange: (value: number | undefined) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  name?: string;
  error?: string;
  description?: string;
  decimals?: number;
  maxDigits?: number;
  prefix?: string;
  suffix?: string;
  required?: boolean;
  className?: string;
}

const withSeparators = (integer: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Turns what was typed into the canonical text: digits, one dot, the allowed decimals, separators. */
function normalise(raw: string, decimals: number, maxDigits: number): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const [integerPart = '', ...rest] = cleaned.split('.');
  const integer = integerPart.replace(/^0+(?=\d)/, '').slice(0, maxDigits);
  if (decimals === 0 || rest.length === 0) return withSeparators(integer);
  return `${withSeparators(integer || '0')}.${rest.join('').slice(0, decimals)}`;
}

const toText = (value: number | null | undefined, decimals: number, maxDigits: number) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : normalise(String(value), decimals, maxDigits);

export function NumberField({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  description,
  decimals = 0,
  maxDigits = 11,
  prefix,
  suffix,
  required,
  className,
}: NumberFieldProps) {
  const id = useId();
  // What the user is typing, while the field has the focus; otherwise the value set from outside (a default, the
  // form reset) shows.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? toText(value, decimals, maxDigits);

  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        )}
      </label>
      {description && (
        <p id={`${id}-description`} className="text-sm text-ink-soft">
          {description}
        </p>
      )}
      <div className="relative">
        {prefix && <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-ink-soft">{prefix}</span>}
        <input
          id={id}
          name={name}
          type="text"
          inputMode={decimals ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          onFocus={() => setTyped(text)}
          onChange={(e) => {
            const next = normalise(e.target.value, decimals, maxDigits);
            setTyped(next);
            const raw = next.replace(/,/g, '');
            onChange(raw === '' || raw === '.' ? undefined : Number(raw));
          }}
          onBlur={(e) => {
            setTyped(null);
            onBlur?.(e);
          }}
          className={cx(inputClasses(!!error), prefix && 'pl-8', suffix && 'pr-10')}
        />
        {suffix && <span className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-ink-soft">{suffix}</span>}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
