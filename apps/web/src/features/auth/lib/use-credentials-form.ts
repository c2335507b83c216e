/**
 * The e-mail and password forms that start a session (login, agent sign-up): validation with the domain
 * schema, the sign-in state machine, the server's error under the form, and where to go on success.
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { $ZodType } from 'zod/v4/core';
import type { OperationResult } from 'urql';
import { isSignedInMember, useAuth } from '@/lib/auth-store';
import { errorMessage } from '@/lib/errors';
import type { AuthPayload } from '@/features/auth/api/auth-payload';
import { signInWith } from '@/features/auth/lib/sign-in';

type Credentials = { email: string; password: string };

export function useCredentialsForm<Data>(options: {
  schema: $ZodType<Credentials, Credentials>;
  execute: (values: Credentials) => Promise<OperationResult<Data>>;
  pickPayload: (data: Data) => AuthPayload | null | undefined;
  destination: string;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const isCompleting = useRef(false);
  const form = useForm<Credentials>({
    resolver: zodResolver(options.schema),
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
