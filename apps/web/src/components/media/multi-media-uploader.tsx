/**
 * Uploads several files at once (the listing wizard's photos, floor plans and videos). Each chosen file gets a
 * tile with its progress bar; when its upload is READY the media goes to `onUploaded` (the wizard attaches it to
 * the property and shows it in its own list with `MediaPreview`) and the tile leaves. Uploads run side by side,
 * but `onUploaded` is called in the order the files were chosen, so the listing keeps that order. A failed upload keeps its
 * tile with the error until dismissed. Files without an extension are ignored; beyond `maxFiles` none are taken.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fileExtensionOf, type MediaAccept } from '@listwise/domain/media';
import { percentOf } from '@listwise/domain/numbers';
import { cx } from '@/components/cx';
import { errorMessage } from '@/lib/errors';
import { FilePicker, mediaHint } from './file-picker';
import { createTurnQueue, type Turn } from './in-order';
import type { UserMedia } from './media-api';
import { MediaPreview } from './media-preview';
import { uploadMediaFile } from './upload-media-file';
import { useUploadSteps } from './use-media-upload';

export interface MultiMediaUploaderProps {
  /** The field's label ('Photos', 'Floor plans', 'Videos'). */
  label: string;
  accept: MediaAccept;
  /** Called once per file whose upload is READY; may return a promise (attaching it) before the tile leaves. */
  onUploaded: (media: UserMedia) => void | Promise<void>;
  /** How many more files may be added (the listing's limits); omitted means no limit. */
  maxFiles?: number;
  onUploadingChange?: (isUploading: boolean) => void;
  buttonText?: string;
  disabled?: boolean;
  className?: string;
}

interface Task {
  key: string;
  fileName: string;
  progress: number;
  media: UserMedia | null;
  error: string | null;
}

export function MultiMediaUploader({
  label,
  accept,
  onUploaded,
  maxFiles,
  onUploadingChange,
  buttonText = 'Add files',
  disabled,
  className,
}: MultiMediaUploaderProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const steps = useUploadSteps();
  const [tasks, setTasks] = useState<Task[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const attachOrder = useRef(createTurnQueue());
  const inFlight = tasks.filter((t) => !t.error).length;

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);
  useEffect(() => onUploadingChange?.(inFlight > 0), [inFlight, onUploadingChange]);

  const update = useCallback((key: string, change: Partial<Task> | null) => {
    setTasks((all) => (change ? all.map((t) => (t.key === key ? { ...t, ...change } : t)) : all.filter((t) => t.key !== key)));
  }, []);

  const start = async (file: File, key: string, turn: Turn) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    try {
      const result = await uploadMediaFile(file, {
        accept,
        steps,
        describeError: errorMessage,
        signal: controller.signal,
        onStarted: (media) => update(key, { media }),
        onProgress: (fraction) => update(key, { progress: Math.min(100, Math.round(percentOf(fraction))) }),
      });
      controllers.current.delete(key);
      if (result.outcome === 'uploaded') {
        // Attached only after every file chosen before it, however fast this one was.
        await turn.wait();
        try {
          await onUploaded(result.media);
          update(key, null);
        } catch (error) {
          update(key, { media: null, error: errorMessage(error) });
        }
      } else if (result.outcome === 'failed') {
        update(key, { media: null, error: result.message });
      } else {
        update(key, null);
      }
    } finally {
      turn.end();
    }
  };

  const onFiles = (files: File[]) => {
    const named = files.filter((file) => fileExtensionOf(file.name) !== null);
    const room = maxFiles === undefined ? named.length : Math.max(0, maxFiles - inFlight);
    const taken = named.slice(0, room);
    setNotice(taken.length < named.length ? `Only ${taken.length} more ${taken.length === 1 ? 'file' : 'files'} could be added.` : null);
    const added = taken.map((file) => ({ file, key: crypto.randomUUID() }));
    setTasks((all) => [...all, ...added.map(({ file, key }) => ({ key, fileName: file.name, progress: 0, media: null, error: null }))]);
    // Turns are taken here, in the order the files were chosen, before any upload starts.
    for (const { file, key } of added) void start(file, key, attachOrder.current.take());
  };

  const cancel = (key: string) => {
    controllers.current.get(key)?.abort();
    update(key, null);
  };

  const isFull = maxFiles !== undefined && maxFiles - inFlight <= 0;

  return (
    <div className={cx('flex flex-col gap-3', className)}>
      <span id={labelId} className="text-sm font-semibold text-ink">
        {label}
      </span>
      {tasks.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label={`${label} being uploaded`}>
          {tasks.map((task) => (
            <li key={task.key} className="flex flex-col gap-1">
              {task.error ? (
                <div className="flex flex-col gap-1 rounded-lg border border-danger/30 bg-danger-soft p-3">
                  <span className="truncate text-sm text-ink">{task.fileName}</span>
                  <p role="alert" className="text-sm font-medium text-danger">
                    {task.error}
                  </p>
                  <button
                    type="button"
                    onClick={() => update(task.key, null)}
                    className="min-h-11 self-start rounded-md px-2 text-sm font-semibold text-ink hover:bg-white"
                  >
                    Dismiss<span className="sr-only"> the error for {task.fileName}</span>
                  </button>
                </div>
              ) : (
                <MediaPreview
                  media={task.media}
                  uploadStatus="UPLOADING"
                  progress={task.progress}
                  label={task.fileName}
                  onRemove={() => cancel(task.key)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <FilePicker
        accept={accept}
        buttonText={buttonText}
        labelledBy={labelId}
        describedBy={hintId}
        multiple
        disabled={disabled || isFull}
        onFiles={onFiles}
      />
      <p id={hintId} className="text-sm text-ink-soft">
        {mediaHint(accept)}
      </p>
      <p role="status" className="text-sm text-ink-soft empty:hidden">
        {notice}
      </p>
    </div>
  );
}
