import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { TextLink } from '@/components/text-link';
import { safeInternalPath } from '@/lib/safe-redirect';
import { useLoginMutation } from '@/features/auth/api/login';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useCredentialsForm } from '@/features/auth/lib/use-credentials-form';

export default function LoginRoute() {
  const [searchParams] = useSearchParams();
  const [, login] = useLoginMutation();
  const { register, errors, isSubmitting, onSubmit, serverError, isAlreadySignedIn } = useCredentialsForm({
    passwordLength: null,
    execute: (values) => login(values),
    pickPayload: (data) => data.login,
    destination: safeInternalPath(searchParams.get('from')),
  });

  if (isAlreadySignedIn) return <Navigate to="/" replace />;

  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in to see your properties and appraisals."
      footer={
        <>
          <p>
            Started a listing without finishing?{' '}
            <TextLink to="/continue-signup" className="whitespace-nowrap">
              Continue where you left off
            </TextLink>
          </p>
          <p>
            New to Listwise? <TextLink to="/get-started">Sign up</TextLink>
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField label="Email address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="-mt-2 flex justify-end">
          <TextLink to="/reset-password" className="text-sm">
            Forgot your password?
          </TextLink>
        </div>
        <Button type="submit" width="full" isLoading={isSubmitting}>
          Log in
        </Button>
        <FormError message={serverError} />
      </form>
    </AuthCard>
  );
}
