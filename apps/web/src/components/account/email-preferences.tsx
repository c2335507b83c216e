/**
 * E-mail preferences in Profile Settings, the seller's and the agent's: one switch per optional
 * category the reader can receive (`User.emailPreferences`, `updateEmailPreference`), saved at once and honoured by
 * the next e-mail of the category. Service e-mails have no switch: they always reach the reader.
 */
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '@listwise/domain/email-categories';
import { FormError } from '@/components/form-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { useEmailPreferences, useUpdateEmailPreference } from '@/components/account/email-preferences-api';

export function EmailPreferencesSection() {
  const [{ data, error: loadError }] = useEmailPreferences();
  const [, update] = useUpdateEmailPreference();
  const [saving, setSaving] = useState<EmailCategory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preferences = data?.me?.emailPreferences;

  const onChange = async (category: EmailCategory, enabled: boolean) => {
    setError(null);
    setSaving(category);
    const result = await update({ category, enabled });
    setSaving(null);
    if (result.error) setError(errorMessage(result.error));
  };

  return (
    <section aria-labelledby="email-preferences-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="email-preferences-title" className="text-xl font-semibold text-ink">
        E-mail preferences
      </h2>
      <p className="mt-2 text-sm leading-6 text-ink-soft">
        Choose the optional e-mails you receive. Each one also has an unsubscribe link. E-mails about your account, requests, appraisals and
        payments always reach you.
      </p>
      {preferences ? (
        <ul className="mt-5 flex flex-col divide-y divide-slate-200 border-y border-slate-200">
          {preferences.map(({ category, enabled }) => {
            const { label, description } = EMAIL_CATEGORY_LABELS[category];
            const labelId = `email-preference-${category}-label`;
            const descriptionId = `email-preference-${category}-description`;
            return (
              <li key={category} className="py-4">
                <Switch
                  isSelected={enabled}
                  isDisabled={saving === category}
                  onChange={(isSelected) => void onChange(category, isSelected)}
                  // Named by the label alone; the description is read after it.
                  aria-labelledby={labelId}
                  aria-describedby={descriptionId}
                  className="group flex cursor-pointer items-start justify-between gap-4 rounded-md data-disabled:cursor-wait"
                >
                  <span className="min-w-0">
                    <span id={labelId} className="block font-semibold text-ink">
                      {label}
                    </span>
                    <span id={descriptionId} className="mt-0.5 block text-sm leading-6 text-ink-soft">
                      {description}
                    </span>
                  </span>
                  <span className="flex shrink-0 items-center gap-2 pt-0.5">
                    <span className="w-7 text-right text-sm font-medium text-ink-soft" aria-hidden="true">
                      {enabled ? 'On' : 'Off'}
                    </span>
                    <span
                      aria-hidden="true"
                      className="flex h-7 w-12 items-center rounded-full bg-slate-400 p-0.5 transition-colors group-data-selected:bg-brand-800"
                    >
                      <span className="size-6 rounded-full bg-white shadow-sm transition-transform group-data-selected:translate-x-5" />
                    </span>
                  </span>
                </Switch>
              </li>
            );
          })}
        </ul>
      ) : loadError ? (
        <FormError message={errorMessage(loadError)} />
      ) : (
        <div className="mt-5 flex justify-center text-brand-800">
          <Spinner label="Loading your e-mail preferences" />
        </div>
      )}
      <FormError message={error} />
    </section>
  );
}
