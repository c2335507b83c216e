/**
 * The Suburbs tab: the agent's subscribed suburb cards, the payment method, and the 'Add suburb' promo card that
 * opens the Add New Suburb wizard (offered while free trials claimed is below the maximum, and the agent is not
 * suspended). A card with
 * subscriptionToRenew offers 'Cancel subscription', a notice to contact support; without it, 'Renew', which turns
 * auto-renewal back on (and charges $495 now when the subscription has lapsed).
 */
import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { selectableSuburbsLeft } from '@listwise/domain/agent-profile';
import { MAX_AGENT_SUBURBS, SUPPORT_EMAIL, SUPPORT_PHONE, SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from '@listwise/domain/constants';
import { formatDate, formatDollars } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { PageSpinner, Spinner } from '@/components/spinner';
import { CardModal } from '@/components/payments/card-modal';
import { CardSummary } from '@/components/payments/card-summary';
import { DefaultPaymentMethodQuery } from '@/components/payments/payment-api';
import {
  FreeTrialStateQuery,
  MySubscribedSuburbsQuery,
  RenewSuburbSubscriptionMutation,
  useRefetchSubscriptions,
  type SubscribedSuburb,
} from '@/components/suburbs/suburb-api';
import { freeTrialsText } from '@/components/suburbs/subscription-pricing';
import type { CurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { AddSuburbWizard } from '@/features/agent-settings/components/add-suburb-wizard';

export function SuburbsTab({ me }: { me: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const isWizardOpen = searchParams.get('isModalOpen') === 'true';
  const [{ data: suburbsData, error }] = useQuery({ query: MySubscribedSuburbsQuery, requestPolicy: 'cache-and-network' });
  const [{ data: trialData }] = useQuery({ query: FreeTrialStateQuery, requestPolicy: 'cache-and-network' });
  const [{ data: cardData, fetching: isLoadingCard }] = useQuery({ query: DefaultPaymentMethodQuery, requestPolicy: 'cache-and-network' });
  const [isCardOpen, setIsCardOpen] = useState(false);
  const [cancelling, setCancelling] = useState<SubscribedSuburb | null>(null);
  const [renewing, setRenewing] = useState<SubscribedSuburb | null>(null);

  const setWizardOpen = (open: boolean) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', 'suburbs');
        if (open) next.set('isModalOpen', 'true');
        else next.delete('isModalOpen');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const subscriptions = suburbsData?.mySubscribedSuburbs;
  const trials = trialData?.myAgentSuburbSubscriptionFreeTrialState;
  if (!subscriptions || !trials) return error ? <FormError message={errorMessage(error)} /> : <PageSpinner />;

  const activeCount = subscriptions.filter((s) => s.isActive).length;
  const limit = selectableSuburbsLeft(trials.numberOfFreeTrialsClaimed, activeCount);
  // Not offered while the agent is suspended: no request reaches them from any suburb then, so the card's promise
  // ('Receive appraisal requests from sellers in more suburbs') would contradict the notice above the page.
  const isSuspended = !!me.agentProfile?.suspension;
  const canAddSuburbs = trials.numberOfFreeTrialsClaimed < MAX_AGENT_SUBURBS && limit > 0 && !isSuspended;
  const card = cardData?.myDefaultPaymentMethod ?? null;
  const billingName = me.agentProfile?.name ?? '';

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="my-suburbs-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="my-suburbs-title" className="text-xl font-semibold text-ink">
            Your suburbs
          </h2>
          <p className="text-sm text-ink-soft">{freeTrialsText(trials)}</p>
        </div>
        <ul className="grid gap-4 md:grid-cols-2">
          {subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <SubscribedSuburbCard subscription={subscription} onCancel={setCancelling} onRenew={setRenewing} />
            </li>
          ))}
          {canAddSuburbs && (
            <li>
              <button
                type="button"
                onClick={() => setWizardOpen(true)}
                className="flex h-full min-h-40 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-brand-600 bg-brand-50 p-6 text-center hover:bg-brand-100"
              >
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-800 text-white" aria-hidden="true">
                  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-5">
                    <path d="M12 5v14M5 12h14" />
                  </svg>
                </span>
                <span className="text-lg font-semibold text-brand-900">Add suburb</span>
                <span className="text-sm text-ink-soft">Receive appraisal requests from sellers in more suburbs.</span>
              </button>
            </li>
          )}
        </ul>
        {subscriptions.length === 0 && !canAddSuburbs && <p className="text-ink-soft">You have no suburbs yet.</p>}
        {isSuspended && <p className="text-ink-soft">Suburbs cannot be added while your account is suspended.</p>}
      </section>

      <section aria-labelledby="payment-method-title" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6">
        <div className="flex items-center justify-between gap-4">
          <h2 id="payment-method-title" className="text-xl font-semibold text-ink">
            Payment method
          </h2>
          <Button variant="secondary" width="auto" className="shrink-0 whitespace-nowrap" onClick={() => setIsCardOpen(true)}>
            {card ? 'Change card' : 'Add card'}
          </Button>
        </div>
        {isLoadingCard && !cardData ? (
          <Spinner label="Loading your payment method" className="text-brand-800" />
        ) : card ? (
          <CardSummary method={card} />
        ) : (
          <p className="text-ink-soft">No card yet. Renewals and the {LEAD_FEE_NAME} are charged to your card.</p>
        )}
      </section>

      <AddSuburbWizard
        // The home banner's link opens it by URL; an agent with no suburb left to add gets the tab instead.
        isOpen={isWizardOpen && canAddSuburbs}
        onClose={() => setWizardOpen(false)}
        freeTrialState={trials}
        limit={limit}
        billingName={billingName}
      />
      <CardModal isOpen={isCardOpen} onOpenChange={setIsCardOpen} billingName={billingName} />
      <ModalDialog isOpen={!!cancelling} onOpenChange={(open) => !open && setCancelling(null)} title="Cancel subscription">
        <div className="flex flex-col gap-5">
          <p className="leading-7 text-ink-soft">
            To cancel or change a suburb, please contact Listwise support at{' '}
            <a className="font-semibold text-brand-800 underline" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>{' '}
            or call{' '}
            <a className="font-semibold text-brand-800 underline" href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>
              {SUPPORT_PHONE}
            </a>
            .
          </p>
          <Button width="auto" className="self-end" onClick={() => setCancelling(null)}>
            OK
          </Button>
        </div>
      </ModalDialog>
      <RenewDialog subscription={renewing} onClose={() => setRenewing(null)} />
    </div>
  );
}

