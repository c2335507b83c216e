/**
 * The free-suburbs banner of the agent home (spec 000 'Agent home'): shown while the agent has claimed fewer
 * free suburbs than the maximum, with 'Add Suburbs' opening the suburbs tab's wizard. An agent who already serves
 * suburbs is offered the free ones left, never told to subscribe.
 */
import { useQuery } from 'urql';
import { ButtonLink } from '@/components/button';
import { FreeTrialStateQuery } from '@/features/agent-home/api/appraisal-requests';
import { suburbsBannerText } from '@/features/agent-home/lib/free-trial-banner-state';
import { useCurrentUser } from '@/lib/current-user';

export function FreeTrialBanner() {
  const [{ data }] = useQuery({ query: FreeTrialStateQuery, requestPolicy: 'cache-and-network' });
  // Read as the suspension notice reads it, so the two never disagree.
  const [{ data: me }] = useCurrentUser();
  const isSuspended = !!me?.me?.agentProfile?.suspension;
  const state = data?.myAgentSuburbSubscriptionFreeTrialState;
  const banner = state && data ? suburbsBannerText(state, data.mySubscribedSuburbs.length, isSuspended) : null;
  if (!banner) return null;
  return (
    <aside
      aria-labelledby="free-trial-banner-heading"
      className="mb-8 flex flex-col gap-4 rounded-xl bg-brand-800 p-5 text-white md:flex-row md:items-center md:justify-between md:p-6"
    >
      <div>
        <h2 id="free-trial-banner-heading" className="text-lg font-semibold">
          {banner.heading}
        </h2>
        <p className="mt-1 text-brand-50">{banner.text}</p>
      </div>
      <ButtonLink to="/agent/profile-settings/?tab=suburbs&isModalOpen=true" variant="secondary" width="auto" className="shrink-0">
        Add Suburbs
      </ButtonLink>
    </aside>
  );
}
