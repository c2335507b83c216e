import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/** To an account without a password (social sign-in only) that asked to close itself. */
export function ConfirmAccountClosingEmail({ link }: { link: string }) {
  return (
    <EmailLayout heading="Confirm closing your account">
      <EmailText>
        You asked to close your Listwise account. Open the link below and confirm: your name, email, phone, photos and bank details are then
        erased, your listings are withdrawn and you are signed out everywhere. Tax invoices and payment records are kept for five years, as
        the law requires.
      </EmailText>
      <EmailButton href={link}>Close my account</EmailButton>
      <EmailText>This link expires in 24 hours. If you did not ask for this, ignore this email: nothing changes.</EmailText>
    </EmailLayout>
  );
}
