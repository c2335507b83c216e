/**
 * E-mail preferences in Profile Settings, the seller's and the agent's: one switch per optional
 * category the reader can receive (`User.emailPreferences`, `updateEmailPreference`), saved at once and honoured by
 * the next e-mail of the category. Service e-mails have no switch: they always reach the reader.
 */
import { useState } from 'react';
import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '@listwise/domain/email-categories';
import { FormError } from '@/components/form-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { useEmailPreferences, useUpdateEmailPreference } from '@/components/account/email-preferences-api';
import { SettingSwitch } from '@/components/account/setting-switch';

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
          {preferences.map(({ category, enabled }) => (
            <li key={category} className="py-4">
              <SettingSwitch
                id={`email-preference-${category}`}
                label={EMAIL_CATEGORY_LABELS[category].label}
                description={EMAIL_CATEGORY_LABELS[category].description}
                isSelected={enabled}
                isSaving={saving === category}
                onChange={(isSelected) => void onChange(category, isSelected)}
              />
            </li>
          ))}
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
