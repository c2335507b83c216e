import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';

/** A tab's card with its heading and the 'Edit details' action while viewing. */
export function SettingsSection({
  title,
  isEditing,
  onEdit,
  children,
}: {
  title: string;
  isEditing?: boolean;
  onEdit?: () => void;
  children: ReactNode;
}) {
  const headingId = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="mb-5 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold text-ink">
          {title}
        </h2>
        {onEdit && !isEditing && (
          <Button variant="secondary" width="auto" className="shrink-0 whitespace-nowrap" onClick={onEdit}>
            Edit details
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

/** 'Save Edits' and 'Discard Edits' under a form in edit mode. */
export function EditActions({
  isSubmitting,
  isDisabled,
  onDiscard,
}: {
  isSubmitting: boolean;
  isDisabled?: boolean;
  onDiscard: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 md:flex-row">
      <Button type="submit" isLoading={isSubmitting} disabled={isDisabled}>
        Save Edits
      </Button>
      <Button variant="secondary" onClick={onDiscard} disabled={isSubmitting}>
        Discard Edits
      </Button>
    </div>
  );
}

/** A label and its value in view mode. */
export function ViewField({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cx('flex min-w-0 flex-col gap-1', className)}>
      <dt className="text-sm font-semibold text-ink-soft">{label}</dt>
      {/* A long e-mail address wraps instead of running out of the card on a phone. */}
      <dd className="text-ink wrap-anywhere">{children}</dd>
    </div>
  );
}
