/** Small building blocks of the console's panels: item cards, facts, status pills, a confirmed action. */
import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { OPERATOR_REASON_MAX_LENGTH } from '@listwise/domain/sale-validation';
import { Button, type ButtonVariant } from '@/components/button';
import { cx } from '@/components/cx';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { TextAreaField } from '@/components/form-fields';

export function ItemCard({ title, aside, children }: { title: ReactNode; aside?: ReactNode; children: ReactNode }) {
  return (
    <article className="rounded-xl border border-line bg-white p-4 md:p-5">
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="font-semibold break-words text-ink">{title}</h3>
        {aside && <div className="flex shrink-0 flex-wrap gap-2">{aside}</div>}
      </div>
      {children}
    </article>
  );
}

/** Label/value pairs in a grid: two columns on phones (so a card stays short), four on wide screens unless told two. */
export function Facts({ children, columns = 4 }: { children: ReactNode; columns?: 2 | 4 }) {
  return <dl className={cx('grid grid-cols-2 gap-x-4 gap-y-3 sm:gap-x-6', columns === 4 && 'lg:grid-cols-4')}>{children}</dl>;
}

/** One pair; `isWide` takes the whole row on phones, for values too long for half of it (e-mails, names). */
export function Fact({ label, children, isWide = false }: { label: string; children: ReactNode; isWide?: boolean }) {
  return (
    <div className={cx('min-w-0', isWide && 'col-span-2 sm:col-span-1')}>
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

type Tone = 'neutral' | 'good' | 'warn' | 'bad';
const TONES: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  good: 'bg-emerald-50 text-emerald-900',
  warn: 'bg-amber-50 text-amber-900',
  bad: 'bg-danger-soft text-danger',
};

export function Pill({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold', TONES[tone])}>{children}</span>;
}

interface ConfirmActionProps {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /**
   * Resolves with an error message to show in the dialog, null when done, or false to stay open with nothing
   * to add (a field in the dialog shows its own error).
   */
  onConfirm: () => Promise<string | null | false>;
  variant?: ButtonVariant;
}

/** A button that asks before acting, and shows the server's answer in the dialog when the action fails. */
export function ConfirmAction({ label, title, children, confirmLabel, onConfirm, variant = 'secondary' }: ConfirmActionProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setIsBusy(true);
    setError(null);
    const message = await onConfirm();
    setIsBusy(false);
    if (message === null) setIsOpen(false);
    else if (message) setError(message);
  };
  return (
    <>
      <Button variant={variant} width="auto" className="min-h-9 px-3 py-1.5 text-sm" onClick={() => setIsOpen(true)}>
        {label}
      </Button>
      <ModalDialog
        isOpen={isOpen}
        onOpenChange={(open) => {
          setIsOpen(open);
          if (!open) setError(null);
        }}
        title={title}
      >
        <div className="flex flex-col gap-4">
          <div className="leading-7 text-ink-soft">{children}</div>
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" width="auto" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button width="auto" isLoading={isBusy} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}

/** A search box that applies on submit (Enter or the button), so lists are not re-queried on every keystroke. */
export function SearchForm({ label, placeholder, onSearch }: { label: string; placeholder: string; onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      role="search"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <label className="flex flex-1 flex-col gap-1.5">
        <span className="text-sm font-semibold text-ink">{label}</span>
        <input
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(e) => setValue(e.target.value)}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-slate-600"
        />
      </label>
      <Button type="submit" width="auto">
        Search
      </Button>
    </form>
  );
}

/**
 * The reason an operator gives in a confirm dialog (rejecting a listing, returning a payment, settling a sale, waiving a
 * fee; kept in the audit log): required, counted against its limit, registered with the dialog's form (whose schema
 * holds the messages).
 */
export function OperatorReasonField(props: {
  label: string;
  rows?: number;
  maxLength?: number;
  length: number;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <TextAreaField
      label={props.label}
      rows={props.rows ?? 3}
      required
      maxLength={props.maxLength ?? OPERATOR_REASON_MAX_LENGTH}
      valueLength={props.length}
      error={props.error}
      {...props.registration}
    />
  );
}
