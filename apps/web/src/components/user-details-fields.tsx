/**
 * The user details fields shared by the agent's Details tab, the seller's Profile and the listing wizard's Account
 * Details (spec 000 and 001 §5): name, e-mail, mobile number in national format and, where asked, an optional new
 * password. The form around them owns validation and submitting.
 */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';

export type UserDetailsValues = { name: string; email: string; mobileNumber: string; password?: string };

interface UserDetailsFieldsProps {
  register: UseFormRegister<UserDetailsValues>;
  errors: FieldErrors<UserDetailsValues>;
  /** Adds the optional 'New password' field (settings screens; the wizard asks for the password on its own step). */
  hasPasswordField?: boolean;
  mobileNumberPlaceholder?: string;
}

export function UserDetailsFields({ register, errors, hasPasswordField = false, mobileNumberPlaceholder }: UserDetailsFieldsProps) {
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
    </>
  );
}
