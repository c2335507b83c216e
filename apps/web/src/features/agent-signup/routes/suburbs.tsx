/**
 * /agent/signup/suburbs — 'Service Suburbs', step 2 of 5: pick suburbs in the Suburb Search dialog and remove
 * them here; Next is disabled until there is one; Back returns to basic details. Each change is saved on the
 * server as it is made, so a reload, another tab or a pause keeps the choice.
 */
import { freeSuburbsOfferSentence } from '@listwise/domain/agent-fees';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { selectableSuburbsLeft } from '@listwise/domain/agent-profile';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { FreeTrialStateQuery, type SuburbRef } from '@/components/suburbs/suburb-api';
import { suburbLabel } from '@listwise/domain/address-line';
import { SuburbSearchDialog } from '@/components/suburbs/suburb-search-dialog';
import { suburbPriceLabels } from '@/components/suburbs/subscription-pricing';
import { errorMessage } from '@/lib/errors';
import { useSignupSelection } from '@/features/agent-signup/api/signup-selection';
import { useFunnelUser } from '@/features/agent-signup/lib/use-funnel-user';
import { SIGNUP_STEPS, SignupPage } from '@/features/agent-signup/components/signup-page';

export default function ServiceSuburbsRoute() {
  const funnel = useFunnelUser();
  const navigate = useNavigate();
  const { selected, error: loadError, save, isSaving } = useSignupSelection();
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [{ data: trialData }] = useQuery({ query: FreeTrialStateQuery, requestPolicy: 'cache-and-network' });
  const trials = trialData?.myAgentSuburbSubscriptionFreeTrialState;

  if (funnel.kind === 'redirect') return <Navigate to={funnel.to} replace />;
  if (!selected && loadError) return <FormError message={errorMessage(loadError)} className="mx-auto mt-10 max-w-lg" />;
  if (funnel.kind === 'loading' || !trials || !selected) return <PageSpinner />;

  const limit = selectableSuburbsLeft(trials.numberOfFreeTrialsClaimed);
  const prices = suburbPriceLabels(selected.length, trials);

  const saveChoice = async (next: SuburbRef[]) => {
    setSaveError(null);
    const error = await save(next);
    if (error) setSaveError(errorMessage(error));
  };

  return (
    <SignupPage
      title="Service Suburbs"
      step={SIGNUP_STEPS.suburbs}
      description={`Choose up to ${limit} suburbs where you want to receive appraisal requests. ${freeSuburbsOfferSentence(trials.totalFreeTrialsAllowed)}`}
    >
      <div className="flex flex-col gap-5">
        {selected.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Your service suburbs">
            {selected.map((suburb, index) => (
              <li key={suburb.id} className="flex items-center justify-between gap-4 px-4 py-3">
                <span className="flex flex-col">
                  <span className="font-medium text-ink">{suburbLabel(suburb)}</span>
                  <span className="text-sm text-ink-soft">{prices[index]}</span>
                </span>
                <Button
                  variant="ghost"
                  width="auto"
                  className="min-h-10 px-3 py-1.5 text-sm"
                  aria-label={`Remove ${suburb.name}`}
                  disabled={isSaving}
                  onClick={() => void saveChoice(selected.filter((s) => s.id !== suburb.id))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-400 px-4 py-6 text-center text-ink-soft">No suburbs selected yet.</p>
        )}
        <p role="status" className="text-sm text-ink-soft">
          {isSaving ? 'Saving your suburbs…' : selected.length > 0 ? 'Your suburbs are saved: you can come back to them at any time.' : ''}
        </p>
        <FormError message={saveError} />
        <Button variant="secondary" width="auto" onClick={() => setIsSearchOpen(true)}>
          {selected.length ? 'Add or change suburbs' : 'Search suburbs'}
        </Button>
      </div>

      <div className="mt-10 flex flex-col-reverse gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
        <TextLink to="/agent/signup/basic-details">Back</TextLink>
        <Button disabled={selected.length === 0 || isSaving} onClick={() => navigate('/agent/signup/summary')}>
          Next
        </Button>
      </div>

      <SuburbSearchDialog
        isOpen={isSearchOpen}
        onOpenChange={setIsSearchOpen}
        initialSelection={selected}
        limit={limit}
        freeTrialState={trials}
        onConfirm={(next) => void saveChoice(next)}
      />
    </SignupPage>
  );
}
