/**
 * /new-property/account-details — name, e-mail and mobile of a ghost user (spec 001 §2, §5); anyone else goes to /.
 * The mobile number is typed in national format and sent in international format; one that does not parse as
 * Australian stops the submit silently (spec).
 */
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { toInternationalPhone, toNationalPhone } from '@listwise/domain/phone';
import { accountDetailsFormSchema } from '@listwise/domain/listing';
import { PageSpinner } from '@/components/spinner';
import { UserDetailsFields } from '@/components/user-details-fields';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';
import { useUpdateUserDetails } from '@/features/listing/api/account';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { toastAccountError } from '@/features/listing/lib/account-errors';
import { WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';

export default function AccountDetailsRoute() {
  const [{ data }] = useCurrentUser();
  const me = data?.me;
  if (!me) return <PageSpinner />;
  if (!me.isGhostUser) return <Navigate to="/" replace />;
  return <AccountDetailsForm me={me} />;
}

function AccountDetailsForm({ me }: { me: CurrentUser }) {
  const navigate = useNavigate();
  const [, updateUserDetails] = useUpdateUserDetails();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(accountDetailsFormSchema),
    mode: 'onTouched',
    defaultValues: { name: me.sellerProfile?.name ?? '', email: me.email ?? '', mobileNumber: toNationalPhone(me.mobileNumber) },
  });

  const onSubmit = handleSubmit(async (values) => {
    const mobileNumber = toInternationalPhone(values.mobileNumber);
    if (!mobileNumber) return;
    const result = await updateUserDetails({
      name: values.name.trim(),
      email: values.email.trim(),
      mobileNumber,
      nextPage: WIZARD_PATHS.accountPassword,
    });
    if (result.error) {
      toastAccountError(result.error);
      return;
    }
    navigate(WIZARD_PATHS.accountPassword);
  });

  return (
    <WizardPage title="Account Details" description="Your details, so agents can send you their appraisals.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <UserDetailsFields register={register} errors={errors} mobileNumberPlaceholder="0412 345 678" />
        <WizardFooter backTo={WIZARD_PATHS.additionalInfo} isSubmitting={isSubmitting} />
      </form>
    </WizardPage>
  );
}
