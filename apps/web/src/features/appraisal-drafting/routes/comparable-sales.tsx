/**
 * Step 3 of 5 (optional): up to 3 comparable sales, each an address, a sale price, when it sold (a price
 * without its date says little to a seller) and an optional link.
 */
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { comparableSalesSchema } from '@listwise/domain/appraisal-validation';
import { LIMITS } from '@listwise/domain/constants';
import { calendarDateIn } from '@listwise/domain/time-zones';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useUpdateComparableSales } from '@/features/appraisal-drafting/api/draft-appraisal';
import { NumberField } from '@/features/appraisal-drafting/components/number-field';
import { DraftPage, hasRequiredAnswers, StepFooter, stepPath } from '@/features/appraisal-drafting/components/draft-page';

type Input = z.input<ReturnType<typeof comparableSalesSchema>>;
type Output = z.output<ReturnType<typeof comparableSalesSchema>>;
type Sale = Input['comparableSales'][number];

/**
 * The sales as one controlled list, so rows and values never disagree (react-hook-form's field-array API lost
 * rows added right after a field's blur validation).
 */
function SalesEditor({
  value,
  onChange,
  onBlur,
  errors,
  today,
}: {
  value: Sale[];
  onChange: (value: Sale[]) => void;
  onBlur: () => void;
  errors: FieldErrors<Input>['comparableSales'];
  /** The latest sale date the form takes (YYYY-MM-DD). */
  today: string;
}) {
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const update = (index: number, patch: Partial<Sale>) => onChange(value.map((sale, i) => (i === index ? { ...sale, ...patch } : sale)));
  const itemErrors = (index: number) => (errors as FieldErrors<Sale>[] | undefined)?.[index];
  return (
    <>
      <ol className="flex flex-col gap-6">
        {value.map((sale, index) => (
          <li key={index}>
            <fieldset className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5">
              <legend className="px-1 text-lg font-semibold text-ink">Comparable sale {index + 1}</legend>
              <TextField
                label="Address"
                required
                maxLength={LIMITS.comparableSaleAddress}
                autoFocus={focusIndex === index}
                value={sale.address ?? ''}
                onChange={(e) => update(index, { address: e.target.value })}
                onBlur={onBlur}
                error={itemErrors(index)?.address?.message}
              />
              <NumberField
                label="Sale price"
                prefix="$"
                required
                value={sale.salePriceDollars}
                onChange={(salePriceDollars) => update(index, { salePriceDollars: salePriceDollars as number })}
                onBlur={onBlur}
                error={itemErrors(index)?.salePriceDollars?.message}
              />
              <TextField
                label="Sale date"
                type="date"
                description="When it sold (contract date), if you know it."
                max={today}
                value={sale.saleDate ?? ''}
                onChange={(e) => update(index, { saleDate: e.target.value })}
                onBlur={onBlur}
                error={itemErrors(index)?.saleDate?.message}
              />
              <TextField
                label="Link (optional)"
                type="url"
                inputMode="url"
                placeholder="www.example.com.au/sold/…"
                maxLength={LIMITS.comparableSaleUrl}
                value={sale.url ?? ''}
                onChange={(e) => update(index, { url: e.target.value })}
                onBlur={onBlur}
                error={itemErrors(index)?.url?.message}
              />
              <Button
                variant="ghost"
                width="auto"
                className="self-start text-danger"
                onClick={() => {
                  setFocusIndex(null);
                  onChange(value.filter((_, i) => i !== index));
                }}
              >
                Remove comparable sale {index + 1}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      {errors?.message && <p className="text-sm font-medium text-danger">{errors.message}</p>}
      {value.length < LIMITS.comparableSalesMax && (
        <Button
          variant="secondary"
          width="auto"
          className="self-start"
          onClick={() => {
            setFocusIndex(value.length);
            onChange([...value, { address: '', salePriceDollars: undefined as unknown as number, saleDate: '', url: '' }]);
          }}
        >
          Add comparable sale
        </Button>
      )}
    </>
  );
}

function ComparableSalesForm({ requestId, draft }: { requestId: string; draft: AppraisalValues }) {
  const navigate = useNavigate();
  const [, save] = useUpdateComparableSales();
  const [serverError, setServerError] = useState<string | null>(null);
  // Today in Sydney, as the server counts it.
  const [today] = useState(() => calendarDateIn(new Date()));
  const { control, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(comparableSalesSchema(today)),
    mode: 'onTouched',
    defaultValues: {
      comparableSales: draft.comparableSales.map((s) => ({
        address: s.address,
        salePriceDollars: s.salePriceDollars,
        saleDate: s.saleDate ?? '',
        url: s.url ?? '',
      })),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await save({ id: draft.id, sales: values.comparableSales });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(stepPath(requestId, 'video'));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <p className="leading-7 text-ink-soft">
        Recent sales nearby that support your selling range. Add up to {LIMITS.comparableSalesMax}, or skip this step.
      </p>
      <Controller
        control={control}
        name="comparableSales"
        render={({ field }) => (
          <SalesEditor
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errors={formState.errors.comparableSales}
            today={today}
          />
        )}
      />
      <StepFooter
        backTo={stepPath(requestId, 'fees')}
        skipTo={hasRequiredAnswers(draft) ? stepPath(requestId, 'summary') : undefined}
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
