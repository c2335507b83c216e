/**
 * The user details fields shared by the agent's Details tab, the seller's Profile and the listing wizard's Account
 * Details (spec 000 and 001 §5): name, e-mail, mobile number in national format and, where asked, an optional new
 * password. The form around them owns validation and submitting.
 */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';

export type UserDetailsValues = { name: string; email: string; mobileNumber: string; password?: string; currentPassword?: string };

/**
 * What a save of the settings forms changes that needs the current password: the login e-mail or the
 * password, when the account has one (ghost and social-only accounts have none).
 */
export function credentialChanges(me: { email: string | null; hasPassword: boolean | null }, values: UserDetailsValues) {
  const isEmailChanged = values.email.trim().toLowerCase() !== (me.email ?? '').toLowerCase();
  const isPasswordChanged = !!values.password;
  return { isEmailChanged, isPasswordChanged, needsCurrentPassword: !!me.hasPassword && (isEmailChanged || isPasswordChanged) };
}

interface UserDetailsFieldsProps {
  register: UseFormRegister<UserDetailsValues>;
  errors: FieldErrors<UserDetailsValues>;
  /** Adds the optional 'New password' field (settings screens; the wizard asks for the password on its own step). */
  hasPasswordField?: boolean;
  /** Adds 'Current password', asked for before a new e-mail or password is saved (accounts that have a password). */
  hasCurrentPasswordField?: boolean;
  mobileNumberPlaceholder?: string;
}

export function UserDetailsFields({
  register,
  errors,
  hasPasswordField = false,
  hasCurrentPasswordField = false,
  mobileNumberPlaceholder,
}: UserDetailsFieldsProps) {
  return (
    <>
      <TextField label="Name" required autoComplete="name" maxLength={196} error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email address"
        type="email"
        required
        autoComplete="email"
        maxLength={196}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Mobile number"
        type="tel"
        required
        autoComplete="tel-national"
        placeholder={mobileNumberPlaceholder}
        error={errors.mobileNumber?.message}
        {...register('mobileNumber')}
      />
      {hasPasswordField && (
        <PasswordField
          label="New password (optional)"
          autoComplete="new-password"
          description="Leave empty to keep your current password."
          error={errors.password?.message}
          {...register('password')}
        />
      )}
      {hasCurrentPasswordField && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          description="Needed to change your email address or password."
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
    </>
  );
}
