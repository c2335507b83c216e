import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '@/components/cx';
import { FieldError } from '@/components/field-error';

export const inputClasses = (hasError: boolean) =>
  cx(
    'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs',
    'placeholder:text-slate-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
    hasError ? 'border-danger' : 'border-slate-400 hover:border-slate-600',
  );

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** The error text for this field; shown under it and linked by aria-describedby. */
  error?: string;
  description?: ReactNode;
  /** Rendered at the right end of the input (e.g. a show-password toggle). */
  endAdornment?: ReactNode;
}

/** A labelled input whose hint and error are announced with it. Works with react-hook-form's `register`. */
export function TextField({ label, error, description, endAdornment, className, required, ...inputProps }: TextFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

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
        <p id={descriptionId} className="text-sm text-ink-soft">
          {description}
        </p>
      )}
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className={cx(inputClasses(!!error), endAdornment ? 'pr-20' : undefined)}
          {...inputProps}
        />
        {endAdornment && <div className="absolute inset-y-0 right-1 flex items-center">{endAdornment}</div>}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
