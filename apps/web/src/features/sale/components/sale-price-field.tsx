/**
 * The sale price in whole dollars (spec 000 §5 'Numeric input'): digits only, thousands separators, at most
 * 11 digits, never negative. Gives react-hook-form a number, or undefined while empty.
 */
import { useId, type FocusEvent } from 'react';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { FieldError } from '@/components/field-error';

const MAX_DIGITS = 11;
const withSeparators = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const toText = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '' : withSeparators(String(Math.trunc(value))));

interface SalePriceFieldProps {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  name?: string;
  error?: string;
}

export function SalePriceField({ label, value, onChange, onBlur, name, error }: SalePriceFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        <span aria-hidden="true" className="text-danger">
          {' '}
          *
        </span>
      </label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-ink-soft">
          $
        </span>
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={toText(value)}
          onChange={(e) => {
            const digits = e.target.value
              .replace(/\D/g, '')
              .replace(/^0+(?=\d)/, '')
              .slice(0, MAX_DIGITS);
            onChange(digits === '' ? undefined : Number(digits));
          }}
          onBlur={onBlur}
          className={cx(inputClasses(!!error), 'pl-8')}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
