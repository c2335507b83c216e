/**
 * The Details tab (spec 000 'Agent profile settings', §5 'Agent details forms'): name, e-mail, mobile number and an
 * optional new password. 'Edit details' enters edit (clearing the password), 'Save Edits' submits, 'Discard Edits'
 * resets; a successful save leaves edit. Failures show as a toast (§8 'Update user account') and under the form.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { toInternationalPhone, toNationalPhone } from '@listwise/domain/phone';
import { userDetailsSchema } from '@listwise/domain/validation';
import { MESSAGES } from '@listwise/domain/validation-messages';
import { FormError } from '@/components/form-error';
import { credentialChanges, UserDetailsFields, type UserDetailsValues } from '@/components/user-details-fields';
import type { CurrentUser } from '@/lib/current-user';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useUpdateAgentDetails, useUpdateAgentPassword } from '@/features/agent-settings/api/agent-account';
import { EditActions, SettingsSection, ViewField } from '@/features/agent-settings/components/settings-section';
import { CollectionNotice } from '@/components/collection-notice';

const valuesOf = (me: CurrentUser): UserDetailsValues => ({
  name: me.agentProfile?.name ?? '',
  email: me.email ?? '',
  mobileNumber: toNationalPhone(me.mobileNumber),
  password: '',
  currentPassword: '',
});

const toastText = (error: unknown) => {
  const code = errorCode(error);
  if (code === 'email_is_already_in_use') return ERROR_MESSAGES.email_is_already_in_use;
  if (code === 'email_invalid') return ERROR_MESSAGES.email_invalid;
  if (code === 'incorrect_password') return ERROR_MESSAGES.incorrect_password;
  if (code === 'too_many_requests') return ERROR_MESSAGES.too_many_requests;
  return 'Something went wrong';
};

export function DetailsTab({ me }: { me: CurrentUser }) {
  const [isEditing, setIsEditing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [, updateDetails] = useUpdateAgentDetails();
  const [, updatePassword] = useUpdateAgentPassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserDetailsValues>({ resolver: zodResolver(userDetailsSchema), mode: 'onTouched', defaultValues: valuesOf(me) });

  const startEditing = () => {
    reset(valuesOf(me)); // entering edit clears the password field
    setServerError(null);
    setIsEditing(true);
  };
  const discard = () => {
    reset(valuesOf(me));
    setServerError(null);
    setIsEditing(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const mobileNumber = toInternationalPhone(values.mobileNumber);
    if (!mobileNumber) return; // an unparseable number stops the save silently (spec)
    const { isEmailChanged, needsCurrentPassword } = credentialChanges(me, values);
    if (needsCurrentPassword && !values.currentPassword) {
      setError('currentPassword', { message: MESSAGES.currentPasswordRequired }, { shouldFocus: true });
      return;
    }
    const currentPassword = values.currentPassword || undefined;
    const refuse = (error: unknown) => {
      showToast(toastText(error), { tone: 'error' });
      if (errorCode(error) === 'incorrect_password') {
        setError('currentPassword', { message: ERROR_MESSAGES.incorrect_password }, { shouldFocus: true });
      } else {
        setServerError(errorMessage(error));
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
    <SettingsSection title="Your details" isEditing={isEditing} onEdit={startEditing}>
      {isEditing ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <UserDetailsFields register={register} errors={errors} hasPasswordField hasCurrentPasswordField={!!me.hasPassword} />
          <CollectionNotice purpose="agent-profile" />
          <FormError message={serverError} />
          <EditActions isSubmitting={isSubmitting} onDiscard={discard} />
        </form>
      ) : (
        <dl className="grid gap-5 md:grid-cols-2">
          <ViewField label="Name">{me.agentProfile?.name || '—'}</ViewField>
          <ViewField label="Email address">{me.email ?? '—'}</ViewField>
          <ViewField label="Mobile number">{toNationalPhone(me.mobileNumber) || '—'}</ViewField>
          <ViewField label="Password">••••••••••</ViewField>
        </dl>
      )}
    </SettingsSection>
  );
}
