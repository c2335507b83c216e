import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@listwise/domain/validation';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { TextLink } from '@/components/text-link';
import { isSignedInMember, useAuth } from '@/lib/auth-store';
import { errorMessage } from '@/lib/errors';
import { safeInternalPath } from '@/lib/safe-redirect';
import { useLoginMutation } from '@/features/auth/api/login';
import { AuthCard } from '@/features/auth/components/auth-card';
import { signInWith } from '@/features/auth/lib/sign-in';

export default function LoginRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const from = safeInternalPath(searchParams.get('from'));
  const [, login] = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const isCompleting = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), mode: 'onTouched', defaultValues: { email: '', password: '' } });

  // Already logged in as a real user: nothing to do here.
  if (isSignedInMember(auth) && !isCompleting.current) return <Navigate to="/" replace />;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    isCompleting.current = true;
    const result = await signInWith(
      () => login(values),
      (data) => data.login,
    );
    if (result.ok) {
      navigate(from, { replace: true });
    } else {
      isCompleting.current = false;
      setServerError(errorMessage(result.error));
    }
  });

  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in to see your properties and appraisals."
      footer={
        <>
          <p>
            Started a listing without finishing? <TextLink to="/continue-signup">Continue where you left off</TextLink>
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
