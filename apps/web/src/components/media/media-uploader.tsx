/**
 * A form field holding one uploaded media: the agent's profile picture and agency logo (images only), the
 * appraisal video (video only). Choosing a file uploads it at once; the value is set when the upload is READY
 * (the PUT answered 200) and cleared on any failure, with the error shown under the field. Pair `value`/`onChange`
 * with react-hook-form's `Controller`, and use `onUploadingChange` to hold the form while a file is on its way.
 */
import { useCallback, useEffect, useId, type ReactNode } from 'react';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import type { MediaAccept } from '@listwise/domain/media';
import { cx } from '@/components/cx';
import { FilePicker, mediaHint } from './file-picker';
import type { UserMedia } from './media-api';
import { MediaPreview } from './media-preview';
import { useMediaUpload } from './use-media-upload';
import { FieldError } from '@/components/field-error';

export interface MediaUploaderProps {
  /** The field's label ('Profile picture', 'Agency logo', 'Video'). */
  label: string;
  accept: MediaAccept;
  value: UserMedia | null;
  onChange: (media: UserMedia | null) => void;
  /** Told when an upload starts and ends, so a form can refuse to go on meanwhile. */
  onUploadingChange?: (isUploading: boolean) => void;
  /** The form's error for this field (e.g. 'Profile picture is required'). */
  error?: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The picker's text; defaults to 'Choose file', or 'Replace file' once there is a value. */
  buttonText?: string;
  className?: string;
}

export function MediaUploader({
  label,
  accept,
  value,
  onChange,
  onUploadingChange,
  error,
  description,
  required,
  disabled,
  buttonText,
  className,
}: MediaUploaderProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const upload = useMediaUpload({ accept });
  const { fail } = upload;
  const shownError = upload.error ?? error;

  useEffect(() => onUploadingChange?.(upload.isUploading), [upload.isUploading, onUploadingChange]);

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    const result = await upload.upload(file);
    if (result.outcome === 'uploaded') onChange(result.media);
    else if (result.outcome === 'failed') onChange(null);
  };

  const remove = () => {
    upload.reset();
    onChange(null);
  };

  const onProcessingFailed = useCallback(() => {
    fail(ERROR_MESSAGES.user_media_content_not_supported);
    onChange(null);
  }, [fail, onChange]);

  // While a file goes up, show it; otherwise the current value (which may still be processing).
  const previewMedia = upload.isUploading ? upload.media : value;
  const showPreview = upload.isUploading || !!value;

  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <span id={labelId} className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        )}
      </span>
      {description && <div className="text-sm text-ink-soft">{description}</div>}
      {showPreview && (
        <MediaPreview
          media={previewMedia}
          uploadStatus={upload.isUploading ? 'UPLOADING' : 'READY'}
          progress={upload.progress}
          label={label}
          onRemove={disabled ? undefined : remove}
          onProcessingFailed={onProcessingFailed}
        />
      )}
      <FilePicker
        accept={accept}
        buttonText={buttonText ?? (value ? 'Replace file' : 'Choose file')}
        labelledBy={labelId}
        describedBy={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        disabled={disabled || upload.isUploading}
        isInvalid={!!shownError}
        onFiles={onFiles}
      />
      <p id={hintId} className="text-sm text-ink-soft">
        {mediaHint(accept)}
      </p>
      <div aria-live="assertive">
        <FieldError id={errorId} message={shownError} />
      </div>
    </div>
  );
}
