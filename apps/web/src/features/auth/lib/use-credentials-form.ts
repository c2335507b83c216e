/**
 * The e-mail and password forms that start a session (login, agent sign-up): validation with the domain's
 * credentials rules, the sign-in state machine, the server's error under the form, and where to go on success.
 */
import { useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { OperationResult } from 'urql';
import { checkCredentials, type Credentials, type PasswordLength } from '@listwise/domain/credentials';
import { isSignedInMember, useAuth } from '@/lib/auth-store';
import { errorMessage } from '@/lib/errors';
import type { AuthPayload } from '@/features/auth/api/auth-payload';
import { signInWith } from '@/features/auth/lib/sign-in';

/** The domain's credentials rules as the form's resolver (no zod: these pages must stay light on a phone). */
const credentialsResolver =
  (passwordLength: PasswordLength | null): Resolver<Credentials> =>
  (input) => {
    const { values, issues } = checkCredentials(input, passwordLength);
    const errors: FieldErrors<Credentials> = {};
    for (const [field, message] of Object.entries(issues) as [keyof Credentials, string][]) errors[field] = { type: 'validate', message };
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };

export function useCredentialsForm<Data>(options: {
  /** The sign-up length rule for a new password; `null` when logging in (a password is only required). */
  passwordLength: PasswordLength | null;
  execute: (values: Credentials) => Promise<OperationResult<Data>>;
  pickPayload: (data: Data) => AuthPayload | null | undefined;
  destination: string;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const isCompleting = useRef(false);
  const form = useForm<Credentials>({
    resolver: credentialsResolver(options.passwordLength),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    isCompleting.current = true;
    const result = await signInWith(() => options.execute(values), options.pickPayload);
    if (result.ok) {
      navigate(options.destination, { replace: true });
    } else {
      isCompleting.current = false;
      setServerError(errorMessage(result.error));
    }
  });

  return {
    register: form.register,
    errors: form.formState.errors,
    isSubmitting: form.formState.isSubmitting,
    onSubmit,
    serverError,
    // Already signed in as a real user (and not in the middle of this form's own sign-in): nothing to do here.
    isAlreadySignedIn: isSignedInMember(auth) && !isCompleting.current,
  };
}
