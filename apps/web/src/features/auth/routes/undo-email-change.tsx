import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ERROR_MESSAGES, FALLBACK_MESSAGES } from '@listwise/domain/errors';
import { Button, ButtonLink } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { errorCode, isNetworkFailure } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUndoEmailChangeMutation } from '@/features/auth/api/undo-email-change';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';

type Status = 'undoing' | 'undone' | 'invalid' | 'taken' | 'unreachable';

const TITLES: Record<Status, string> = {
  undoing: 'Undoing the email change',
  undone: 'Email change undone',
  invalid: 'Invalid/ Expired Token',
  taken: "We couldn't undo the email change",
  unreachable: "We couldn't undo the email change",
};

/**
 * /undo-email-change/:token — the link e-mailed to the old address when the login e-mail changes. Undoes
 * on load: the old address is back, every session of the account is signed out (a browser signed in to it finds out
 * at its next request) and a link to choose a new password is on its way.
 */
export default function UndoEmailChangeRoute() {
  const { token = '' } = useParams();
  const [, undoEmailChange] = useUndoEmailChangeMutation();
  const [status, setStatus] = useState<Status>('undoing');
  const [attempt, setAttempt] = useState(0);
  const startedAttempt = useRef(-1);

  useEffect(() => {
    if (startedAttempt.current === attempt) return;
    startedAttempt.current = attempt;
    void undoEmailChange({ emailChangeUndoToken: token }).then((result) => {
      if (result.error && isNetworkFailure(result.error)) return setStatus('unreachable');
      if (result.error) return setStatus(errorCode(result.error) === 'email_is_already_in_use' ? 'taken' : 'invalid');
      setStatus('undone');
    });
  }, [attempt, token, undoEmailChange]);

  useDocumentTitle(TITLES[status]);
  if (status === 'undoing') {
    return (
      <div className="flex flex-1 flex-col items-center justify-center px-4 py-16">
        <h1 className="mb-2 text-xl font-semibold text-ink">Undoing the email change…</h1>
        <PageSpinner label="Undoing the email change" />
      </div>
    );
  }
  const returnToLogin = (
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
            setStatus('undoing');
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (status === 'undone') {
    return (
      <AuthCard
        icon={AuthIcons.check}
        title={TITLES.undone}
        description="Your account uses this email address again and everyone signed in to it has been signed out. We've emailed you a link to choose a new password: use it before you log in."
      >
        {returnToLogin}
      </AuthCard>
    );
  }
  if (status === 'taken') {
    return (
      <AuthCard
        icon={AuthIcons.warning}
        title={TITLES.taken}
        description={`${ERROR_MESSAGES.email_is_already_in_use}: another account uses it now. Please contact us and we'll sort it out.`}
      >
        {returnToLogin}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={AuthIcons.warning}
      title={TITLES.invalid}
      description="This link has been used or is more than 7 days old. If someone else changed your email address, please contact us."
    >
      {returnToLogin}
    </AuthCard>
  );
}
