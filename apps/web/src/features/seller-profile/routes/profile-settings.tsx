/**
 * /profile-settings — the seller's Profile (spec 001 'Seller profile', §5, §8): name, e-mail, mobile number (shown in
 * national format with a leading 0) and an optional new password, with a view/edit toggle ('Edit details',
 * 'Save Edits', 'Discard Edits'), the cashback banner with the cashback setting, and a Create Listing button.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { formatDollars } from '@listwise/domain/format';
import { toInternationalPhone, toNationalPhone } from '@listwise/domain/phone';
import { userDetailsSchema } from '@listwise/domain/validation';
import { MESSAGES } from '@listwise/domain/validation-messages';
import { Button, ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { EmailPreferencesSection } from '@/components/account/email-preferences';
import { PushNotificationsSection } from '@/components/account/push-notifications';
import { credentialChanges, UserDetailsFields, type UserDetailsValues } from '@/components/user-details-fields';
import { CollectionNotice } from '@/components/collection-notice';
import { YourDataSection } from '@/components/privacy/your-data-section';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';
import { errorCode, errorMessage } from '@/lib/errors';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
import { showToast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUpdateSellerDetails, useUpdateSellerPassword } from '@/features/seller-profile/api/seller-account';

export default function ProfileSettingsRoute() {
  useDocumentTitle('Profile');
  const [{ data }] = useCurrentUser();
  const [{ data: settings }] = useStaticCashbackAmount();
  const me = data?.me;
  const amount = settings?.staticCashbackAmount;

  return (
    <>
      <PageHeader
        title="Profile"
        actions={
          <ButtonLink to="/new-property/" width="auto">
            Create Listing
          </ButtonLink>
        }
      />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-8">
        {amount !== undefined && (
          <p className="rounded-xl bg-brand-800 px-6 py-5 text-lg font-semibold text-white">
            Receive {formatDollars(amount)} cashback when you sell with a Listwise agent
          </p>
        )}
        {me ? <DetailsSection me={me} /> : <PageSpinner />}
        {me && <EmailPreferencesSection />}
        {me && <PushNotificationsSection />}
        {me && <YourDataSection me={me} />}
      </div>
    </>
  );
}

const valuesOf = (me: CurrentUser): UserDetailsValues => ({
  name: me.sellerProfile?.name ?? '',
  email: me.email ?? '',
  mobileNumber: toNationalPhone(me.mobileNumber),
  password: '',
  currentPassword: '',
});

/** Seller account update errors are toasts (spec 001 §8). */
const accountErrorText = (error: unknown) => {
  const code = errorCode(error);
  if (code === 'email_is_already_in_use') return ERROR_MESSAGES.email_is_already_in_use;
  if (code === 'email_invalid') return ERROR_MESSAGES.email_invalid;
  if (code === 'incorrect_password') return ERROR_MESSAGES.incorrect_password;
  if (code === 'too_many_requests') return ERROR_MESSAGES.too_many_requests;
  if (code === null) return errorMessage(error);
  return 'Something went wrong';
};

function DetailsSection({ me }: { me: CurrentUser }) {
  const [isEditing, setIsEditing] = useState(false);
  const [, updateDetails] = useUpdateSellerDetails();
  const [, updatePassword] = useUpdateSellerPassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserDetailsValues>({ resolver: zodResolver(userDetailsSchema), mode: 'onTouched', defaultValues: valuesOf(me) });

  const startEditing = () => {
    // Entering edit clears the password field (spec).
    reset(valuesOf(me));
    setIsEditing(true);
  };
  const discard = () => {
    reset(valuesOf(me));
    setIsEditing(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    const mobileNumber = toInternationalPhone(values.mobileNumber);
    if (!mobileNumber) return; // an unparseable number stops the save silently (spec)
    const { isEmailChanged, needsCurrentPassword } = credentialChanges(me, values);
    if (needsCurrentPassword && !values.currentPassword) {
      setError('currentPassword', { message: MESSAGES.currentPasswordRequired }, { shouldFocus: true });
      return;
    }
    const currentPassword = values.currentPassword || undefined;
    const refuse = (error: unknown) => {
      showToast(accountErrorText(error), { tone: 'error' });
      if (errorCode(error) === 'incorrect_password') {
        setError('currentPassword', { message: ERROR_MESSAGES.incorrect_password }, { shouldFocus: true });
      }
    };
    const details = await updateDetails({
      name: values.name.trim(),
      email: values.email.trim(),
      mobileNumber,
      ...(isEmailChanged && { currentPassword }),
    });
    if (details.error) return refuse(details.error);
    if (values.password) {
      const password = await updatePassword({ password: values.password, currentPassword });
      if (password.error) return refuse(password.error);
    }
    showToast(
      isEmailChanged
        ? `Your details have been saved. We sent a link to ${values.email.trim()} to verify it.`
        : 'Your details have been saved',
      { tone: 'success' },
    );
    setIsEditing(false);
  });

  return (
    <section aria-labelledby="details-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="mb-5 flex items-center justify-between gap-4">
        <h2 id="details-title" className="text-xl font-semibold text-ink">
          Your details
        </h2>
        {!isEditing && (
          <Button variant="secondary" width="auto" onClick={startEditing}>
            Edit details
          </Button>
        )}
      </div>
      {isEditing ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <UserDetailsFields register={register} errors={errors} hasPasswordField hasCurrentPasswordField={!!me.hasPassword} />
          <CollectionNotice purpose="profile" />
          <div className="flex flex-col gap-3 md:flex-row">
            <Button type="submit" isLoading={isSubmitting}>
              Save Edits
            </Button>
            <Button variant="secondary" onClick={discard} disabled={isSubmitting}>
              Discard Edits
            </Button>
          </div>
        </form>
      ) : (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {[
            ['Name', me.sellerProfile?.name ?? '—'],
            ['Email address', me.email ?? '—'],
            ['Mobile number', toNationalPhone(me.mobileNumber) || '—'],
            ['Password', '••••••••••'],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-ink-soft">{label}</dt>
              <dd className="font-medium break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
