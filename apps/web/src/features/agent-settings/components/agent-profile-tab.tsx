/**
 * The Agent Profile tab: the public profile sellers see, in view mode or edited with the shared profile fields.
 * Save failures are shown under the fields (spec §8).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatAbn } from '@listwise/domain/tax-invoice';
import { FormError } from '@/components/form-error';
import { MediaPreview } from '@/components/media/media-preview';
import { UpdateAgentProfileDetailsMutation, type AgentProfileUser } from '@/components/agent-profile/agent-profile-api';
import {
  AgentProfileFields,
  agentProfileFormSchema,
  agentProfileFormValues,
  toAgentProfileDetailsInput,
  type AgentProfileFormValues,
} from '@/components/agent-profile/agent-profile-fields';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { TrackRecordSummary } from '@/components/agent-profile/track-record';
import { MyTrackRecordQuery } from '@/features/agent-settings/api/agent-account';
import { EditActions, SettingsSection, ViewField } from '@/features/agent-settings/components/settings-section';

export function AgentProfileTab({ me }: { me: AgentProfileUser }) {
  const profile = me.agentProfile;
  const [isEditing, setIsEditing] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [, update] = useMutation(UpdateAgentProfileDetailsMutation);
  const [{ data: trackRecordData }] = useQuery({ query: MyTrackRecordQuery, requestPolicy: 'cache-and-network' });
  const {
    control,
    register,
    watch,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AgentProfileFormValues>({
    resolver: zodResolver(agentProfileFormSchema),
    mode: 'onTouched',
    defaultValues: agentProfileFormValues(profile),
  });

  const startEditing = () => {
    reset(agentProfileFormValues(profile));
    setServerError(null);
    setIsEditing(true);
  };
  const discard = () => {
    reset(agentProfileFormValues(profile));
    setServerError(null);
    setIsEditing(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (isUploading) return;
    setServerError(null);
    const result = await update(toAgentProfileDetailsInput(values));
    if (result.error) {
      setServerError(errorMessage(result.error));
      return;
    }
    showToast('Your profile has been saved', { tone: 'success' });
    setIsEditing(false);
  });

  return (
    <SettingsSection title="Agent profile" isEditing={isEditing} onEdit={startEditing}>
      {isEditing ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <AgentProfileFields control={control} register={register} watch={watch} errors={errors} onUploadingChange={setIsUploading} />
          <FormError message={serverError} />
          <EditActions isSubmitting={isSubmitting} isDisabled={isUploading} onDiscard={discard} />
        </form>
      ) : (
        <dl className="grid gap-6 md:grid-cols-2">
          <ViewField label="Profile picture">
            {profile?.profilePicture ? (
              <div className="max-w-48">
                <MediaPreview media={profile.profilePicture} uploadStatus="READY" progress={100} label="Profile picture" />
              </div>
            ) : (
              'Not added yet'
            )}
          </ViewField>
          <ViewField label="Agency logo">
            {profile?.agencyLogo ? (
              <div className="max-w-48">
                <MediaPreview media={profile.agencyLogo} uploadStatus="READY" progress={100} label="Agency logo" />
              </div>
            ) : (
              'Not added yet'
            )}
          </ViewField>
          <ViewField label="Bio" className="md:col-span-2">
            <span className="whitespace-pre-line">{profile?.bio || '—'}</span>
          </ViewField>
          <ViewField label="Agency name">{profile?.agencyName || '—'}</ViewField>
          <ViewField label="Agency ABN">{profile?.agencyAbn ? formatAbn(profile.agencyAbn) : '—'}</ViewField>
          <ViewField label="Agency bio" className="md:col-span-2">
            <span className="whitespace-pre-line">{profile?.agencyBio || '—'}</span>
          </ViewField>
          <ViewField label="Track record (shown to sellers)" className="md:col-span-2">
            <TrackRecordSummary
              record={trackRecordData?.me?.agentProfile?.trackRecord ?? null}
              emptyText="Shown from your third confirmed sale through Listwise: how many sales fell within the range you appraised."
            />
          </ViewField>
        </dl>
      )}
    </SettingsSection>
  );
}
