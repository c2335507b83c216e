import { ButtonLink } from '@/components/button';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';

export default function ChangePasswordSuccessRoute() {
  return (
    <AuthCard
      icon={AuthIcons.check}
      title="Password Changed"
      description="Your password has been updated. You can now log in with your new password."
    >
      <ButtonLink to="/login" width="full">
        Return to log in
      </ButtonLink>
    </AuthCard>
  );
}
