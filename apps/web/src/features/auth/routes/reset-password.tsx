import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@listwise/domain/validation';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { TextField } from '@/components/text-field';
import { TextLink } from '@/components/text-link';
import { errorMessage } from '@/lib/errors';
import { useSendPasswordResetEmailMutation } from '@/features/auth/api/send-password-reset-email';
import { AuthCard } from '@/features/auth/components/auth-card';

export default function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [, sendResetEmail] = useSendPasswordResetEmailMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(emailOnlySchema), mode: 'onTouched', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    const result = await sendResetEmail({ email });
    if (result.error) setServerError(errorMessage(result.error));
    else navigate('/reset-password/success');
  });

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email address you use for Listwise and we'll send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <TextLink to="/login">Back to log in</TextLink>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField label="Email address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" width="full" isLoading={isSubmitting}>
          Send reset link
        </Button>
        <FormError message={serverError} />
      </form>
    </AuthCard>
  );
}
