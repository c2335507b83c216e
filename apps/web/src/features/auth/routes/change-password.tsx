import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { newPasswordSchema } from '@listwise/domain/validation';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { LIMITS } from '@listwise/domain/constants';
import { PasswordField } from '@/components/password-field';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useUpdateUserPasswordWithResetTokenMutation } from '@/features/auth/api/update-user-password-with-reset-token';
import { AuthCard } from '@/features/auth/components/auth-card';

/** /change-password/user/:userId/token/:token — the page the password-reset e-mail links to. */
export default function ChangePasswordRoute() {
  const { userId = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [, updatePassword] = useUpdateUserPasswordWithResetTokenMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(newPasswordSchema), mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    const result = await updatePassword({ userId, passwordResetToken: token, password });
    if (!result.error) {
      navigate('/change-password/success', { replace: true });
      return;
    }
    // A missing user or token reads as an expired link (spec 000 §8).
    const code = errorCode(result.error);
    setServerError(
      code === 'not_found' || code === 'invalid_token' ? ERROR_MESSAGES.invalid_password_reset_token : errorMessage(result.error),
    );
  });

  return (
    <AuthCard
      title="Choose a new password"
      description="Choose a new password with 9 or more characters."
      footer={
        <p>
          Link expired? <TextLink to="/reset-password">Request a new one</TextLink>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          description={`At least ${LIMITS.passwordMin} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword', { deps: ['password'] })}
        />
        <Button type="submit" width="full" isLoading={isSubmitting}>
          Change password
        </Button>
        <FormError message={serverError} />
      </form>
    </AuthCard>
  );
}
