/**
 * One file's upload (spec 000 §4, §5 'File upload', §8; 001 §4): pick the extension and MIME type, ask for an
 * upload slot (`createUserMedia`), PUT the file to `uploadUrl` (success only on 200), then tell the server the
 * upload is complete. Free of React and of the network so the rules can be tested; `useMediaUpload` wires it up.
 */
import { ERROR_MESSAGES, isErrorCode } from '@listwise/domain/errors';
import {
  fileExtensionOf,
  isAcceptedMediaFile,
  MEDIA_MAX_BYTES,
  MEDIA_TEXTS,
  mediaTypeOf,
  mimeTypeForFile,
  type MediaAccept,
} from '@listwise/domain/media';
import type { UserMedia } from './media-api';

/** The upload value state of the spec: UPLOADING until the PUT answers 200, then READY. */
export type MediaUploadStatus = 'UPLOADING' | 'READY';

export interface UploadSteps {
  /** `createUserMedia`; rejects with the GraphQL error. */
  createUserMedia(input: { fileExtension: string; mimeType: string }): Promise<{ uploadUrl: string; userMedia: UserMedia }>;
  /** PUTs the file; resolves with the HTTP status (and the catalogue code the server answered, if any), rejects when the request fails. */
  putFile(url: string, file: Blob, contentType: string, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<PutAnswer>;
  /** `completeUserMediaUpload`; rejects with the GraphQL error. */
  completeUpload(id: string): Promise<UserMedia>;
}

export interface PutAnswer {
  status: number;
  /** The catalogue code the server refused the file with (e.g. `user_media_content_not_supported`). */
  code?: string;
}

/** The text for a PUT that did not answer 200: the catalogue's, when the server said why (its bytes are not an image). */
function putFailureMessage(answer: PutAnswer): string {
  if (answer.code && isErrorCode(answer.code)) return ERROR_MESSAGES[answer.code];
  return answer.status === 413 ? ERROR_MESSAGES.user_media_file_too_large : MEDIA_TEXTS.uploadFailed;
}

export type UploadResult =
  { outcome: 'ignored' } | { outcome: 'uploaded'; media: UserMedia } | { outcome: 'failed'; message: string } | { outcome: 'cancelled' };

export interface UploadOptions {
  accept: MediaAccept;
  steps: UploadSteps;
  /** Text for a failed GraphQL call (the catalogue message of its code). */
  describeError: (error: unknown) => string;
  /** The slot exists: the media is UPLOADING. */
  onStarted?: (media: UserMedia) => void;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export async function uploadMediaFile(file: File, options: UploadOptions): Promise<UploadResult> {
  const { accept, steps, describeError, signal } = options;
  // A file without an extension is ignored (spec 000 §5).
  const fileExtension = fileExtensionOf(file.name);
  if (!fileExtension) return { outcome: 'ignored' };
  const mimeType = mimeTypeForFile(fileExtension, file.type);
  const type = mediaTypeOf(fileExtension, mimeType);
  if (!type || !isAcceptedMediaFile(accept, fileExtension, mimeType)) {
    return { outcome: 'failed', message: ERROR_MESSAGES.user_media_file_extension_not_supported };
  }
  if (file.size > MEDIA_MAX_BYTES[type]) return { outcome: 'failed', message: ERROR_MESSAGES.user_media_file_too_large };

  let slot: { uploadUrl: string; userMedia: UserMedia };
  try {
    slot = await steps.createUserMedia({ fileExtension, mimeType });
  } catch (error) {
    return { outcome: 'failed', message: describeError(error) };
  }
  if (signal?.aborted) return { outcome: 'cancelled' };
  options.onStarted?.(slot.userMedia);

  let answer: PutAnswer;
  try {
    answer = await steps.putFile(slot.uploadUrl, file, mimeType, (fraction) => options.onProgress?.(fraction), signal);
  } catch {
    return signal?.aborted ? { outcome: 'cancelled' } : { outcome: 'failed', message: MEDIA_TEXTS.uploadFailed };
  }
  if (answer.status !== 200) return { outcome: 'failed', message: putFailureMessage(answer) };

  try {
    const media = await steps.completeUpload(slot.userMedia.id);
    return signal?.aborted ? { outcome: 'cancelled' } : { outcome: 'uploaded', media };
  } catch (error) {
    return { outcome: 'failed', message: describeError(error) };
  }
}

/**
 * The catalogue code of the media route's refusal (the API's one error shape,
 * `{ "errors": [{ "message", "extensions": { "code" } }] }`); S3 answers XML, so none.
 */
function answerCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { errors?: { extensions?: { code?: unknown } }[] } | null;
    const code = parsed?.errors?.[0]?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** PUTs a file with XMLHttpRequest, which (unlike fetch) reports upload progress. */
export function putFileWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PutAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, code: answerCode(xhr.responseText) });
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.ontimeout = () => reject(new Error('upload timed out'));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
