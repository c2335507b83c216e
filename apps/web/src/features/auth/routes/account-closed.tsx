import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '@/components/button';
import { isAccountClosedState } from '@/components/privacy/your-data-api';
import { authStore } from '@/lib/auth-store';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';

/** /account-closed — where 'Delete my account' and the e-mailed closing link end. */
export default function AccountClosedRoute() {
  const location = useLocation();
  const hasClosedAccount = isAccountClosedState(location.state);
  // 'Delete my account' leaves the login for this page to clear (see your-data-section.tsx): the server has already
  // ended every session. Only that arrival clears it, so a signed-in user who opens this address stays signed in.
  useEffect(() => {
    if (hasClosedAccount && authStore.getState().token) authStore.finishLogout();
  }, [hasClosedAccount]);
  return (
    <AuthCard
      icon={AuthIcons.check}
      title="Your account is closed"
      description="Your name, email, phone, photos and bank details have been erased and you have been signed out everywhere. Tax invoices and payment records are kept for five years, as the law requires. You are welcome back any time: your email can open a new account."
    >
      <ButtonLink to="/" width="full">
        Go to the homepage
      </ButtonLink>
    </AuthCard>
  );
}
