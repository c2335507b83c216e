/** Step 3 of 5 (optional): up to 3 comparable sales, each an address, a sale price and an optional link. */
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { comparableSalesSchema } from '@listwise/domain/appraisal-validation';
import { LIMITS } from '@listwise/domain/constants';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useUpdateComparableSales } from '@/features/appraisal-drafting/api/draft-appraisal';
import { NumberField } from '@/features/appraisal-drafting/components/number-field';
import { keepFocus } from '@/features/appraisal-drafting/components/keep-focus';
import { DraftPage, StepFooter, stepPath } from '@/features/appraisal-drafting/components/draft-page';

type Input = z.input<typeof comparableSalesSchema>;
type Output = z.output<typeof comparableSalesSchema>;

function ComparableSalesForm({ requestId, draft }: { requestId: string; draft: AppraisalValues }) {
  const navigate = useNavigate();
  const [, save] = useUpdateComparableSales();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, register, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(comparableSalesSchema),
    mode: 'onTouched',
    defaultValues: {
      comparableSales: draft.comparableSales.map((s) => ({ address: s.address, salePriceDollars: s.salePriceDollars, url: s.url ?? '' })),
    },
  });
  const sales = useFieldArray({ control, name: 'comparableSales' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await save({ id: draft.id, sales: values.comparableSales });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(stepPath(requestId, 'video'));
  });

  const errors = formState.errors.comparableSales;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <p className="leading-7 text-ink-soft">
        Recent sales nearby that support your selling range. Add up to {LIMITS.comparableSalesMax}, or skip this step.
      </p>
      <ol className="flex flex-col gap-6">
        {sales.fields.map((item, index) => (
          <li key={item.id}>
            <fieldset className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5">
              <legend className="px-1 text-lg font-semibold text-ink">Comparable sale {index + 1}</legend>
              <TextField
                label="Address"
                required
                maxLength={LIMITS.comparableSaleAddress}
                error={errors?.[index]?.address?.message}
                {...register(`comparableSales.${index}.address`)}
              />
              <Controller
                control={control}
                name={`comparableSales.${index}.salePriceDollars`}
                render={({ field, fieldState }) => (
                  <NumberField
                    label="Sale price"
                    prefix="$"
                    required
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextField
                label="Link (optional)"
                type="url"
                inputMode="url"
                placeholder="www.example.com.au/sold/…"
                maxLength={LIMITS.comparableSaleUrl}
                error={errors?.[index]?.url?.message}
                {...register(`comparableSales.${index}.url`)}
              />
              <Button variant="ghost" width="auto" className="self-start text-danger" onMouseDown={keepFocus} onClick={() => sales.remove(index)}>
                Remove comparable sale {index + 1}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      {errors?.message && <p className="text-sm font-medium text-danger">{errors.message}</p>}
      {sales.fields.length < LIMITS.comparableSalesMax && (
        <Button
          variant="secondary"
          width="auto"
          className="self-start"
          onMouseDown={keepFocus}
          onClick={() => sales.append({ address: '', salePriceDollars: undefined as unknown as number, url: '' })}
        >
          Add comparable sale
        </Button>
      )}
      <StepFooter
        backTo={stepPath(requestId, 'fees')}
        skipTo={stepPath(requestId, 'summary')}
        isSubmitting={formState.isSubmitting}
        error={serverError}
      />
    </form>
  );
}

export default function ComparableSalesRoute() {
  return (
    <DraftPage title="Comparable Sales" step={3}>
      {({ requestId, draft }) => <ComparableSalesForm requestId={requestId} draft={draft} />}
    </DraftPage>
  );
}
