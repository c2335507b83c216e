/**
 * /agent/signup/basic-details — step 1 of 5: the agent's name and mobile number (typed in national format,
 * sent in international format; a number that does not parse stops the save silently, as the spec says).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { toInternationalPhone, toNationalPhone } from '@listwise/domain/phone';
import { agentBasicDetailsSchema } from '@listwise/domain/validation';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { useUpdateBasicDetails } from '@/features/agent-signup/api/use-basic-details';
import { SIGNUP_STEPS, SignupPage } from '@/features/agent-signup/components/signup-page';

export default function BasicDetailsRoute() {
  const [{ data }] = useCurrentUser();
  const me = data?.me;
  if (!me) return <PageSpinner />;
  if (me.profileComplete) return <Navigate to="/" replace />;
  return <BasicDetailsForm me={me} />;
}

type Values = { name: string; mobileNumber: string };

function BasicDetailsForm({ me }: { me: CurrentUser }) {
  const navigate = useNavigate();
  const [, update] = useUpdateBasicDetails();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(agentBasicDetailsSchema),
    mode: 'onTouched',
    defaultValues: { name: me.agentProfile?.name ?? '', mobileNumber: toNationalPhone(me.mobileNumber) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const mobileNumber = toInternationalPhone(values.mobileNumber);
    if (!mobileNumber) return;
    const result = await update({ name: values.name.trim(), mobileNumber });
    if (result.error) {
      setServerError(errorMessage(result.error));
      return;
    }
    navigate(me.agentProfile?.hasSubscribedSuburbs ? '/agent/signup/profile-details' : '/agent/signup/suburbs');
  });

  return (
    <SignupPage
      title="Basic Details"
      step={SIGNUP_STEPS.basicDetails}
      description="Sellers see your name with every appraisal, and call you on this number."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField label="Name" required autoComplete="name" maxLength={196} error={errors.name?.message} {...register('name')} />
        <TextField
          label="Mobile number"
          type="tel"
          required
          autoComplete="tel-national"
          placeholder="04xx xxx xxx"
          error={errors.mobileNumber?.message}
          {...register('mobileNumber')}
        />
        <FormError message={serverError} />
        <div className="mt-4 flex flex-col gap-4 border-t border-line pt-6 md:flex-row md:justify-end">
          <Button type="submit" isLoading={isSubmitting}>
            Next
          </Button>
        </div>
      </form>
    </SignupPage>
  );
}
