/**
 * /agent/signup/payment — 'Pricing & Payment', step 4 of 5: the lead fee, the payment method (add or change a card in the
 * card modal, whose confirmation repeats the renewal terms), the suburbs with their prices and the total, and the
 * renewal terms where the agent pays; Confirm subscribes. A failure shows the server's
 * text here and the agent stays; success goes to payment-processed. Back returns to the summary.
 */
import { LEAD_FEE_NAME, LEAD_FEE_TITLE } from '@listwise/domain/agent-fees';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { leadFeeWords, useLeadFee } from '@/lib/lead-fee';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner, Spinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { CardModal } from '@/components/payments/card-modal';
import { CardSummary } from '@/components/payments/card-summary';
import { DefaultPaymentMethodQuery } from '@/components/payments/payment-api';
import { FreeTrialStateQuery, useSubscribeToSuburbs } from '@/components/suburbs/suburb-api';
import { RENEWAL_TERMS, selectionTotalDollars, SubscriptionPricing } from '@/components/suburbs/subscription-pricing';
import { errorMessage } from '@/lib/errors';
import { SIGNUP_STEPS, SignupPage, SignupSection } from '@/features/agent-signup/components/signup-page';
import { useSignupSelection } from '@/features/agent-signup/api/signup-selection';
import { useFunnelUser } from '@/features/agent-signup/lib/use-funnel-user';

export default function PricingAndPaymentRoute() {
  const leadFee = useLeadFee();
  const funnel = useFunnelUser();
  const navigate = useNavigate();
  const { selected } = useSignupSelection();
  const subscribe = useSubscribeToSuburbs();
  const [isCardOpen, setIsCardOpen] = useState(false);
  const [isCardJustSaved, setIsCardJustSaved] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [{ data: trialData }] = useQuery({ query: FreeTrialStateQuery, requestPolicy: 'cache-and-network' });
  const [{ data: cardData, fetching: isLoadingCard }] = useQuery({ query: DefaultPaymentMethodQuery, requestPolicy: 'cache-and-network' });
  const trials = trialData?.myAgentSuburbSubscriptionFreeTrialState;

  if (funnel.kind === 'redirect') return <Navigate to={funnel.to} replace />;
  if (funnel.kind === 'loading' || !trials || !selected) return <PageSpinner />;
  if (!selected.length && !isSubmitting) return <Navigate to="/agent/signup/suburbs" replace />;

  const card = cardData?.myDefaultPaymentMethod ?? null;
  const total = selectionTotalDollars(selected.length, trials);

  const confirm = async () => {
    setServerError(null);
    setIsSubmitting(true);
    funnel.hold();
    const error = await subscribe(selected.map((s) => s.id));
    if (error) {
      setServerError(errorMessage(error));
      setIsSubmitting(false);
      return;
    }
    // The server emptied the saved choice with the subscription (and the cache followed).
    navigate('/agent/signup/payment-processed', { replace: true });
  };

  return (
    <SignupPage
      title="Pricing & Payment"
      step={SIGNUP_STEPS.payment}
      description="Your suburbs run for 12 months from today, then renew each year unless you cancel."
    >
      <div className="flex flex-col gap-6">
        <SignupSection title={LEAD_FEE_TITLE}>
          <p className="leading-7 text-ink-soft">
            When a property you appraised through Listwise reaches unconditional status, a {LEAD_FEE_NAME} of{' '}
            <span className="font-semibold text-ink">{leadFeeWords(leadFee).plusGst}</span> is charged to your card.
          </p>
        </SignupSection>
        <SignupSection
          title="Payment method"
          action={
            <Button
              variant="secondary"
              width="auto"
              className="min-h-10 px-4 py-2 text-sm whitespace-nowrap"
              onClick={() => setIsCardOpen(true)}
            >
              {card ? 'Change card' : 'Add card'}
            </Button>
          }
        >
          {isLoadingCard && !cardData ? (
            <Spinner label="Loading your payment method" className="text-brand-800" />
          ) : card ? (
            <>
              <CardSummary method={card} />
              {isCardJustSaved && (
                <p role="status" className="mt-3 rounded-lg bg-brand-50 px-4 py-3 text-sm leading-6 text-ink">
                  <span className="font-semibold">Card saved.</span> {RENEWAL_TERMS}
                </p>
              )}
            </>
          ) : (
            <p className="text-ink-soft">
              No card yet.{' '}
              {total > 0
                ? 'Add a card to pay for your suburbs.'
                : `Your suburbs are free; the card is needed for the ${LEAD_FEE_NAME} and renewals.`}
            </p>
          )}
        </SignupSection>
        <SignupSection title="Suburbs">
          <SubscriptionPricing suburbs={selected} freeTrialState={trials} />
        </SignupSection>
        <SignupSection title="Renewal">
          <p className="leading-7 text-ink-soft">{RENEWAL_TERMS}</p>
        </SignupSection>
        <FormError message={serverError} />
      </div>
      <div className="mt-10 flex flex-col-reverse gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
        <TextLink to="/agent/signup/summary">Back</TextLink>
        <Button onClick={confirm} isLoading={isSubmitting}>
          Confirm
        </Button>
      </div>
      <CardModal
        isOpen={isCardOpen}
        onOpenChange={setIsCardOpen}
        billingName={funnel.me.agentProfile?.name ?? ''}
        onSaved={() => setIsCardJustSaved(true)}
      />
    </SignupPage>
  );
}
