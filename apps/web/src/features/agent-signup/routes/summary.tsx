/**
 * /agent/signup/summary — 'Profile Summary', step 3 of 5: picture, name and mobile number (edit → basic details), the service
 * suburbs each marked 'Free' or with the annual price (edit → suburbs); Confirm goes to payment.
 */
import { Navigate, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { toNationalPhone } from '@listwise/domain/phone';
import { Button } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { FreeTrialStateQuery } from '@/components/suburbs/suburb-api';
import { suburbLabel } from '@listwise/domain/address-line';
import { freeTrialsText, suburbPriceLabels } from '@/components/suburbs/subscription-pricing';
import { AgentAvatar } from '@/features/agent-signup/components/agent-avatar';
import { SIGNUP_STEPS, SignupPage, SignupSection } from '@/features/agent-signup/components/signup-page';
import { useSignupSelection } from '@/features/agent-signup/api/signup-selection';
import { useFunnelUser } from '@/features/agent-signup/lib/use-funnel-user';

export default function ProfileSummaryRoute() {
  const funnel = useFunnelUser();
  const navigate = useNavigate();
  const { selected } = useSignupSelection();
  const [{ data: trialData }] = useQuery({ query: FreeTrialStateQuery, requestPolicy: 'cache-and-network' });
  const trials = trialData?.myAgentSuburbSubscriptionFreeTrialState;

  if (funnel.kind === 'redirect') return <Navigate to={funnel.to} replace />;
  if (funnel.kind === 'loading' || !trials || !selected) return <PageSpinner />;
  if (!selected.length) return <Navigate to="/agent/signup/suburbs" replace />;

  const { me } = funnel;
  const name = me.agentProfile?.name ?? '';
  const picture = me.agentProfile?.profilePicture;
  const prices = suburbPriceLabels(selected.length, trials);

  return (
    <SignupPage title="Profile Summary" step={SIGNUP_STEPS.summary} description="Check your details before choosing how to pay.">
      <div className="flex flex-col gap-6">
        <SignupSection title="Your details" action={<TextLink to="/agent/signup/basic-details">Edit details</TextLink>}>
          <div className="flex items-center gap-4">
            <AgentAvatar name={name} url={picture?.thumbnailUrl ?? picture?.url ?? null} />
            <dl className="grid gap-1">
              <dt className="sr-only">Name</dt>
              <dd className="text-lg font-semibold text-ink">{name}</dd>
              <dt className="sr-only">Mobile number</dt>
              <dd className="text-ink-soft">{toNationalPhone(me.mobileNumber)}</dd>
            </dl>
          </div>
        </SignupSection>
        <SignupSection title="Service suburbs" action={<TextLink to="/agent/signup/suburbs">Edit suburbs</TextLink>}>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {selected.map((suburb, index) => (
              <li key={suburb.id} className="flex items-center justify-between gap-4 px-4 py-3">
                <span className="font-medium text-ink">{suburbLabel(suburb)}</span>
                <span className={prices[index] === 'Free' ? 'font-semibold text-[#166534]' : 'font-semibold text-ink'}>
                  {prices[index]}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-ink-soft">{freeTrialsText(trials)}</p>
        </SignupSection>
      </div>
      <div className="mt-10 flex flex-col-reverse gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
        <TextLink to="/agent/signup/suburbs">Back</TextLink>
        <Button onClick={() => navigate('/agent/signup/payment')}>Confirm</Button>
      </div>
    </SignupPage>
  );
}
