import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { Button, ButtonLink } from '@/components/button';
import { FormError } from '@/components/form-error';
import { authStore } from '@/lib/auth-store';
import { errorCode, errorMessage } from '@/lib/errors';
import { useConfirmAccountDeletionMutation } from '@/features/auth/api/confirm-account-deletion';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';

/**
 * /close-account/:token — the link e-mailed to an account without a password that asked to be closed.
 * Nothing happens on load (mail scanners open links): the person presses the button. A used link says the account
 * is already closed; an unknown or expired one says so.
 */
export default function CloseAccountRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [{ fetching }, confirm] = useConfirmAccountDeletionMutation();
  const [error, setError] = useState<string | null>(null);
  const [isLinkDead, setIsLinkDead] = useState(false);

  const close = async () => {
    setError(null);
    const result = await confirm({ accountDeletionToken: token });
    if (result.error) {
      const code = errorCode(result.error);
      setIsLinkDead(code === 'invalid_token' || code === 'account_already_deleted');
      setError(
        code === 'invalid_token'
          ? 'This link is not valid or has expired. Ask for a new one in Profile Settings.'
          : errorMessage(result.error),
      );
      return;
    }
    if (authStore.getState().token) authStore.finishLogout();
    navigate('/account-closed', { replace: true });
  };

  if (isLinkDead) {
    return (
      <AuthCard icon={AuthIcons.warning} title="This link cannot close an account" description={error ?? ERROR_MESSAGES.invalid_token}>
        <ButtonLink to="/" width="full">
          Go to the homepage
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={AuthIcons.warning}
      title="Close your Listwise account"
      description="Your name, email, phone, photos and bank details will be erased, your listings withdrawn and you will be signed out everywhere. Tax invoices and payment records are kept for five years, as the law requires. This cannot be undone."
    >
      <div className="flex flex-col gap-4">
        <FormError message={error} />
        <Button variant="danger" width="full" onClick={close} isLoading={fetching}>
          Close my account
        </Button>
        <ButtonLink to="/" variant="secondary" width="full">
          Keep my account
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
