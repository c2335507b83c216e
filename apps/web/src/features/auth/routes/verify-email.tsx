import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useClient } from 'urql';
import { FALLBACK_MESSAGES } from '@listwise/domain/errors';
import { Button, ButtonLink } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { isSignedIn, isSignedInMember, useAuth, authStore } from '@/lib/auth-store';
import { CurrentUserQuery } from '@/lib/current-user';
import { errorCode, isNetworkFailure } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useVerifyEmailMutation } from '@/features/auth/api/verify-email';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';
import { funnelStepAfterVerification } from '@/features/auth/lib/after-verification';

type Status = 'verifying' | 'verified' | 'already-verified' | 'invalid' | 'unreachable';

const TITLES: Record<Status, string> = {
  verifying: 'Verifying your email',
  verified: 'Email Verified',
  'already-verified': 'Email already verified',
  invalid: 'Invalid/ Expired Token',
  unreachable: "We couldn't verify your email",
};

/** /verify-email/:token — the link in the verification e-mail; verifies on load. */
export default function VerifyEmailRoute() {
  const { token = '' } = useParams();
  const auth = useAuth();
  const client = useClient();
  const navigate = useNavigate();
  const [, verifyEmail] = useVerifyEmailMutation();
  const [status, setStatus] = useState<Status>('verifying');
  const [attempt, setAttempt] = useState(0);
  const startedAttempt = useRef(-1);

  useEffect(() => {
    if (startedAttempt.current === attempt) return;
    startedAttempt.current = attempt;
    void verifyEmail({ emailVerificationToken: token }).then((result) => {
      // No answer at all says nothing about the token: offer to try again rather than call it invalid.
      if (result.error && isNetworkFailure(result.error)) return setStatus('unreachable');
      const status: Status =
        errorCode(result.error) === 'email_already_verified' ? 'already-verified' : result.error ? 'invalid' : 'verified';
      // A link opened again changes nothing, so only a fresh verification moves a funnel on.
      if (status !== 'verified' || !isSignedIn(authStore.getState())) return setStatus(status);
      // Signed in on this browser: refresh the user (the unverified banner goes away), and a user whose funnel was
      // waiting for this goes straight on to its next step (a seller to choosing agents, a new agent to sign-up).
      void client
        .query(CurrentUserQuery, {}, { requestPolicy: 'network-only' })
        .toPromise()
        .then((refreshed) => {
          const me = refreshed.data?.me;
          const next = me?.isEmailVerified ? funnelStepAfterVerification(me) : null;
          if (next) navigate(next, { replace: true });
          else setStatus(status);
        });
    });
  }, [attempt, client, navigate, token, verifyEmail]);

  useDocumentTitle(TITLES[status]);
  if (status === 'verifying') {
    return (
      <div className="flex flex-1 flex-col items-center justify-center px-4 py-16">
        <h1 className="mb-2 text-xl font-semibold text-ink">Verifying your email…</h1>
        <PageSpinner label="Verifying your email" />
      </div>
    );
  }

  const action = isSignedInMember(auth) ? (
    <ButtonLink to="/" width="full">
      Continue
    </ButtonLink>
  ) : (
    <ButtonLink to="/login" width="full">
      Return to log in
    </ButtonLink>
  );

  if (status === 'unreachable') {
    return (
      <AuthCard icon={AuthIcons.warning} title={TITLES.unreachable} description={FALLBACK_MESSAGES.network}>
        <Button
          width="full"
          onClick={() => {
            setStatus('verifying');
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (status === 'verified') {
    return (
      <AuthCard
        icon={AuthIcons.check}
        title="Email Verified"
        description="Thanks for confirming your email address. Your account is ready to go."
      >
        {action}
      </AuthCard>
    );
  }
  if (status === 'already-verified') {
    return (
      <AuthCard
        icon={AuthIcons.check}
        title={TITLES['already-verified']}
        description="This link was used before: your email address is already verified, so there is nothing more to do."
      >
        {action}
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={AuthIcons.warning} title="Invalid/ Expired Token" description="Please log in and resend verification email again">
      {action}
    </AuthCard>
  );
}
