/**
 * 'Your data' in Profile Settings, for sellers and agents alike (APP 12 and 13): 'Download my data' saves
 * everything Listwise holds about the user as a JSON file; 'Delete my account' closes the account after the
 * password (or, for an account without one, a link e-mailed to it). Its own section, beside the page's others.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ERROR_MESSAGES, FALLBACK_MESSAGES, isErrorCode } from '@listwise/domain/errors';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { PasswordField } from '@/components/password-field';
import type { CurrentUser } from '@/lib/current-user';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  ACCOUNT_CLOSED_STATE,
  downloadMyData,
  useDeleteMyAccount,
  useRequestAccountDeletionEmail,
} from '@/components/privacy/your-data-api';

export function YourDataSection({ me }: { me: Pick<CurrentUser, 'email' | 'hasPassword'> }) {
  const [isDownloading, setIsDownloading] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  const download = async () => {
    setIsDownloading(true);
    try {
      const name = await downloadMyData();
      showToast(`Your data is saved as ${name}`, { tone: 'success' });
    } catch (error) {
      const code = (error as Error).message;
      showToast(code === 'network' ? FALLBACK_MESSAGES.network : isErrorCode(code) ? ERROR_MESSAGES[code] : FALLBACK_MESSAGES.alert, {
        tone: 'error',
      });
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <section aria-labelledby="your-data-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="your-data-title" className="mb-2 text-xl font-semibold text-ink">
        Your data
      </h2>
      <p className="mb-5 text-base leading-7 text-ink-soft">
        Download a copy of everything Listwise holds about you, or close your account. See our{' '}
        <a href="/terms-and-conditions?tab=privacy" className="font-semibold text-brand-800 underline underline-offset-2">
          privacy policy
        </a>{' '}
        for what we keep and why.
      </p>
      <div className="flex flex-col gap-3 md:flex-row">
        <Button variant="secondary" onClick={download} isLoading={isDownloading}>
          Download my data
        </Button>
        <Button variant="danger" onClick={() => setIsDeleteOpen(true)}>
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog me={me} isOpen={isDeleteOpen} onOpenChange={setIsDeleteOpen} />
    </section>
  );
}

function DeleteAccountDialog({
  me,
  isOpen,
  onOpenChange,
}: {
  me: Pick<CurrentUser, 'email' | 'hasPassword'>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPasswordWrong, setIsPasswordWrong] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [{ fetching: isDeleting }, deleteMyAccount] = useDeleteMyAccount();
  const [{ fetching: isSending }, requestEmail] = useRequestAccountDeletionEmail();

  const close = (open: boolean) => {
    onOpenChange(open);
    if (!open) {
      setPassword('');
      setError(null);
      setIsPasswordWrong(false);
      setSentTo(null);
    }
  };

  const confirmWithPassword = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsPasswordWrong(false);
    if (!password) {
      setIsPasswordWrong(true);
      setError('Enter your password to confirm');
      return;
    }
    const result = await deleteMyAccount({ password });
    if (result.error) {
      setIsPasswordWrong(errorCode(result.error) === 'incorrect_password');
      setError(errorMessage(result.error));
      return;
    }
    // The server signed every session out. The closed page clears the login once it shows: cleared here, while this
    // guarded page is still on screen (the navigation renders in a transition), the route guard would send the user
    // to /login instead.
    navigate('/account-closed', { replace: true, state: ACCOUNT_CLOSED_STATE });
  };

  const sendLink = async () => {
    setError(null);
    const result = await requestEmail({});
    if (result.error) setError(errorMessage(result.error));
    else setSentTo(me.email);
  };

  return (
    <ModalDialog isOpen={isOpen} onOpenChange={close} title="Delete your account?">
      <div className="flex flex-col gap-4 text-base leading-7 text-ink-soft">
        <p>Closing your account cannot be undone. When you confirm:</p>
        <ul className="list-disc pl-5">
          <li>your name, email, phone, photos and bank details are erased;</li>
          <li>your published listings are withdrawn and the agents are told, or your public agent profile is removed;</li>
          <li>you are signed out everywhere, and your email can open a new account later.</li>
        </ul>
        <p>
          Tax invoices, charges and cashback payments are kept for five years, as the law requires, with only what they must hold. You
          cannot close your account while a sale is waiting to be confirmed or a cashback is still to be paid.
        </p>
        {me.hasPassword ? (
          <form onSubmit={confirmWithPassword} noValidate className="flex flex-col gap-4">
            <PasswordField
              label="Your password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={isPasswordWrong ? (error ?? undefined) : undefined}
            />
            {!isPasswordWrong && <FormError message={error} />}
            <Button type="submit" variant="danger" isLoading={isDeleting}>
              Delete my account
            </Button>
          </form>
        ) : sentTo ? (
          <p role="status" className="font-semibold text-ink">
            We sent a link to {sentTo}. Open it within 24 hours to close your account.
          </p>
        ) : (
          <>
            <p>Your account has no password, so we confirm by email: we send you a link that closes the account.</p>
            <FormError message={error} />
            <Button variant="danger" onClick={sendLink} isLoading={isSending}>
              Email me a link
            </Button>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
