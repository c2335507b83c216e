/**
 * 'Decline request' on a pending request's page: the agent who will not appraise it picks a reason from
 * the short list; the seller is told at once and offered the suburb's other agents.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  APPRAISAL_REQUEST_DECLINE_REASON_LABELS,
  APPRAISAL_REQUEST_DECLINE_REASONS,
  type AppraisalRequestDeclineReason,
} from '@listwise/domain/appraisal-request-progress';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { Choice, ChoiceGroup } from '@/components/form-fields';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDeclineRequest } from '@/features/agent-home/api/appraisal-requests';

export function DeclineRequest({ requestId }: { requestId: string }) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState<AppraisalRequestDeclineReason | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, decline] = useDeclineRequest();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setReasonError('Required');
    setError(null);
    const result = await decline({ id: requestId, reason });
    if (result.error) return setError(errorMessage(result.error));
    setIsOpen(false);
    showToast('Request declined. The seller has been told and can ask another agent.', { tone: 'success' });
    navigate('/');
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Decline request
      </Button>
      <ModalDialog isOpen={isOpen} onOpenChange={setIsOpen} title="Decline this request?">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <p className="text-ink-soft">
            The seller is told straight away, with the reason you choose, and can ask another agent instead of waiting 48 hours.
          </p>
          <ChoiceGroup legend="Why can't you appraise it?" required error={reasonError} layout="column">
            {APPRAISAL_REQUEST_DECLINE_REASONS.map((value) => (
              <Choice
                key={value}
                type="radio"
                name="decline-reason"
                value={value}
                label={APPRAISAL_REQUEST_DECLINE_REASON_LABELS[value]}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setReasonError(undefined);
                }}
              />
            ))}
          </ChoiceGroup>
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-end">
            <Button variant="secondary" width="auto" onClick={() => setIsOpen(false)}>
              Keep request
            </Button>
            <Button type="submit" variant="danger" width="auto" isLoading={fetching}>
              Decline request
            </Button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
