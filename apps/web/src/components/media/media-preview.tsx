/**
 * One media tile: the upload progress bar while the file is sent, 'Uploading media...' or (for an uploaded
 * video) 'Proccessing video...' while the server processes it (polling `userMedia`), then the thumbnail. With
 * `onRemove` it has a remove button (which also cancels an upload in flight).
 */
import { useEffect, useRef } from 'react';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { MEDIA_TEXTS } from '@listwise/domain/media';
import { cx } from '@/components/cx';
import { Spinner } from '@/components/spinner';
import { isMediaProcessed, type UserMedia } from './media-api';
import type { MediaUploadStatus } from './upload-media-file';
import { useMediaProcessing } from './use-media-processing';

export interface MediaPreviewProps {
  /** The media (null while its upload slot is being created). */
  media: UserMedia | null;
  /** The upload state when this tile belongs to an upload in this page; media from the server is READY. */
  uploadStatus?: MediaUploadStatus;
  /** 0–100 while UPLOADING. */
  progress?: number;
  /** What the media is, for the image's text alternative and the buttons ('Profile picture', 'Photo 3'). */
  label: string;
  onRemove?: () => void;
  /** Processing found the file unusable (it did not decode): the owner should drop it. */
  onProcessingFailed?: (media: UserMedia) => void;
  className?: string;
}

const PlayBadge = () => (
  <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
    <span className="flex size-11 items-center justify-center rounded-full bg-slate-950/70 text-white">
      <svg viewBox="0 0 20 20" fill="currentColor" className="ml-0.5 size-5">
        <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
      </svg>
    </span>
  </span>
);

export function MediaPreview({
  media,
  uploadStatus = 'READY',
  progress = 0,
  label,
  onRemove,
  onProcessingFailed,
  className,
}: MediaPreviewProps) {
  const isUploading = uploadStatus === 'UPLOADING';
  const processing = useMediaProcessing(isUploading ? null : media);
  const shown = isUploading ? media : processing.media;
  const isReady = !!shown && isMediaProcessed(shown) && !!shown.thumbnailUrl;

  const reportedFailure = useRef<string | null>(null);
  useEffect(() => {
    if (!processing.hasFailed || !shown || reportedFailure.current === shown.id) return;
    reportedFailure.current = shown.id;
    onProcessingFailed?.(shown);
  }, [processing.hasFailed, shown, onProcessingFailed]);

  const statusText = isUploading
    ? MEDIA_TEXTS.uploading
    : processing.hasFailed
      ? ERROR_MESSAGES.user_media_content_not_supported
      : !isReady
        ? shown?.type === 'VIDEO'
          ? MEDIA_TEXTS.processingVideo
          : MEDIA_TEXTS.uploading
        : null;

  return (
    <div className={cx('flex w-full max-w-60 flex-col gap-2', className)}>
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg border border-line bg-surface">
        {isReady ? (
          <>
            <img src={shown.thumbnailUrl!} alt={label} className="size-full object-cover" loading="lazy" decoding="async" />
            {shown.type === 'VIDEO' && <PlayBadge />}
          </>
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-sm text-ink-soft">
            {!processing.hasFailed && <Spinner label={null} className="text-brand-800" />}
            <span role="status" className={cx(processing.hasFailed && 'font-medium text-danger')}>
              {statusText}
            </span>
          </div>
        )}
      </div>
      {isUploading && (
        <div
          role="progressbar"
          aria-label={`Uploading ${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%`}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-brand-800 transition-[width] duration-200" style={{ width: `${progress}%` }} />
        </div>
      )}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-md px-2 text-sm font-semibold text-danger hover:bg-danger-soft"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
              clipRule="evenodd"
            />
          </svg>
          {isUploading ? 'Cancel' : 'Remove'}
          <span className="sr-only"> {label}</span>
        </button>
      )}
    </div>
  );
}
