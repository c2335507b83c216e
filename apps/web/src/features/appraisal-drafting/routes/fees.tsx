/**
 * Step 2 of 5: fees. Commission as a percentage of the sale price or a flat fee (both including GST), and the
 * one-time marketing fee with its list of inclusions.
 */
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  APPRAISAL_MESSAGES,
  commissionSchema,
  MAX_MARKETING_INCLUSIONS,
  marketingFeeSchema,
  marketingInclusionField,
} from '@listwise/domain/appraisal-validation';
import { LIMITS } from '@listwise/domain/constants';
import type { CommissionType } from '@listwise/domain/enums';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { Button } from '@/components/button';
import { FieldError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useUpdateCommission, useUpdateMarketingFee } from '@/features/appraisal-drafting/api/draft-appraisal';
import { NumberField } from '@/features/appraisal-drafting/components/number-field';
import { DraftPage, hasRequiredAnswers, StepFooter, stepPath } from '@/features/appraisal-drafting/components/draft-page';

const feesSchema = z.object({
  commission: commissionSchema,
  costDollars: marketingFeeSchema.shape.costDollars,
  inclusions: z.array(z.object({ text: marketingInclusionField })).max(MAX_MARKETING_INCLUSIONS, APPRAISAL_MESSAGES.tooManyInclusions),
});

type Input = z.input<typeof feesSchema>;
type Output = z.output<typeof feesSchema>;

const COMMISSION_TYPES: { value: CommissionType; label: string }[] = [
  { value: 'PERCENTAGE', label: 'Percentage of the sale price' },
  { value: 'FLAT_FEE', label: 'Flat fee' },
];

/**
 * The inclusions as one controlled list (add, edit, remove), so the list and its values never disagree: the
 * field-array API of react-hook-form lost an added row when the add came right after a field's blur validation.
 */
function InclusionsEditor({
  value,
  onChange,
  onBlur,
  listError,
  itemErrors = [],
}: {
  value: { text: string }[];
  onChange: (value: { text: string }[]) => void;
  onBlur: () => void;
  listError?: string;
  itemErrors?: (string | undefined)[];
}) {
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-ink">What the marketing fee includes</h3>
      {value.length === 0 && <p className="text-sm text-ink-soft">No inclusions yet.</p>}
      <ul className="flex flex-col gap-3">
        {value.map((item, index) => (
          <li key={index} className="flex items-start gap-2">
            <TextField
              label={`Inclusion ${index + 1}`}
              maxLength={LIMITS.marketingInclusion}
              className="flex-1"
              value={item.text}
              autoFocus={focusIndex === index}
              error={itemErrors[index]}
              onChange={(e) => onChange(value.map((v, i) => (i === index ? { text: e.target.value } : v)))}
              onBlur={onBlur}
            />
            <Button
              variant="ghost"
              width="auto"
              className="mt-7"
              onClick={() => {
                setFocusIndex(null);
                onChange(value.filter((_, i) => i !== index));
              }}
              aria-label={`Remove inclusion ${index + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {listError && <p className="text-sm font-medium text-danger">{listError}</p>}
      {value.length < MAX_MARKETING_INCLUSIONS && (
        <Button
          variant="secondary"
          width="auto"
          className="self-start"
          onClick={() => {
            setFocusIndex(value.length);
            onChange([...value, { text: '' }]);
          }}
        >
          Add inclusion
        </Button>
      )}
    </div>
  );
}

function FeesForm({ requestId, draft }: { requestId: string; draft: AppraisalValues }) {
  const navigate = useNavigate();
  const [, saveCommission] = useUpdateCommission();
  const [, saveMarketingFee] = useUpdateMarketingFee();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, register, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(feesSchema),
    mode: 'onTouched',
    defaultValues: {
      commission: {
        commissionType: draft.commission?.commissionType as CommissionType,
        percentageRate: draft.commission?.percentageRate ?? undefined,
        flatFeeCostDollars: draft.commission?.flatFeeCostDollars ?? undefined,
      },
      costDollars: draft.marketingFee?.costDollars as number,
      inclusions: (draft.marketingFee?.marketingInclusions ?? []).map((text) => ({ text })),
    },
  });
  const commissionType = useWatch({ control, name: 'commission.commissionType' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const commission = await saveCommission({
      id: draft.id,
      type: values.commission.commissionType,
      rate: values.commission.percentageRate,
      fee: values.commission.flatFeeCostDollars,
    });
    if (commission.error) return setServerError(errorMessage(commission.error));
    const fee = await saveMarketingFee({ id: draft.id, cost: values.costDollars, inclusions: values.inclusions.map((i) => i.text) });
    if (fee.error) return setServerError(errorMessage(fee.error));
    navigate(stepPath(requestId, 'comparable-sales'));
  });

  const commissionErrors = formState.errors.commission;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8">
      <section aria-labelledby="commission-heading" className="flex flex-col gap-5">
        <h2 id="commission-heading" className="text-xl font-semibold text-ink">
          Commission
        </h2>
        <fieldset aria-describedby={commissionErrors?.commissionType ? 'commission-type-error' : undefined}>
          <legend className="mb-2 text-sm font-semibold text-ink">
            Commission type
            <span aria-hidden="true" className="text-danger">
              {' '}
              *
            </span>
          </legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {COMMISSION_TYPES.map((option) => (
              <label key={option.value} className="flex min-h-11 items-center gap-3 font-medium text-ink">
                <input type="radio" value={option.value} {...register('commission.commissionType')} className="size-5 accent-brand-800" />
                {option.label}
              </label>
            ))}
          </div>
          <FieldError id="commission-type-error" message={commissionErrors?.commissionType?.message} className="mt-1" />
        </fieldset>
        {commissionType === 'PERCENTAGE' && (
          <Controller
            control={control}
            name="commission.percentageRate"
            render={({ field, fieldState }) => (
              <NumberField
                label="Commission percentage"
                description="Including GST"
                suffix="%"
                decimals={2}
                maxDigits={3}
                required
                className="max-w-xs"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        {commissionType === 'FLAT_FEE' && (
          <Controller
            control={control}
            name="commission.flatFeeCostDollars"
            render={({ field, fieldState }) => (
              <NumberField
                label="Flat fee"
                description="Including GST"
                prefix="$"
                decimals={2}
                required
                className="max-w-xs"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
      </section>

      <section aria-labelledby="marketing-heading" className="flex flex-col gap-5">
        <h2 id="marketing-heading" className="text-xl font-semibold text-ink">
          Marketing fee
        </h2>
        <Controller
          control={control}
          name="costDollars"
          render={({ field, fieldState }) => (
            <NumberField
              label="Marketing fee (one-time)"
              prefix="$"
              decimals={2}
              required
              className="max-w-xs"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="inclusions"
          render={({ field, fieldState }) => (
            <InclusionsEditor
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              listError={fieldState.error?.message}
              itemErrors={(formState.errors.inclusions as { text?: { message?: string } }[] | undefined)?.map((e) => e?.text?.message)}
            />
          )}
        />
      </section>

      <StepFooter
        backTo={stepPath(requestId, 'selling-range')}
        skipTo={hasRequiredAnswers(draft) ? stepPath(requestId, 'summary') : undefined}
        isSubmitting={formState.isSubmitting}
        error={serverError}
      />
    </form>
  );
}

export default function FeesRoute() {
  return (
    <DraftPage title="Fees" step={2}>
      {({ requestId, draft }) => <FeesForm requestId={requestId} draft={draft} />}
    </DraftPage>
  );
}
