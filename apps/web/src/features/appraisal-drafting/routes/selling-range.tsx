/** Step 1 of 5: the estimated selling range (min and max, each at least $50,000; max defaults to min × 1.1). */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { defaultSellingRangeMax, sellingRangeSchema } from '@listwise/domain/appraisal-validation';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { errorMessage } from '@/lib/errors';
import { useUpdateSellingRange } from '@/features/appraisal-drafting/api/draft-appraisal';
import { NumberField } from '@/features/appraisal-drafting/components/number-field';
import { DraftPage, hasRequiredAnswers, StepFooter, stepPath } from '@/features/appraisal-drafting/components/draft-page';

interface Values {
  sellingRangeMin: number;
  sellingRangeMax: number;
}

function SellingRangeForm({ requestId, draft }: { requestId: string; draft: AppraisalValues }) {
  const navigate = useNavigate();
  const [, save] = useUpdateSellingRange();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, getValues, setValue, formState } = useForm<Values>({
    resolver: zodResolver(sellingRangeSchema),
    mode: 'onTouched',
    defaultValues: { sellingRangeMin: draft.sellingRangeMin ?? undefined, sellingRangeMax: draft.sellingRangeMax ?? undefined },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await save({ id: draft.id, min: values.sellingRangeMin, max: values.sellingRangeMax });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(stepPath(requestId, 'fees'));
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="mb-6 leading-7 text-ink-soft">What price range do you expect this property to sell for?</p>
      <div className="grid gap-5 md:grid-cols-2">
        <Controller
          control={control}
          name="sellingRangeMin"
          render={({ field, fieldState }) => (
            <NumberField
              label="Min price"
              prefix="$"
              required
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={() => {
                field.onBlur();
                // Leaving min with max still empty proposes max = min × 1.1.
                const min = getValues('sellingRangeMin');
                if (typeof min === 'number' && getValues('sellingRangeMax') === undefined) {
                  setValue('sellingRangeMax', defaultSellingRangeMax(min), { shouldValidate: formState.isSubmitted });
                }
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="sellingRangeMax"
          render={({ field, fieldState }) => (
            <NumberField
              label="Max price"
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
      </div>
      <StepFooter
        backTo={`/agent/appraisal-request/${requestId}`}
        skipTo={hasRequiredAnswers(draft) ? stepPath(requestId, 'summary') : undefined}
        isSubmitting={formState.isSubmitting}
        error={serverError}
      />
    </form>
  );
}

export default function SellingRangeRoute() {
  return (
    <DraftPage title="Selling Range" step={1}>
      {({ requestId, draft }) => <SellingRangeForm requestId={requestId} draft={draft} />}
    </DraftPage>
  );
}
