/** Settings: the cashback in dollars (applies to new claims), the total free trials an agent may claim, the lead fee, and the ABA balancing record. */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminSettingsSchema, type AdminSettingsValues } from '@listwise/domain/sale-validation';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { Spinner } from '@/components/spinner';
import { Choice } from '@/components/form-fields';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useAdminSettings, useUpdateSettings, type AdminSettings } from '@/features/admin/settings/api';

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const [, update] = useUpdateSettings();
  const [serverError, setServerError] = useState<string | null>(null);
  const balancingHintId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AdminSettingsValues>({ resolver: zodResolver(adminSettingsSchema), mode: 'onTouched', defaultValues: settings });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await update(values);
    if (result.error) return setServerError(errorMessage(result.error));
    showToast('Settings saved.', { tone: 'success' });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-5">
      <TextField
        label="Cashback amount (dollars)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        description="Paid to a seller whose sale through a Listwise agent is confirmed. A change applies to new claims only."
        error={errors.staticCashbackAmount?.message}
        {...register('staticCashbackAmount', { valueAsNumber: true })}
      />
      <TextField
        label="Free trial allowance"
        type="number"
        inputMode="numeric"
        min={0}
        step="1"
        description="How many suburbs each agent may ever claim free for 12 months."
        error={errors.totalFreeTrialsAllowed?.message}
        {...register('totalFreeTrialsAllowed', { valueAsNumber: true })}
      />
      <TextField
        label="Lead fee before GST (dollars)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        description="Charged to an agent, plus GST, when they confirm a sale through Listwise; sellers and agents are shown this amount."
        error={errors.leadFeeExcludingGst?.message}
        {...register('leadFeeExcludingGst', { valueAsNumber: true })}
      />
      <div className="flex flex-col gap-1.5">
        <Choice
          type="checkbox"
          label="Add the ABA balancing record"
          aria-describedby={balancingHintId}
          {...register('abaBalancingRecord')}
        />
        <p id={balancingHintId} className="text-sm text-ink-soft">
          For banks that need a self-balancing payout file: one more record debits Listwise&apos;s account for the total. Applies to payout
          batches made from now on.
        </p>
      </div>
      <Button type="submit" isLoading={isSubmitting}>
        Save settings
      </Button>
      <FormError message={serverError} />
    </form>
  );
}

export function SettingsPanel() {
  const [{ data, error }] = useAdminSettings();
  return (
    <section aria-labelledby="settings-heading" className="flex flex-col gap-4">
      <h2 id="settings-heading" className="text-xl font-semibold text-ink">
        Settings
      </h2>
      {data ? <SettingsForm settings={data.adminSettings} /> : error ? <p className="text-danger">{errorMessage(error)}</p> : <Spinner />}
    </section>
  );
}
