/**
 * `useMediaUpload`: one file at a time through `uploadMediaFile`, as React state: the spec's upload status
 * (UPLOADING, then READY on a 200), progress for the progress bar, the media, and the error text. A new upload,
 * `reset` or unmounting cancels the one in flight.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRequest, useClient, type Client } from 'urql';
import { fileExtensionOf, type MediaAccept } from '@listwise/domain/media';
import { percentOf } from '@listwise/domain/numbers';
import { errorMessage } from '@/lib/errors';
import { CompleteUserMediaUploadMutation, CreateUserMediaMutation, type UserMedia } from './media-api';
import { putFileWithProgress, uploadMediaFile, type MediaUploadStatus, type UploadResult, type UploadSteps } from './upload-media-file';

export interface MediaUploadState {
  /** null before any upload and after a failure (the value is cleared). */
  status: MediaUploadStatus | null;
  /** 0–100 while UPLOADING. */
  progress: number;
  media: UserMedia | null;
  fileName: string | null;
  error: string | null;
}

const IDLE: MediaUploadState = { status: null, progress: 0, media: null, fileName: null, error: null };

/**
 * urql and Graphcache match a mutation's answer to its request by the request key (a hash of query and variables).
 * Several files of one type chosen together send identical `createUserMedia` requests, and all but one waited
 * forever for their answer ('Uploading media...' stuck). Each slot request gets a key of its own: negative, so it
 * never meets a hash (those are unsigned).
 */
let lastSlotRequestKey = 0;
const slotRequest = (input: { fileExtension: string; mimeType: string }) => ({
  ...createRequest(CreateUserMediaMutation, input),
  key: --lastSlotRequestKey,
});

/** The network steps of an upload through a GraphQL client (shared with the multi-file uploader). */
export function createUploadSteps(client: Client): UploadSteps {
  return {
    async createUserMedia(input) {
      const result = await client.executeMutation(slotRequest(input)).toPromise();
      if (result.error || !result.data) throw result.error ?? new Error('no data');
      return result.data.createUserMedia;
    },
    putFile: putFileWithProgress,
    async completeUpload(id) {
      const result = await client.mutation(CompleteUserMediaUploadMutation, { id }).toPromise();
      if (result.error || !result.data) throw result.error ?? new Error('no data');
      return result.data.completeUserMediaUpload;
    },
  };
}

/** `createUploadSteps` with the app's client. */
export function useUploadSteps(): UploadSteps {
  const client = useClient();
  return useMemo(() => createUploadSteps(client), [client]);
}

export function useMediaUpload({ accept }: { accept: MediaAccept }) {
  const [state, setState] = useState<MediaUploadState>(IDLE);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const steps = useUploadSteps();

  /** Uploads `file`; resolves with the outcome (the state follows it too). */
  const upload = useCallback(
    async (file: File): Promise<UploadResult> => {
      // A file without an extension is ignored: it neither starts an upload nor disturbs the current one.
      if (!fileExtensionOf(file.name)) return { outcome: 'ignored' };
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const isCurrent = () => current.current === controller;
      setState({ status: 'UPLOADING', progress: 0, media: null, fileName: file.name, error: null });
      const result = await uploadMediaFile(file, {
        accept,
        steps,
        describeError: errorMessage,
        signal: controller.signal,
        onStarted: (media) => isCurrent() && setState({ status: 'UPLOADING', progress: 0, media, fileName: file.name, error: null }),
        onProgress: (fraction) => isCurrent() && setState((s) => ({ ...s, progress: Math.min(100, Math.round(percentOf(fraction))) })),
      });
      if (!isCurrent()) return result;
      current.current = null;
      if (result.outcome === 'uploaded') {
        setState({ status: 'READY', progress: 100, media: result.media, fileName: file.name, error: null });
      } else if (result.outcome === 'failed') {
        setState({ ...IDLE, error: result.message });
      } else if (result.outcome === 'cancelled') {
        setState(IDLE);
      }
      return result;
    },
    [accept, steps],
  );

  /** Cancels any upload in flight and forgets the media and the error. */
  const reset = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState(IDLE);
  }, []);

  /** Shows an error without an upload (e.g. the media failed processing later). */
  const fail = useCallback((message: string) => setState({ ...IDLE, error: message }), []);

  return { ...state, isUploading: state.status === 'UPLOADING', upload, reset, fail };
}
