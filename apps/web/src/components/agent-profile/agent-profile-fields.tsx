/**
 * The agent's public profile fields (spec 000 §5 'Agent profile'): profile picture and agency logo (images, fully
 * uploaded), bio (1–500 characters, with the characters left), agency name and agency bio. Used by the sign-up's
 * profile-details step and the Agent Profile tab of profile settings; each owns its form.
 */
import { useCallback, useId, useRef } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister, type UseFormWatch } from 'react-hook-form';
import { z } from 'zod';
import { AGENT_PROFILE_MESSAGES, agencyAbnField, agentProfileDetailsSchema } from '@listwise/domain/agent-profile';
import { formatAbn } from '@listwise/domain/tax-invoice';
import { LIMITS } from '@listwise/domain/constants';
import { cx } from '@/components/cx';
import { inputClasses, TextField } from '@/components/text-field';
import type { UserMedia } from '@/components/media/media-api';
import { MediaUploader } from '@/components/media/media-uploader';
import type { AgentProfileDetails } from './agent-profile-api';
import { FieldError } from '@/components/field-error';

const mediaField = (message: string) =>
  z
    .custom<UserMedia | null>()
    .nullable()
    .refine((media) => !!media, message);

/** The form's values: the media themselves (for previews); ids are sent. */
export const agentProfileFormSchema = z.object({
  profilePicture: mediaField(AGENT_PROFILE_MESSAGES.profilePictureRequired),
  bio: agentProfileDetailsSchema.shape.bio,
  agencyLogo: mediaField(AGENT_PROFILE_MESSAGES.agencyLogoRequired),
  agencyName: agentProfileDetailsSchema.shape.agencyName,
  agencyBio: agentProfileDetailsSchema.shape.agencyBio,
  agencyAbn: agencyAbnField,
});

export type AgentProfileFormValues = z.input<typeof agentProfileFormSchema>;

export const agentProfileFormValues = (profile: Partial<AgentProfileDetails> | null | undefined): AgentProfileFormValues => ({
  profilePicture: profile?.profilePicture ?? null,
  bio: profile?.bio ?? '',
  agencyLogo: profile?.agencyLogo ?? null,
  agencyName: profile?.agencyName ?? '',
  agencyBio: profile?.agencyBio ?? '',
  agencyAbn: profile?.agencyAbn ? formatAbn(profile.agencyAbn) : '',
});

export const toAgentProfileDetailsInput = (values: AgentProfileFormValues) => ({
  profilePictureUserMediaId: values.profilePicture!.id,
  bio: values.bio.trim(),
  agencyLogoUserMediaId: values.agencyLogo!.id,
  agencyName: values.agencyName.trim(),
  agencyBio: values.agencyBio.trim(),
  agencyAbn: (values.agencyAbn ?? '').trim() || null,
});

interface AgentProfileFieldsProps {
  control: Control<AgentProfileFormValues>;
  register: UseFormRegister<AgentProfileFormValues>;
  watch: UseFormWatch<AgentProfileFormValues>;
  errors: FieldErrors<AgentProfileFormValues>;
  /** Told while any image is uploading, so the form can wait before saving. */
  onUploadingChange?: (isUploading: boolean) => void;
}

export function AgentProfileFields({ control, register, watch, errors, onUploadingChange }: AgentProfileFieldsProps) {
  const uploading = useRef({ picture: false, logo: false });
  const onPictureUploading = useCallback(
    (isUploading: boolean) => {
      uploading.current.picture = isUploading;
      onUploadingChange?.(uploading.current.picture || uploading.current.logo);
    },
    [onUploadingChange],
  );
  const onLogoUploading = useCallback(
    (isUploading: boolean) => {
      uploading.current.logo = isUploading;
      onUploadingChange?.(uploading.current.picture || uploading.current.logo);
    },
    [onUploadingChange],
  );

  return (
    <div className="flex flex-col gap-6">
      <Controller
        control={control}
        name="profilePicture"
        render={({ field }) => (
          <MediaUploader
            label="Profile picture"
            accept="image"
            required
            value={field.value ?? null}
            onChange={(media) => field.onChange(media)}
            onUploadingChange={onPictureUploading}
            error={errors.profilePicture?.message}
          />
        )}
      />
      <LimitedTextArea
        label="Bio"
        maxLength={LIMITS.bio}
        value={watch('bio') ?? ''}
        error={errors.bio?.message}
        register={register('bio')}
      />
      <Controller
        control={control}
        name="agencyLogo"
        render={({ field }) => (
          <MediaUploader
            label="Agency logo"
            accept="image"
            required
            value={field.value ?? null}
            onChange={(media) => field.onChange(media)}
            onUploadingChange={onLogoUploading}
            error={errors.agencyLogo?.message}
          />
        )}
      />
      <TextField
        label="Agency name"
        required
        maxLength={LIMITS.agencyName}
        error={errors.agencyName?.message}
        {...register('agencyName')}
      />
      <TextField
        label="Agency ABN"
        inputMode="numeric"
        autoComplete="off"
        description="Optional. Your tax invoices name your agency and this ABN as the buyer."
        error={errors.agencyAbn?.message}
        {...register('agencyAbn')}
      />
      <LimitedTextArea
        label="Agency bio"
        maxLength={LIMITS.agencyBio}
        value={watch('agencyBio') ?? ''}
        error={errors.agencyBio?.message}
        register={register('agencyBio')}
      />
    </div>
  );
}

/** A required text area with a remaining-character counter. */
function LimitedTextArea({
  label,
  maxLength,
  value,
  error,
  register,
}: {
  label: string;
  maxLength: number;
  value: string;
  error?: string;
  register: ReturnType<UseFormRegister<AgentProfileFormValues>>;
}) {
  const id = useId();
  const left = maxLength - value.length;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        <span aria-hidden="true" className="text-danger">
          {' '}
          *
        </span>
      </label>
      <textarea
        id={id}
        rows={5}
        maxLength={maxLength}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ''}`}
        className={cx(inputClasses(!!error), 'resize-y')}
        {...register}
      />
      <p id={`${id}-counter`} className="text-sm text-ink-soft">
        {left} {left === 1 ? 'character' : 'characters'} left
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
