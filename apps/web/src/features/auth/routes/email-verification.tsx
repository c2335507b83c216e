import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useClient } from 'urql';
import { SUPPORT_EMAIL } from '@listwise/domain/constants';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { useCurrentUser, CurrentUserQuery } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useResendVerificationEmailMutation } from '@/features/auth/api/resend-verification-email';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';
import { pathAfterVerification } from '@/features/auth/lib/after-verification';

/** While the page is open, re-check now and then so it moves on by itself once the link is opened elsewhere. */
const RECHECK_INTERVAL_MS = 15_000;

/** /email-verification — asks the signed-in user to verify their e-mail (the app layout ensures sign-in). */
export default function EmailVerificationRoute() {
  const navigate = useNavigate();
  const client = useClient();
  const [{ data, fetching: isLoadingUser }] = useCurrentUser();
  const [{ fetching: isResending }, resend] = useResendVerificationEmailMutation();
  const [isChecking, setIsChecking] = useState(false);
  // Set when Continue found the address still unverified: said on the page as well as in the toast, which fades.
  const [isStillUnverified, setIsStillUnverified] = useState(false);
  const me = data?.me;

  const refreshUser = useCallback(() => client.query(CurrentUserQuery, {}, { requestPolicy: 'network-only' }).toPromise(), [client]);

  // Verified (here or in another tab): move on.
  useEffect(() => {
    if (me?.isEmailVerified) navigate(pathAfterVerification(me), { replace: true });
  }, [me, navigate]);

  useEffect(() => {
    if (!me || me.isEmailVerified) return;
    const recheck = () => {
      if (document.visibilityState === 'visible') void refreshUser();
    };
    const interval = setInterval(recheck, RECHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [me, refreshUser]);

  if (!me) return isLoadingUser ? <PageSpinner /> : <Navigate to="/" replace />;

  const onResend = async () => {
    const result = await resend({});
    if (result.error) showToast(errorMessage(result.error), { tone: 'error' });
    else showToast('Verification email sent successfully', { tone: 'success' });
  };

  const onContinue = async () => {
    setIsChecking(true);
    const result = await refreshUser();
    setIsChecking(false);
    if (result.error) return; // the client already reported it
    const isVerified = !!result.data?.me?.isEmailVerified;
    setIsStillUnverified(!isVerified);
    if (!isVerified) showToast('Please verify your email to continue.', { tone: 'error' });
  };

  return (
    <AuthCard
      icon={AuthIcons.mail}
      title="Verify your email"
      description={
        <>
          <p>
            We've sent a verification link to{' '}
            {me.email ? <strong className="font-semibold break-words text-ink">{me.email}</strong> : 'your email address'}. Open the link to
            verify your address, then press Continue.
          </p>
          <p className="mt-3 text-sm">
            Can't find it? Check your spam folder, or send a new link. Still stuck? Email{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-800 underline underline-offset-4">
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormError
          message={
            isStillUnverified && !isChecking
              ? 'Your email is not verified yet. Open the link in the email we sent you, then press Continue.'
              : null
          }
        />
        <Button width="full" onClick={onContinue} isLoading={isChecking}>
          Continue
        </Button>
        <Button width="full" variant="secondary" onClick={onResend} isLoading={isResending}>
          Resend email
        </Button>
      </div>
    </AuthCard>
  );
}
