/**
 * /agent/signup/suburbs — 'Service Suburbs', step 2 of 2: pick suburbs in the Suburb Search dialog and remove
 * them here; Next is disabled until there is one; Back returns to basic details.
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { selectableSuburbsLeft } from '@listwise/domain/agent-profile';
import { Button } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { FreeTrialStateQuery } from '@/components/suburbs/suburb-api';
import { suburbLabel } from '@/components/suburbs/suburb-picker';
import { SuburbSearchDialog } from '@/components/suburbs/suburb-search-dialog';
import { suburbPriceLabels } from '@/components/suburbs/subscription-pricing';
import { signupSelection, useSignupSelection } from '@/features/agent-signup/lib/signup-selection';
import { useFunnelUser } from '@/features/agent-signup/lib/use-funnel-user';
import { SignupPage } from '@/features/agent-signup/components/signup-page';

export default function ServiceSuburbsRoute() {
  const funnel = useFunnelUser();
  const navigate = useNavigate();
  const selected = useSignupSelection();
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [{ data: trialData }] = useQuery({ query: FreeTrialStateQuery, requestPolicy: 'cache-and-network' });
  const trials = trialData?.myAgentSuburbSubscriptionFreeTrialState;

  if (funnel.kind === 'redirect') return <Navigate to={funnel.to} replace />;
  if (funnel.kind === 'loading' || !trials) return <PageSpinner />;

  const limit = selectableSuburbsLeft(trials.numberOfFreeTrialsClaimed);
  const prices = suburbPriceLabels(selected.length, trials);

  return (
    <SignupPage
      title="Service Suburbs"
      step={2}
      description={`Choose up to ${limit} suburbs where you want to receive appraisal requests. Your first ${trials.totalFreeTrialsAllowed} suburbs are free for 12 months.`}
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
                  onClick={() => signupSelection.set(selected.filter((s) => s.id !== suburb.id))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-400 px-4 py-6 text-center text-ink-soft">No suburbs selected yet.</p>
        )}
        <Button variant="secondary" width="auto" onClick={() => setIsSearchOpen(true)}>
          {selected.length ? 'Add or change suburbs' : 'Search suburbs'}
        </Button>
      </div>

      <div className="mt-10 flex flex-col-reverse gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
        <TextLink to="/agent/signup/basic-details">Back</TextLink>
        <Button disabled={selected.length === 0} onClick={() => navigate('/agent/signup/summary')}>
          Next
        </Button>
      </div>

      <SuburbSearchDialog
        isOpen={isSearchOpen}
        onOpenChange={setIsSearchOpen}
        initialSelection={selected}
        limit={limit}
        freeTrialState={trials}
        onConfirm={(next) => signupSelection.set(next)}
      />
    </SignupPage>
  );
}
