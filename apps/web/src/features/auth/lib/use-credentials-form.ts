/**
 * The e-mail and password forms that start a session (login, agent sign-up): validation with the domain's
 * credentials rules, the sign-in state machine, the server's error under the form, and where to go on success.
 *
 * Two fields need no form library: this keeps react-hook-form's behaviour that the other forms have ('onTouched': a
 * field's message appears once it has been left or the form submitted, then follows each keystroke; a refused submit
 * focuses the first field in error) without its 13 KB on /login, the page a phone most often opens first.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { OperationResult } from 'urql';
import { checkCredentials, type Credentials, type PasswordLength } from '@listwise/domain/credentials';
import { isSignedInMember, useAuth } from '@/lib/auth-store';
import { errorMessage } from '@/lib/errors';
import type { AuthPayload } from '@/features/auth/api/auth-payload';
import { signInWith } from '@/features/auth/lib/sign-in';

type Field = keyof Credentials;
const FIELDS: Field[] = ['email', 'password'];

export function useCredentialsForm<Data>(options: {
  /** The sign-up length rule for a new password; `null` when logging in (a password is only required). */
  passwordLength: PasswordLength | null;
  execute: (values: Credentials) => Promise<OperationResult<Data>>;
  pickPayload: (data: Data) => AuthPayload | null | undefined;
  destination: string;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isCompleting, setIsCompleting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const checked = checkCredentials(values, options.passwordLength);
  const errors: Partial<Record<Field, { message: string }>> = {};
  for (const field of FIELDS) {
    const message = checked.issues[field];
    if (touched[field] && message) errors[field] = { message };
  }

  const register = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setTouched({ email: true, password: true });
    const firstInError = FIELDS.find((field) => checked.issues[field]);
    if (firstInError) {
      inputs.current[firstInError]?.focus();
      return;
    }
    setServerError(null);
    setIsSubmitting(true);
    setIsCompleting(true);
    try {
      const result = await signInWith(() => options.execute(checked.values), options.pickPayload);
      if (result.ok) {
        navigate(options.destination, { replace: true });
      } else {
        setIsCompleting(false);
        setServerError(errorMessage(result.error));
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return {
    register,
    errors,
    isSubmitting,
    onSubmit,
    serverError,
    // Already signed in as a real user (and not in the middle of this form's own sign-in): nothing to do here.
    isAlreadySignedIn: isSignedInMember(auth) && !isCompleting,
  };
}
