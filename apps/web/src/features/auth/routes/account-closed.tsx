import { ButtonLink } from '@/components/button';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';

/** /account-closed — where 'Delete my account' and the e-mailed closing link end (issue 22). */
export default function AccountClosedRoute() {
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
