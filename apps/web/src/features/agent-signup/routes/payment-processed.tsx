/** /agent/signup/payment-processed — 'Subscription Confirmed'; Complete goes home, where the funnel continues to profile-details. */
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { SignupPage } from '@/features/agent-signup/components/signup-page';

export default function PaymentProcessedRoute() {
  const navigate = useNavigate();
  return (
    <SignupPage
      title="Subscription Confirmed"
      centered
      description={
        <>
          <p className="text-xl font-semibold text-ink">Your sign up is complete</p>
          <p className="mt-3">
            You've successfully signed up as an agent. To begin receiving appraisal requests, please verify your account.
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
