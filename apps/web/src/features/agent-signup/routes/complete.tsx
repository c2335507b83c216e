/** /agent/signup/complete — the end of the agent funnel. */
import { ButtonLink } from '@/components/button';
import { useCurrentUser } from '@/lib/current-user';
import { SignupPage } from '@/features/agent-signup/components/signup-page';

export default function SignupCompleteRoute() {
  const [{ data }] = useCurrentUser();
  const isVerified = data?.me?.isEmailVerified ?? true;
  return (
    <SignupPage
      title="You're all set"
      centered
      description={
        <>
          <p>Your agent profile is complete. Sellers in your suburbs can now choose you for an appraisal.</p>
          {!isVerified && <p className="mt-3 font-semibold text-ink">Please verify your email to start receiving appraisals.</p>}
        </>
      }
    >
      <div className="flex justify-center">
        <ButtonLink to="/">Go to my properties</ButtonLink>
      </div>
    </SignupPage>
  );
}
