/**
 * A native file input with a visible label styled as a button: keyboard and screen-reader friendly (the input
 * keeps focus and announces itself as a file chooser), and what end-to-end tests drive with `setInputFiles`.
 */
import { useId, type ChangeEvent } from 'react';
import { buttonClasses } from '@/components/button';
import { cx } from '@/components/cx';
import { MEDIA_MAX_BYTES, mediaInputAccept, type MediaAccept } from '@listwise/domain/media';

interface FilePickerProps {
  accept: MediaAccept;
  /** The button's text ('Choose file', 'Add photos'). */
  buttonText: string;
  /** Id of the field label, so the input is announced as '<field label> <button text>'. */
  labelledBy: string;
  describedBy?: string;
  multiple?: boolean;
  disabled?: boolean;
  isInvalid?: boolean;
  onFiles: (files: File[]) => void;
}

export function FilePicker({ accept, buttonText, labelledBy, describedBy, multiple, disabled, isInvalid, onFiles }: FilePickerProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so choosing the same file again (after an error) fires a change again.
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <div className="relative">
      <input
        id={id}
        type="file"
        accept={mediaInputAccept(accept)}
        multiple={multiple}
        disabled={disabled}
        aria-labelledby={`${labelledBy} ${buttonId}`}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        onChange={onChange}
        className="peer sr-only"
      />
      <label
        id={buttonId}
        htmlFor={id}
        className={cx(
          buttonClasses('secondary', 'auto'),
          'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        )}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
          <path d="M9.25 13.25a.75.75 0 0 0 1.5 0V4.636l2.955 3.129a.75.75 0 0 0 1.09-1.03l-4.25-4.5a.75.75 0 0 0-1.09 0l-4.25 4.5a.75.75 0 1 0 1.09 1.03L9.25 4.636v8.614Z" />
          <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
        </svg>
        {buttonText}
      </label>
    </div>
  );
}

/** The line under a picker saying what it takes. */
export function mediaHint(accept: MediaAccept): string {
  const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
  const images = `JPG, PNG or WebP images up to ${megabytes(MEDIA_MAX_BYTES.IMAGE)}`;
  const videos = `MP4, MOV, M4V or WebM videos up to ${megabytes(MEDIA_MAX_BYTES.VIDEO)}`;
  if (accept === 'image') return images;
  if (accept === 'video') return videos;
  return `${images}; ${videos}`;
}
