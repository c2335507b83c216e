/**
 * /agent/signup/profile-details — the agent's public profile (picture, bio, agency logo, name and bio), required
 * before appraisal requests arrive, and the licence (optional). 'Save profile' saves both in one call (so
 * a typed licence is never dropped), says the licence was received with its number, and goes to
 * /agent/signup/complete. Step 5 of 5.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { AgentProfileQuery, type AgentProfileUser } from '@/components/agent-profile/agent-profile-api';
import {
  AgentProfileFields,
  agentProfileFormSchema,
  agentProfileFormValues,
  toAgentProfileDetailsInput,
  type AgentProfileFormValues,
} from '@/components/agent-profile/agent-profile-fields';
import { errorField, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  LicenceFields,
  LicenceStatusLine,
  MyLicenceQuery,
  licenceFieldValues,
  licenceReceivedMessage,
  type OwnLicence,
} from '@/components/agent-profile/licence-form';
import {
  licenceFieldOfServerField,
  optionalLicenceFieldsSchema,
  type LicenceFieldValues,
  type LicenceInput,
} from '@/components/agent-profile/licence-fields-schema';
import { SaveSignupProfileMutation } from '@/features/agent-signup/api/save-signup-profile';
import { SIGNUP_STEPS, SignupPage } from '@/features/agent-signup/components/signup-page';

export default function ProfileDetailsRoute() {
  const [{ data }] = useQuery({ query: AgentProfileQuery, requestPolicy: 'cache-and-network' });
  const [{ data: licenceData, fetching: licenceFetching }] = useQuery({ query: MyLicenceQuery, requestPolicy: 'cache-and-network' });
  const me = data?.me;
  if (!me || (!licenceData && licenceFetching)) return <PageSpinner />;
  if (!me.agentProfile?.name || !me.mobileNumber) return <Navigate to="/agent/signup/basic-details" replace />;
  return <ProfileDetailsForm me={me} licence={licenceData?.me?.agentProfile?.licence ?? null} />;
}

function ProfileDetailsForm({ me, licence }: { me: AgentProfileUser; licence: OwnLicence | null }) {
  const navigate = useNavigate();
  const [, update] = useMutation(SaveSignupProfileMutation);
  const [isUploading, setIsUploading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    control,
    register,
    watch,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AgentProfileFormValues>({
    resolver: zodResolver(agentProfileFormSchema),
    mode: 'onTouched',
    defaultValues: agentProfileFormValues(me.agentProfile),
  });
  // The licence is a form of its own inside this one: its schema lets it stay blank, and 'Save profile' checks both.
  const licenceForm = useForm<LicenceFieldValues, unknown, LicenceInput | null>({
    resolver: zodResolver(optionalLicenceFieldsSchema()),
    defaultValues: licenceFieldValues(licence),
  });

  /** The typed licence, checked (its errors shown): null when nothing was typed, undefined when it has errors. */
  const checkedLicence = async (): Promise<LicenceInput | null | undefined> => {
    let checked: LicenceInput | null | undefined;
    await licenceForm.handleSubmit((input) => {
      checked = input;
    })();
    return checked;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      if (isUploading) return;
      setServerError(null);
      const licenceInput = await checkedLicence();
      if (licenceInput === undefined) return;
      const result = await update({ ...toAgentProfileDetailsInput(values), ...(licenceInput ?? {}) });
      if (result.error || !result.data) {
        const licenceField = licenceFieldOfServerField(errorField(result.error));
        if (licenceField) licenceForm.setError(licenceField, { message: errorMessage(result.error) });
        else setServerError(errorMessage(result.error));
        return;
      }
      const saved = result.data.updateAgentProfileDetails.agentProfile?.licence;
      if (licenceInput && saved) showToast(licenceReceivedMessage(saved), { tone: 'success' });
      navigate('/agent/signup/complete');
    },
    // The licence's errors show with the profile's, not one pass later (the profile's first error keeps the focus).
    () => checkedLicence(),
  );

  return (
    <SignupPage
      title="Your Agent Profile"
      step={SIGNUP_STEPS.profile}
      description="Sellers see your profile next to every appraisal you send."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <AgentProfileFields control={control} register={register} watch={watch} errors={errors} onUploadingChange={setIsUploading} />
        <section aria-labelledby="signup-licence" className="mt-4 flex flex-col gap-3 border-t border-line pt-8">
          <h2 id="signup-licence" className="text-lg font-semibold text-ink">
            Your licence (optional)
          </h2>
          <p className="text-ink-soft">
            Add your state licence or certificate of registration: it is saved with your profile. Once we have checked it on the public
            register, sellers see &lsquo;Licence verified&rsquo; on your profile. You can add it later in Profile Settings.
          </p>
          {licence && <LicenceStatusLine licence={licence} />}
          <LicenceFields register={licenceForm.register} errors={licenceForm.formState.errors} />
        </section>
        <FormError message={serverError} />
        <div className="mt-4 flex flex-col gap-4 border-t border-line pt-6 md:flex-row md:justify-end">
          <Button type="submit" isLoading={isSubmitting} disabled={isUploading}>
            Save profile
          </Button>
        </div>
      </form>
    </SignupPage>
  );
}
