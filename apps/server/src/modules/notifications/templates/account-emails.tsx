import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

export function VerifyEmailEmail({ link }: { link: string }) {
  return (
    <EmailLayout heading="Verify your email">
      <EmailText>Please confirm your email address so you can start using Listwise.</EmailText>
      <EmailButton href={link}>Verify email</EmailButton>
      <EmailText>This link expires in 24 hours.</EmailText>
    </EmailLayout>
  );
}

export function PasswordResetEmail({ link }: { link: string }) {
  return (
    <EmailLayout heading="Reset your password">
      <EmailText>We received a request to reset your Listwise password.</EmailText>
      <EmailButton href={link}>Choose a new password</EmailButton>
      <EmailText>This link expires in 1 hour and can be used once.</EmailText>
    </EmailLayout>
  );
}

export function ContinueSignupEmail({ link }: { link: string }) {
  return (
    <EmailLayout heading="Continue where you left off">
      <EmailText>Your property listing is saved. Use the link below to pick up where you left off.</EmailText>
      <EmailButton href={link}>Continue my listing</EmailButton>
      <EmailText>This link expires in 24 hours.</EmailText>
    </EmailLayout>
  );
}

/** To the old address when the login e-mail changes: the link undoes the change for 7 days. */
export function EmailChangedEmail({ newEmail, link }: { newEmail: string; link: string }) {
  return (
    <EmailLayout heading="Your email address was changed">
      <EmailText>The email address you use to log in to Listwise was changed to {newEmail}.</EmailText>
      <EmailText>
        If you made this change, there is nothing to do. If you did not, undo it now: your account goes back to this address, everyone
        signed in to it is signed out, and we send you a link to choose a new password.
      </EmailText>
      <EmailButton href={link}>Undo this change</EmailButton>
      <EmailText>This link works for 7 days and can be used once.</EmailText>
    </EmailLayout>
  );
}
