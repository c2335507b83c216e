/**
 * /new-property/account-password — mobile number, password (at least 9 characters) and its confirmation
 * (spec 001 §2, §5). Setting the password finishes the account (a ghost user becomes a seller); then straight
 * to choosing agents, which first asks for the e-mail to be verified (no 'Property Saved' page
 * in between; that page stays for a seller who lists with an account already finished).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { toInternationalPhone, toNationalPhone } from '@listwise/domain/phone';
import { accountPasswordFormSchema } from '@listwise/domain/listing';
import { CollectionNotice } from '@/components/collection-notice';
import { FormError } from '@/components/form-error';
import { LIMITS } from '@listwise/domain/constants';
import { PasswordField } from '@/components/password-field';
import { PageSpinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { CurrentUserQuery, useCurrentUser, type CurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { useUpdateUserPassword } from '@/features/listing/api/account';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { useSaveNextPage } from '@/features/listing/lib/use-save-next-page';
import { WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';

export default function AccountPasswordRoute() {
  const [{ data }] = useCurrentUser();
  if (!data?.me) return <PageSpinner />;
  return <AccountPasswordForm me={data.me} />;
}

function AccountPasswordForm({ me }: { me: CurrentUser }) {
  const navigate = useNavigate();
  const client = useClient();
  const saveNextPage = useSaveNextPage();
  const [, updateUserPassword] = useUpdateUserPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(accountPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { mobileNumber: toNationalPhone(me.mobileNumber), password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const mobileNumber = toInternationalPhone(values.mobileNumber);
    if (!mobileNumber) return;
    setServerError(null);
    const result = await updateUserPassword({ password: values.password, mobileNumber });
    if (result.error) {
      setServerError(errorMessage(result.error));
      return;
    }
    await saveNextPage(WIZARD_PATHS.selectAgents);
    // The account is finished now: re-read it so the route guards see a complete seller.
    await client.query(CurrentUserQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    navigate(WIZARD_PATHS.selectAgents);
  });

  return (
    <WizardPage title="Secure your account" description="Choose a password so you can log in to see your appraisals.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Mobile number"
          type="tel"
          required
          autoComplete="tel-national"
          placeholder="0412 345 678"
          description="Only an agent you ask for an appointment sees it, to arrange the visit. Agents appraising your property do not."
          error={errors.mobileNumber?.message}
          {...register('mobileNumber')}
        />
        <PasswordField
          label="Password"
          required
          autoComplete="new-password"
          description={`At least ${LIMITS.passwordMin} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          required
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <CollectionNotice purpose="seller-account" />
        <FormError message={serverError} />
        <WizardFooter
          backTo={me.isGhostUser ? WIZARD_PATHS.additionalInfo : undefined}
          nextLabel="Create account"
          isSubmitting={isSubmitting}
        />
      </form>
    </WizardPage>
  );
}
