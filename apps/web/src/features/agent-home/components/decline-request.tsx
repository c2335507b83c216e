/**
 * Declining a request: the agent who will not appraise it picks a reason from the short list ('I have another
 * reason' asks for a short note, which the seller reads as the reason). Offered on a pending request's page and,
 * before any condition is accepted, inside the payment condition's locked preview: saying no costs neither
 * agreeing to a fee nor seeing the address.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPRAISAL_REQUEST_DECLINE_REASON_LABELS,
  APPRAISAL_REQUEST_DECLINE_REASONS,
  DECLINE_NOTE_MAX_LENGTH,
  declineNoteIssue,
  isAppraisalRequestDeclineReason,
} from '@listwise/domain/appraisal-request-progress';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { Choice, ChoiceGroup, TextAreaField } from '@/components/form-fields';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDeclineRequest } from '@/features/agent-home/api/appraisal-requests';

const NOTE_ERRORS = { required: 'Required: a few words the seller will read', too_long: `At most ${DECLINE_NOTE_MAX_LENGTH} characters` };

/** A reason from the list and, with 'I have another reason', the note the domain's declineNoteIssue accepts. */
const declineFormSchema = z
  .object({
    reason: z
      .string()
      .nullable()
      .refine((value) => isAppraisalRequestDeclineReason(value), 'Required'),
    note: z.string(),
  })
  .superRefine(({ reason, note }, ctx) => {
    const issue = isAppraisalRequestDeclineReason(reason) ? declineNoteIssue(reason, note) : null;
    if (issue) ctx.addIssue({ code: 'custom', path: ['note'], message: NOTE_ERRORS[issue] });
  });

/** The reason form, on its own so the locked preview can show it in place of the payment condition. */
export function DeclineForm({ requestId, onCancel, onDeclined }: { requestId: string; onCancel: () => void; onDeclined: () => void }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(declineFormSchema), defaultValues: { reason: null as string | null, note: '' } });
  const reason = useWatch({ control, name: 'reason' });
  const note = useWatch({ control, name: 'note' });
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, decline] = useDeclineRequest();

  const onSubmit = handleSubmit(async (answers) => {
    if (!isAppraisalRequestDeclineReason(answers.reason)) return;
    setError(null);
    const result = await decline({ id: requestId, reason: answers.reason, note: answers.reason === 'OTHER' ? answers.note.trim() : null });
    if (result.error) return setError(errorMessage(result.error));
    showToast('Request declined. The seller has been told, with your reason.', { tone: 'success' });
    onDeclined();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-ink-soft">
        The seller is told straight away, with the reason you give, instead of waiting 48 hours. Declining costs nothing.
      </p>
      <ChoiceGroup legend="Why can't you appraise it?" required error={errors.reason?.message} layout="column">
        {APPRAISAL_REQUEST_DECLINE_REASONS.map((value) => (
          <Choice key={value} type="radio" value={value} label={APPRAISAL_REQUEST_DECLINE_REASON_LABELS[value]} {...register('reason')} />
        ))}
      </ChoiceGroup>
      {reason === 'OTHER' && (
        <TextAreaField
          label="Your reason, for the seller"
          required
          rows={3}
          maxLength={DECLINE_NOTE_MAX_LENGTH}
          valueLength={note.length}
          error={errors.note?.message}
          {...register('note')}
        />
      )}
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-end">
        <Button variant="secondary" width="auto" onClick={onCancel}>
          Keep request
        </Button>
        <Button type="submit" variant="danger" width="auto" isLoading={fetching}>
          Decline request
        </Button>
      </div>
    </form>
  );
}

export function DeclineRequest({ requestId }: { requestId: string }) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Decline request
      </Button>
      <ModalDialog isOpen={isOpen} onOpenChange={setIsOpen} title="Decline this request?">
        <DeclineForm
          requestId={requestId}
          onCancel={() => setIsOpen(false)}
          onDeclined={() => {
            setIsOpen(false);
            navigate('/');
          }}
        />
      </ModalDialog>
    </>
  );
}
