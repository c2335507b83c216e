/**
 * /property/{propertyId}/sale-status: 'Have you sold your property yet?' (spec 001). Sold unconditionally goes on
 * to choosing the agent; the two 'not sold' answers complete the property at once and go to /not-sold.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars } from '@listwise/domain/format';
import { saleStatusSchema, type SaleStatusValues } from '@listwise/domain/sale-validation';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { TextLink } from '@/components/text-link';
import { errorMessage } from '@/lib/errors';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
import { useCompletedWithoutListwise, type SaleProperty } from '@/features/sale/api/sale-property';
import { FieldError } from '@/components/field-error';
import { ChoiceRadio } from '@/features/sale/components/choice-radio';
import { SalePropertyPage } from '@/features/sale/components/sale-property-page';

const ANSWERS: { value: SaleStatusValues['completeType']; label: string; description: string }[] = [
  {
    value: 'SOLD_UNCONDITIONALLY',
    label: 'Yes, I sold it unconditionally with a Listwise agent',
    description: 'Choose your agent and claim your cashback.',
  },
  { value: 'DECIDED_NOT_TO_SELL', label: "No, I've decided not to sell", description: 'Your listing will be taken off the market.' },
  {
    value: 'DECIDED_NOT_TO_USE_LISTWISE',
    label: "No, I've decided not to use a Listwise agent",
    description: 'Your listing will be taken off the market.',
  },
];

function SaleStatusForm({ property }: { property: SaleProperty }) {
  const navigate = useNavigate();
  const errorId = useId();
  const [{ data: settings }] = useStaticCashbackAmount();
  const [, completeWithoutListwise] = useCompletedWithoutListwise();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SaleStatusValues>({ resolver: zodResolver(saleStatusSchema), mode: 'onTouched' });

  const onSubmit = handleSubmit(async ({ completeType }) => {
    setServerError(null);
    if (completeType === 'SOLD_UNCONDITIONALLY') return navigate(`/property/${property.id}/sale-status/sold/agent`);
    const result = await completeWithoutListwise({ propertyId: property.id, completeType });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(`/property/${property.id}/not-sold`, { replace: true });
  });

  const amount = settings ? formatDollars(settings.staticCashbackAmount) : null;
  const fieldError = errors.completeType?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset aria-describedby={fieldError ? errorId : undefined}>
        <legend className="mb-4 text-lg font-semibold text-ink">Tell us what happened with your property</legend>
        <div className="flex flex-col gap-3">
          {ANSWERS.map((answer) => (
            <ChoiceRadio
              key={answer.value}
              value={answer.value}
              label={answer.label}
              description={answer.description}
              aria-invalid={fieldError ? true : undefined}
              {...register('completeType')}
            />
          ))}
        </div>
        <FieldError id={errorId} message={fieldError} className="mt-2" />
      </fieldset>

      <div className="rounded-xl border border-line bg-surface p-4 text-sm leading-6 text-ink-soft">
        <p>
          {amount ? `Your ${amount} cashback` : 'Your cashback'} is paid into your bank account once your agent confirms the sale. Please
          note: no cashback is paid for false claims, and your sale must be unconditional (no conditions left, such as finance or building
          inspection) to qualify.
        </p>
        <p className="mt-2">
          Read the{' '}
          <TextLink to="/terms-and-conditions" reloadDocument>
            terms and conditions
          </TextLink>
          .
        </p>
      </div>

      <div className="flex flex-col gap-4">
        <Button type="submit" isLoading={isSubmitting}>
          Continue
        </Button>
        <FormError message={serverError} />
      </div>
    </form>
  );
}

export default function SaleStatusRoute() {
  return (
    <SalePropertyPage title="Have you sold your property yet?" back={{ label: 'Back to Property', to: (id) => `/property/${id}` }}>
      {(property) => <SaleStatusForm property={property} />}
    </SalePropertyPage>
  );
}
