import { Navigate } from 'react-router';
import { SIGN_UP_PASSWORD } from '@listwise/domain/credentials';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { TextLink } from '@/components/text-link';
import { useCreateAgentUserMutation } from '@/features/auth/api/create-agent-user';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useCredentialsForm } from '@/features/auth/lib/use-credentials-form';
import { CollectionNotice } from '@/components/collection-notice';

/**
 * The first step of the agent funnel. The e-mail is verified next; once it is, the funnel goes on
 * to /agent/signup/basic-details (agent-signup feature) by itself.
 */
const AGENT_SIGNUP_NEXT_PATH = '/email-verification';

export default function AgentSignupRoute() {
  const [, createAgentUser] = useCreateAgentUserMutation();
  const { register, errors, isSubmitting, onSubmit, serverError, isAlreadySignedIn } = useCredentialsForm({
    passwordLength: SIGN_UP_PASSWORD,
    execute: (values) => createAgentUser(values),
    pickPayload: (data) => data.createAgentUser,
    destination: AGENT_SIGNUP_NEXT_PATH,
  });

  if (isAlreadySignedIn) return <Navigate to="/" replace />;

  return (
    <AuthCard
      title="Join Listwise as an agent"
      description="Create your login to start receiving appraisal requests from sellers in your suburbs."
      footer={
        <>
          <p>
            Already have an account? <TextLink to="/login">Log in</TextLink>
          </p>
          <p>
            Selling a property instead? <TextLink to="/get-started">See other options</TextLink>
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField label="Email address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          description="At least 9 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-sm leading-6 text-ink-soft">
          By creating an account you agree to the{' '}
          <TextLink to="/terms-and-conditions" reloadDocument>
            Terms &amp; Conditions
          </TextLink>{' '}
          and{' '}
          <TextLink to="/terms-and-conditions?tab=privacy" reloadDocument>
            Privacy Policy
          </TextLink>
          .
        </p>
        <CollectionNotice purpose="agent-signup" />
        <Button type="submit" width="full" isLoading={isSubmitting}>
          Create account
        </Button>
        <FormError message={serverError} />
      </form>
    </AuthCard>
  );
}
