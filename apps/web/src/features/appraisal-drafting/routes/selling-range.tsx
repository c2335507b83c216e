/**
 * Step 1 of 5: the estimated selling range (min and max, each at least $50,000; max defaults to min × 1.1). The rule
 * for where the property is comes first: in NSW and VIC at most 10% wide, refused otherwise; in
 * other states a wider range needs the agent to tick a confirmation before going on.
 */
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultSellingRangeMax,
  isSellingRangeCapped,
  isSellingRangeWithinTenPercent,
  sellingRangeSchemaFor,
} from '@listwise/domain/appraisal-validation';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { FieldError } from '@/components/field-error';
import { errorMessage } from '@/lib/errors';
import { useUpdateSellingRange } from '@/features/appraisal-drafting/api/draft-appraisal';
import { NumberField } from '@/features/appraisal-drafting/components/number-field';
import { DraftPage, hasRequiredAnswers, StepFooter, stepPath } from '@/features/appraisal-drafting/components/draft-page';

interface Values {
  sellingRangeMin: number;
  sellingRangeMax: number;
}

function SellingRangeForm({ requestId, draft, state }: { requestId: string; draft: AppraisalValues; state: string | null }) {
  const navigate = useNavigate();
  const [, save] = useUpdateSellingRange();
  const [serverError, setServerError] = useState<string | null>(null);
  const isCapped = isSellingRangeCapped(state);
  const [isWideRangeConfirmed, setWideRangeConfirmed] = useState(false);
  const [wideRangeError, setWideRangeError] = useState<string | null>(null);
  const { control, handleSubmit, getValues, setValue, formState } = useForm<Values>({
    resolver: zodResolver(sellingRangeSchemaFor(state)),
    mode: 'onTouched',
    defaultValues: { sellingRangeMin: draft.sellingRangeMin ?? undefined, sellingRangeMax: draft.sellingRangeMax ?? undefined },
  });

  const [min, max] = useWatch({ control, name: ['sellingRangeMin', 'sellingRangeMax'] });
  const isWide = !isCapped && typeof min === 'number' && typeof max === 'number' && max > min && !isSellingRangeWithinTenPercent(min, max);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (isWide && !isWideRangeConfirmed) {
      setWideRangeError('Please confirm the wider range before going on');
      document.getElementById('wide-range-confirmation')?.focus();
      return;
    }
    const result = await save({ id: draft.id, min: values.sellingRangeMin, max: values.sellingRangeMax });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(stepPath(requestId, 'fees'));
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="leading-7 text-ink-soft">What price range do you expect this property to sell for?</p>
      <p id="selling-range-rule" className="mt-3 mb-6 rounded-lg border border-line bg-white p-4 text-sm leading-6 text-ink-soft">
        {isCapped
          ? `This property is in ${state}: the top of your range can be at most 10% above the bottom (for example $1,000,000 to $1,100,000), as the law there requires of estimated selling prices.`
          : `In NSW and VIC the top of the range can be at most 10% above the bottom. ${state ? `This property is in ${state}: ` : ''}a wider range is possible here, but you will be asked to confirm it, and a narrow range tells the vendor more.`}
      </p>
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
      {isWide && (
        <div className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm leading-6 text-ink">
          <p>This range is more than 10% wide. Sellers compare appraisals by their ranges; a wide one tells them less.</p>
          <label className="mt-3 flex items-start gap-3">
            <input
              id="wide-range-confirmation"
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-brand-800"
              checked={isWideRangeConfirmed}
              aria-invalid={wideRangeError ? true : undefined}
              aria-describedby={wideRangeError ? 'wide-range-error' : undefined}
              onChange={(event) => {
                setWideRangeError(null);
                setWideRangeConfirmed(event.target.checked);
              }}
            />
            <span>I confirm this wider range is my estimate for this property</span>
          </label>
          <FieldError id="wide-range-error" message={wideRangeError} className="mt-2" />
        </div>
      )}
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
      {({ requestId, draft, request }) => (
        <SellingRangeForm requestId={requestId} draft={draft} state={request.property.suburb?.state ?? null} />
      )}
    </DraftPage>
  );
}
