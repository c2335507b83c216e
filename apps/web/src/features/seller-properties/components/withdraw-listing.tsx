/**
 * 'Withdraw listing' on the property page: a confirmation dialog asking why (the two 'not sold'
 * complete types of spec 001), then `withdrawProperty`. The agents still answering are told their request is no
 * longer required; agents who sent an appraisal are told too.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CompleteType } from '@listwise/domain/enums';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { Choice, ChoiceGroup } from '@/components/form-fields';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useWithdrawProperty, type AgentAsked } from '@/features/seller-properties/api/published-listing';

/** Agents the withdrawal e-mails: those still answering and those who sent an appraisal (not expired, not held). */
const TOLD: AgentAsked['progress'][] = ['SENT', 'VIEWED', 'DRAFTING', 'APPRAISAL_RECEIVED'];

/** The toast after a withdrawal: it says the agents were told only when some were. */
export function withdrawnToast(agentsAsked: Pick<AgentAsked, 'progress'>[]): string {
  const told = agentsAsked.filter((a) => TOLD.includes(a.progress)).length;
  if (told === 0) return 'Your listing is withdrawn.';
  return told === 1
    ? 'Your listing is withdrawn. The agent you asked has been told.'
    : 'Your listing is withdrawn. The agents you asked have been told.';
}

const REASONS: { value: Extract<CompleteType, 'DECIDED_NOT_TO_SELL' | 'DECIDED_NOT_TO_USE_LISTWISE'>; label: string }[] = [
  { value: 'DECIDED_NOT_TO_SELL', label: "I've decided not to sell" },
  { value: 'DECIDED_NOT_TO_USE_LISTWISE', label: "I'll sell without a Listwise agent" },
];

// One rule, written as react-hook-form's own: the seller home loads this dialog, and stays without zod (first-load.spec.ts).
const REASON_RULES = { validate: (value: string | null) => REASONS.some((option) => option.value === value) || 'Required' };

export function WithdrawListing({ propertyId, agentsAsked }: { propertyId: string; agentsAsked: AgentAsked[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { reason: null as string | null } });
  const [{ fetching }, withdraw] = useWithdrawProperty();

  const onSubmit = handleSubmit(async ({ reason }) => {
    setError(null);
    const result = await withdraw({ propertyId, completeType: reason as CompleteType });
    if (result.error) {
      setError(errorMessage(result.error));
      return;
    }
    setIsOpen(false);
    showToast(withdrawnToast(agentsAsked), { tone: 'success' });
  });

  return (
    <>
      <Button variant="secondary" width="auto" onClick={() => setIsOpen(true)}>
        Withdraw listing
      </Button>
      <ModalDialog isOpen={isOpen} onOpenChange={setIsOpen} title="Withdraw this listing?">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <p className="text-ink-soft">
            Agents still preparing an appraisal are told it is no longer required, and no new appraisals will arrive. Appraisals you already
            have stay here, and you can list it again later.
          </p>
          <ChoiceGroup legend="Why are you withdrawing it?" required error={errors.reason?.message}>
            {REASONS.map((option) => (
              <Choice key={option.value} type="radio" value={option.value} label={option.label} {...register('reason', REASON_RULES)} />
            ))}
          </ChoiceGroup>
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-end">
            <Button variant="secondary" width="auto" onClick={() => setIsOpen(false)}>
              Keep listing
            </Button>
            <Button type="submit" variant="danger" width="auto" isLoading={fetching}>
              Withdraw listing
            </Button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
