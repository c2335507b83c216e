/**
 * Native form controls of the wizard, each labelled and with its error linked by aria-describedby, so they work
 * by keyboard and with screen readers and register directly with react-hook-form.
 */
import { forwardRef, useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { FieldError } from '@/components/field-error';

const RequiredMark = () => (
  <span aria-hidden="true" className="text-danger">
    {' '}
    *
  </span>
);

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, placeholder = 'Select…', required, className, ...rest },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required && <RequiredMark />}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required || undefined}
        className={cx(inputClasses(!!error), 'appearance-auto')}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
});

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string;
  description?: ReactNode;
  /** Shows 'n characters left' under the field. */
  maxLength?: number;
  valueLength?: number;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, description, maxLength, valueLength = 0, required, className, ...rest },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required && <RequiredMark />}
      </label>
      {description && (
        <p id={hintId} className="text-sm text-ink-soft">
          {description}
        </p>
      )}
      <textarea
        ref={ref}
        id={id}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [description ? hintId : null, maxLength ? counterId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
        }
        className={cx(inputClasses(!!error), 'min-h-32 resize-y')}
        {...rest}
      />
      {maxLength && (
        <p id={counterId} className="text-right text-sm text-ink-soft">
          {Math.max(0, maxLength - valueLength).toLocaleString('en-AU')} characters left
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
});

interface ChoiceGroupProps {
  legend: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
  description?: ReactNode;
  /** Lay the choices out as a grid of cards (property type) or a row (Yes / No). */
  layout?: 'grid' | 'row' | 'column';
}

/** A fieldset of radios or checkboxes with its legend and error. */
export function ChoiceGroup({ legend, error, required, children, description, layout = 'grid' }: ChoiceGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-ink">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {description && <p className="-mt-1 mb-1 text-sm text-ink-soft">{description}</p>}
      <div
        className={cx(
          layout === 'grid' && 'grid grid-cols-2 gap-3 md:grid-cols-3',
          layout === 'row' && 'flex flex-wrap gap-3',
          layout === 'column' && 'flex flex-col gap-2',
        )}
      >
        {children}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

interface ChoiceProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  type: 'radio' | 'checkbox';
  label: ReactNode;
}

/** One radio or checkbox drawn as a selectable card; the native input keeps keyboard and screen-reader behaviour. */
export const Choice = forwardRef<HTMLInputElement, ChoiceProps>(function Choice({ type, label, className, ...rest }, ref) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cx(
        'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base font-medium text-ink',
        'has-[:checked]:border-brand-800 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600',
        'hover:border-slate-600',
        className,
      )}
    >
      <input ref={ref} id={id} type={type} className="size-5 shrink-0 accent-brand-800" {...rest} />
      <span>{label}</span>
    </label>
  );
});
