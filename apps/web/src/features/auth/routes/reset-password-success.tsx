import { ButtonLink } from '@/components/button';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';

export default function ResetPasswordSuccessRoute() {
  return (
    <AuthCard
      icon={AuthIcons.mail}
      title="Link sent"
      description={
        <>
          <p>If an account exists for that email address, a link to reset your password is on its way.</p>
          <p className="mt-3">The link expires in 1 hour. Check your spam folder if it hasn't arrived within a few minutes.</p>
        </>
      }
    >
      <ButtonLink to="/login" width="full">
        Back to log in
      </ButtonLink>
    </AuthCard>
  );
}
