import { useState } from 'react';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useResendVerificationEmailMutation } from '@/features/auth/api/resend-verification-email';

/** Shown in the signed-in layout while the user's e-mail is unverified (spec 000 §2). */
export function EmailVerificationBanner() {
  const [{ fetching }, resend] = useResendVerificationEmailMutation();
  const [isSent, setIsSent] = useState(false);

  const onResend = async () => {
    const result = await resend({});
    if (result.error) showToast(errorMessage(result.error), { tone: 'error' });
    else setIsSent(true);
  };

  return (
    <aside aria-label="Email verification" className="border-b border-amber-300 bg-amber-50">
      <div className="flex flex-col gap-3 px-5 py-3 md:flex-row md:items-center md:justify-between md:px-8">
        <p className="flex items-center gap-2 text-sm font-medium text-amber-950" aria-live="polite">
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-amber-800" aria-hidden="true">
            <path d="M3 4a2 2 0 0 0-2 2v1.16l8.4 4.2a1.35 1.35 0 0 0 1.2 0L19 7.16V6a2 2 0 0 0-2-2H3Z" />
            <path d="m19 8.84-7.73 3.87a2.85 2.85 0 0 1-2.54 0L1 8.84V14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V8.84Z" />
          </svg>
          {isSent ? 'Email sent.' : 'Please verify your email to start receiving appraisals.'}
        </p>
        {!isSent && (
          <Button
            variant="secondary"
            width="auto"
            isLoading={fetching}
            onClick={onResend}
            className="min-h-9 self-start border-amber-900 bg-white px-4 py-1.5 text-sm text-amber-950 hover:bg-amber-100 md:self-auto"
          >
            Resend email
          </Button>
        )}
      </div>
    </aside>
  );
}
