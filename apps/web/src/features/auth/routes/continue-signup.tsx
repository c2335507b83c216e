import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@listwise/domain/validation';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { TextLink } from '@/components/text-link';
import { isNetworkFailure } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useSendContinueEmailMutation } from '@/features/auth/api/send-continue-email';
import { AuthCard } from '@/features/auth/components/auth-card';

/** /continue-signup: e-mails a ghost seller a link back to their unfinished listing. */
export default function ContinueSignupRoute() {
  const [, sendContinueEmail] = useSendContinueEmailMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(emailOnlySchema), mode: 'onTouched', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await sendContinueEmail({ email });
    if (result.error) {
      // A network failure already shows 'Unable to reach Listwise'.
      if (!isNetworkFailure(result.error)) showToast('User is invalid or already verified', { tone: 'error' });
      return;
    }
    showToast('Please, check your email for link to complete registration', { tone: 'success' });
    setSentTo(email);
    reset();
  });

  return (
    <AuthCard
      title="Continue where you left off"
      description="Enter the email address you used when you started your listing. We'll send you a link to finish it."
      footer={
        <p>
          Already set a password? <TextLink to="/login">Log in</TextLink>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField label="Email address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" width="full" isLoading={isSubmitting}>
          Send me a link
        </Button>
        {sentTo && (
          <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-950">
            We've sent a link to <strong className="font-semibold">{sentTo}</strong>. It expires in 24 hours.
          </p>
        )}
      </form>
    </AuthCard>
  );
}
