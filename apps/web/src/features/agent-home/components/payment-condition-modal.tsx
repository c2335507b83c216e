/**
 * The payment condition (spec 000 §5, PRODUCT.md 'Appraisal requests'): before a property's details are shown,
 * the agent accepts the lead fee of $1,000 plus GST (read from the lead-fee setting, formatted as everywhere else), payable when the property reaches unconditional status.
 * Submit stays disabled until 'Accept the above terms' is ticked. Accepting needs a saved card: without one the
 * modal first offers the card form. 'Decline request' is offered here too, before anything is accepted: the modal
 * then holds the reason form, and the address stays hidden.
 */
import { LEAD_FEE_NAME, LEAD_FEE_TITLE } from '@listwise/domain/agent-fees';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { leadFeeWords, useLeadFee } from '@/lib/lead-fee';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { Spinner } from '@/components/spinner';
import { errorCode, errorMessage } from '@/lib/errors';
import { CardForm } from '@/components/payments/card-form';
import { CardSummary } from '@/components/payments/card-summary';
import { DefaultPaymentMethodQuery } from '@/components/payments/payment-api';
import { useCurrentUser } from '@/lib/current-user';
import { useAcceptPaymentCondition, useRefreshUnseenCount } from '@/features/agent-home/api/appraisal-requests';
import { DeclineForm } from '@/features/agent-home/components/decline-request';

interface PaymentConditionModalProps {
  requestId: string;
  onClose: () => void;
  /**
   * Opened from a notification's 'Accept condition': the agent already chose to accept, so one button that says
   * what it agrees to replaces the tick box and Submit.
   */
  oneTap?: boolean;
}

export function PaymentConditionModal({ requestId, onClose, oneTap = false }: PaymentConditionModalProps) {
  const leadFee = useLeadFee();
  const navigate = useNavigate();
  const checkboxId = useId();
  const [isAccepted, setIsAccepted] = useState(false);
  const [isDeclining, setIsDeclining] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [{ data: me }] = useCurrentUser();
  const [{ data: cardData, fetching: isLoadingCard }, refetchCard] = useQuery({
    query: DefaultPaymentMethodQuery,
    requestPolicy: 'cache-and-network',
  });
  const [{ fetching: isSubmitting }, accept] = useAcceptPaymentCondition();
  const refreshUnseen = useRefreshUnseenCount();
  const card = cardData?.myDefaultPaymentMethod ?? null;
  const needsCard = !isLoadingCard && cardData !== undefined && !card;

  const submit = async () => {
    setServerError(null);
    const result = await accept({ id: requestId });
    if (result.error) {
      if (errorCode(result.error) === 'user_missing_stripe_customer') refetchCard({ requestPolicy: 'network-only' });
      setServerError(errorMessage(result.error));
      return;
    }
    void refreshUnseen();
    navigate(`/agent/appraisal-request/${requestId}`);
  };

  if (isDeclining) {
    return (
      <ModalDialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} title="Decline this request?">
        <DeclineForm
          requestId={requestId}
          onCancel={() => setIsDeclining(false)}
          onDeclined={() => {
            void refreshUnseen();
            onClose();
          }}
        />
      </ModalDialog>
    );
  }

  return (
    <ModalDialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} title="Payment condition">
      <div className="flex flex-col gap-5">
        <p className="leading-7 text-ink-soft">
          To see this property's address, photos and the seller's notes, and to send an appraisal, please accept the {LEAD_FEE_NAME} terms.
        </p>
        <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
          <p className="font-semibold text-ink">
            {LEAD_FEE_TITLE}: {leadFeeWords(leadFee).plusGst}
          </p>
          <p className="mt-1 text-sm leading-6 text-ink-soft">
            Payable when the property reaches unconditional status through you. It is charged to your saved card when you confirm the sale.
          </p>
        </div>

        {isLoadingCard && !cardData ? (
          <Spinner label="Loading your payment method" className="text-brand-800" />
        ) : needsCard ? (
          <div className="flex flex-col gap-3">
            <p className="font-semibold text-ink">Add a card to accept the terms</p>
            <CardForm
              billingName={me?.me?.agentProfile?.name ?? ''}
              submitLabel="Save card"
              onSaved={() => refetchCard({ requestPolicy: 'network-only' })}
            />
          </div>
        ) : (
          card && (
            <p className="text-sm text-ink-soft">
              Card on file: <CardSummary method={card} />
            </p>
          )
        )}

        {!oneTap && (
          <div className="flex items-start gap-3">
            <input
              id={checkboxId}
              type="checkbox"
              checked={isAccepted}
              onChange={(e) => setIsAccepted(e.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-brand-800"
            />
            <label htmlFor={checkboxId} className="font-medium text-ink">
              Accept the above terms
            </label>
          </div>
        )}
        <FormError message={serverError} />
        <p className="text-sm text-ink-soft">
          Cannot take it on? Decline it without accepting anything: the seller is told at once.{' '}
          <button type="button" className="font-semibold text-brand-800 underline underline-offset-4" onClick={() => setIsDeclining(true)}>
            Decline request
          </button>
        </p>
        <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-end">
          <Button variant="secondary" width="auto" onClick={onClose}>
            Cancel
          </Button>
          {oneTap ? (
            <Button width="auto" disabled={needsCard} isLoading={isSubmitting} onClick={submit}>
              Accept the terms above
            </Button>
          ) : (
            <Button width="auto" disabled={!isAccepted || needsCard} isLoading={isSubmitting} onClick={submit}>
              Submit
            </Button>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
