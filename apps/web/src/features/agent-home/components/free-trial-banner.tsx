/**
 * The free-suburbs banner of the agent home (spec 000 'Agent home'): shown while the agent has claimed fewer
 * free suburbs than the maximum, with 'Add Suburbs' opening the suburbs tab's wizard.
 */
import { useQuery } from 'urql';
import { ButtonLink } from '@/components/button';
import { FreeTrialStateQuery } from '@/features/agent-home/api/appraisal-requests';
import { freeTrialBannerMax } from '@/features/agent-home/lib/free-trial-banner-state';

export function FreeTrialBanner() {
  const [{ data }] = useQuery({ query: FreeTrialStateQuery, requestPolicy: 'cache-and-network' });
  const state = data?.myAgentSuburbSubscriptionFreeTrialState;
  const max = state ? freeTrialBannerMax(state) : null;
  if (max === null) return null;
  return (
    <aside
      aria-labelledby="free-trial-banner-heading"
      className="mb-8 flex flex-col gap-4 rounded-xl bg-brand-800 p-5 text-white md:flex-row md:items-center md:justify-between md:p-6"
    >
      <div>
        <h2 id="free-trial-banner-heading" className="text-lg font-semibold">
          Lock in up to {max} suburbs for 12 months. It is free to join.
        </h2>
        <p className="mt-1 text-brand-50">Subscribe to suburbs to receive appraisal requests in those areas</p>
      </div>
      <ButtonLink to="/agent/profile-settings/?tab=suburbs&isModalOpen=true" variant="secondary" width="auto" className="shrink-0">
        Add Suburbs
      </ButtonLink>
    </aside>
  );
}