function SubscribedSuburbCard({
  subscription,
  onCancel,
  onRenew,
}: {
  subscription: SubscribedSuburb;
  onCancel: (s: SubscribedSuburb) => void;
  onRenew: (s: SubscribedSuburb) => void;
}) {
  const { suburb, subscriptionToRenew } = subscription;
  const expires = formatDate(subscription.subscriptionExpiresAt);
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5" aria-label={suburb.name}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-ink">{suburb.name}</h3>
          <p className="text-sm text-ink-soft">
            {suburb.state} {suburb.postcode}
          </p>
        </div>
        <span
          className={
            subscription.isActive
              ? 'rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900'
              : 'rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-ink'
          }
        >
          {!subscription.isActive ? 'Ended' : subscription.isFreeTrial ? 'Free trial' : 'Subscribed'}
        </span>
      </div>
      <p className="text-sm text-ink-soft">
        {subscriptionToRenew
          ? `Renews on ${formatDate(subscriptionToRenew.date)} for ${formatDollars(subscriptionToRenew.priceDollars)}/Year`
          : subscription.isActive
            ? `Ends on ${expires}`
            : `Ended on ${expires}`}
      </p>
      <div className="mt-auto">
        {subscriptionToRenew ? (
          // Cancelling or changing always goes through support (the notice), manually managed or not.
          <Button variant="ghost" width="auto" className="-ml-3" onClick={() => onCancel(subscription)}>
            Cancel subscription
          </Button>
        ) : subscription.isManuallyManaged ? (
          <p className="text-sm text-ink-soft">Managed by Listwise support.</p>
        ) : (
          <Button variant="secondary" width="auto" onClick={() => onRenew(subscription)}>
            Renew
          </Button>
        )}
      </div>
    </article>
  );
}

function RenewDialog({ subscription, onClose }: { subscription: SubscribedSuburb | null; onClose: () => void }) {
  const [{ fetching }, renew] = useMutation(RenewSuburbSubscriptionMutation);
  const refetch = useRefetchSubscriptions();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = () => {
    setServerError(null);
    onClose();
  };
  const confirm = async () => {
    if (!subscription) return;
    setServerError(null);
    const result = await renew({ suburbSubscriptionId: subscription.id });
    if (result.error) {
      setServerError(errorMessage(result.error));
      return;
    }
    await refetch();
    showToast(`${subscription.suburb.name} will renew automatically`, { tone: 'success' });
    close();
  };
  const price = formatDollars(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS);
  return (
    <ModalDialog isOpen={!!subscription} onOpenChange={(open) => !open && close()} title="Renew subscription">
      {subscription && (
        <div className="flex flex-col gap-5">
          <p className="leading-7 text-ink-soft">
            {subscription.isActive
              ? `${subscription.suburb.name} will renew automatically on ${formatDate(subscription.subscriptionExpiresAt)} for ${price} (including GST).`
              : `Renew ${subscription.suburb.name} for 12 months. ${price} (including GST) is charged to your card now.`}
          </p>
          <FormError message={serverError} />
          <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-end">
            <Button variant="secondary" width="auto" onClick={close}>
              Not now
            </Button>
            <Button width="auto" onClick={confirm} isLoading={fetching}>
              Renew
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
