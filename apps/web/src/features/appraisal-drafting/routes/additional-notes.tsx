/** Step 5 of 5: additional notes for the seller (required, at most 3,500 characters, with a counter). */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { additionalNotesSchema } from '@listwise/domain/appraisal-validation';
import { LIMITS } from '@listwise/domain/constants';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useUpdateAdditionalNotes } from '@/features/appraisal-drafting/api/draft-appraisal';
import { DraftPage, StepFooter, stepPath } from '@/features/appraisal-drafting/components/draft-page';

type Input = z.input<typeof additionalNotesSchema>;
type Output = z.output<typeof additionalNotesSchema>;

function AdditionalNotesForm({ requestId, draft }: { requestId: string; draft: AppraisalValues }) {
  const navigate = useNavigate();
  const id = useId();
  const [, save] = useUpdateAdditionalNotes();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(additionalNotesSchema),
    mode: 'onTouched',
    defaultValues: { additionalNotes: draft.additionalNotes ?? '' },
  });
  const length = (useWatch({ control, name: 'additionalNotes' }) ?? '').length;
  const error = formState.errors.additionalNotes?.message;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await save({ id: draft.id, notes: values.additionalNotes });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(stepPath(requestId, 'summary'));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Additional notes
        <span aria-hidden="true" className="text-danger">
          {' '}
          *
        </span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        Anything else the seller should know: your approach, the market, why you.
      </p>
      <textarea
        id={id}
        rows={10}
        maxLength={LIMITS.additionalNotes}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ')}
        className={cx(inputClasses(!!error), 'min-h-48 resize-y')}
        {...register('additionalNotes')}
      />
      <p id={`${id}-count`} className="text-right text-sm text-ink-soft">
        {LIMITS.additionalNotes - length} characters remaining
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <StepFooter backTo={stepPath(requestId, 'video')} isSubmitting={formState.isSubmitting} error={serverError} />
    </form>
  );
}

export default function AdditionalNotesRoute() {
  return (
    <DraftPage title="Additional Notes" step={5}>
      {({ requestId, draft }) => <AdditionalNotesForm requestId={requestId} draft={draft} />}
    </DraftPage>
  );
}
