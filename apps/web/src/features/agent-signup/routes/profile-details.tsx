/**
 * /agent/signup/profile-details — the agent's public profile (picture, bio, agency logo, name and bio), required
 * before appraisal requests arrive. Saving goes to /agent/signup/complete.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { AgentProfileQuery, UpdateAgentProfileDetailsMutation, type AgentProfileUser } from '@/components/agent-profile/agent-profile-api';
import {
  AgentProfileFields,
  agentProfileFormSchema,
  agentProfileFormValues,
  toAgentProfileDetailsInput,
  type AgentProfileFormValues,
} from '@/components/agent-profile/agent-profile-fields';
import { errorMessage } from '@/lib/errors';
import { LicenceForm } from '@/components/agent-profile/licence-form';
import { SignupPage } from '@/features/agent-signup/components/signup-page';

export default function ProfileDetailsRoute() {
  const [{ data }] = useQuery({ query: AgentProfileQuery, requestPolicy: 'cache-and-network' });
  const me = data?.me;
  if (!me) return <PageSpinner />;
  if (!me.agentProfile?.name || !me.mobileNumber) return <Navigate to="/agent/signup/basic-details" replace />;
  return <ProfileDetailsForm me={me} />;
}

function ProfileDetailsForm({ me }: { me: AgentProfileUser }) {
  const navigate = useNavigate();
  const [, update] = useMutation(UpdateAgentProfileDetailsMutation);
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

  const onSubmit = handleSubmit(async (values) => {
    if (isUploading) return;
    setServerError(null);
    const result = await update(toAgentProfileDetailsInput(values));
    if (result.error) {
      setServerError(errorMessage(result.error));
      return;
    }
    navigate('/agent/signup/complete');
  });

  return (
    <SignupPage title="Your Agent Profile" description="Sellers see your profile next to every appraisal you send.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <AgentProfileFields control={control} register={register} watch={watch} errors={errors} onUploadingChange={setIsUploading} />
        <FormError message={serverError} />
        <div className="mt-4 flex flex-col gap-4 border-t border-line pt-6 md:flex-row md:justify-end">
          <Button type="submit" isLoading={isSubmitting} disabled={isUploading}>
            Save profile
          </Button>
        </div>
      </form>
      <section aria-labelledby="signup-licence" className="mt-10 flex flex-col gap-3 border-t border-line pt-8">
        <h2 id="signup-licence" className="text-lg font-semibold text-ink">
          Your licence (optional)
        </h2>
        <p className="text-ink-soft">
          Add your state licence or certificate of registration. Once we have checked it on the public register, sellers see &lsquo;Licence
          verified&rsquo; on your profile. You can add it later in Profile Settings.
        </p>
        <LicenceForm />
      </section>
    </SignupPage>
  );
}
