import { describe, expect, it, vi } from 'vitest';
import { uploadMediaFile, type UploadSteps } from './upload-media-file';
import type { UserMedia } from './media-api';

const media = (overrides: Partial<UserMedia> = {}): UserMedia => ({
  id: 'b6f7c1c2-5b0e-4e7e-9f6a-0a3c2b1d4e5f',
  type: 'IMAGE',
  mimeType: 'image/jpeg',
  url: null,
  thumbnailUrl: null,
  mainFileReady: false,
  thumbnailReady: false,
  processingFailed: false,
  ...overrides,
});

const steps = (overrides: Partial<UploadSteps> = {}): UploadSteps => ({
  createUserMedia: vi.fn(async () => ({ uploadUrl: 'https://listwise.test/media/upload/t', userMedia: media() })),
  putFile: vi.fn(async (_url, _file, _type, onProgress) => {
    onProgress(0.5);
    onProgress(1);
    return { status: 200 };
  }),
  completeUpload: vi.fn(async () => media()),
  ...overrides,
});

const describeError = () => 'Media with unsupported uploaded';
const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('uploadMediaFile', () => {
  it('creates a slot, PUTs the file with its MIME type, reports progress and completes', async () => {
    const s = steps();
    const progress: number[] = [];
    const started = vi.fn();
    const result = await uploadMediaFile(file('Front.JPG', 'image/jpeg'), {
      accept: 'image',
      steps: s,
      describeError,
      onStarted: started,
      onProgress: (f) => progress.push(f),
    });
    expect(result).toEqual({ outcome: 'uploaded', media: media() });
    expect(s.createUserMedia).toHaveBeenCalledWith({ fileExtension: 'jpg', mimeType: 'image/jpeg' });
    expect(vi.mocked(s.putFile).mock.calls[0]!.slice(0, 3)).toEqual([
      'https://listwise.test/media/upload/t',
      expect.any(File),
      'image/jpeg',
    ]);
    expect(started).toHaveBeenCalledOnce();
    expect(progress).toEqual([0.5, 1]);
    expect(s.completeUpload).toHaveBeenCalledWith(media().id);
  });

  it('ignores a file without an extension, calling nothing', async () => {
    const s = steps();
    expect(await uploadMediaFile(file('photo', 'image/jpeg'), { accept: 'image', steps: s, describeError })).toEqual({
      outcome: 'ignored',
    });
    expect(s.createUserMedia).not.toHaveBeenCalled();
  });

  it('fills in the MIME type of a video the browser could not name', async () => {
    const s = steps();
    await uploadMediaFile(file('tour.mov', ''), { accept: 'video', steps: s, describeError });
    expect(s.createUserMedia).toHaveBeenCalledWith({ fileExtension: 'mov', mimeType: 'video/quicktime' });
  });

  it('refuses files this uploader does not take, and files over the size limit', async () => {
    const s = steps();
    expect(await uploadMediaFile(file('tour.mp4', 'video/mp4'), { accept: 'image', steps: s, describeError })).toEqual({
      outcome: 'failed',
      message: 'Media with unsupported uploaded',
    });
    expect(await uploadMediaFile(file('anim.gif', 'image/gif'), { accept: 'imageOrVideo', steps: s, describeError })).toMatchObject({
      outcome: 'failed',
    });
    const huge = { name: 'huge.jpg', type: 'image/jpeg', size: 15 * 1024 * 1024 + 1 } as File;
    expect(await uploadMediaFile(huge, { accept: 'image', steps: s, describeError })).toEqual({
      outcome: 'failed',
      message: 'The file is too large',
    });
    expect(s.createUserMedia).not.toHaveBeenCalled();
  });

  it('shows the mapped message when createUserMedia fails', async () => {
    const s = steps({ createUserMedia: vi.fn(async () => Promise.reject(new Error('user_media_file_extension_not_supported'))) });
    expect(await uploadMediaFile(file('a.png', 'image/png'), { accept: 'image', steps: s, describeError })).toEqual({
      outcome: 'failed',
      message: 'Media with unsupported uploaded',
    });
  });

  it('fails with the upload message on any status but 200, or when the PUT throws', async () => {
    const answers = [vi.fn(async () => ({ status: 500, code: 'internal' })), vi.fn(async () => ({ status: 201 }))];
    for (const putFile of [...answers, vi.fn(async () => Promise.reject(new Error('offline')))]) {
      const s = steps({ putFile });
      expect(await uploadMediaFile(file('a.jpg', 'image/jpeg'), { accept: 'image', steps: s, describeError })).toEqual({
        outcome: 'failed',
        message: 'An error occured whilst uploading the media',
      });
      expect(s.completeUpload).not.toHaveBeenCalled();
    }
  });

  it('says why the server refused the file when it names a catalogue code (a text file renamed .jpg)', async () => {
    const s = steps({ putFile: vi.fn(async () => ({ status: 415, code: 'user_media_content_not_supported' })) });
    expect(await uploadMediaFile(file('letter.jpg', 'image/jpeg'), { accept: 'image', steps: s, describeError })).toEqual({
      outcome: 'failed',
      message: 'This file is not a photo or video we can use. Choose a JPEG, PNG or WebP photo, or an MP4, MOV or WebM video.',
    });
    expect(s.completeUpload).not.toHaveBeenCalled();
  });

  it('reports a cancelled upload as cancelled, not as a failure', async () => {
    const controller = new AbortController();
    const s = steps({
      putFile: vi.fn(async () => {
        controller.abort();
        throw new Error('aborted');
      }),
    });
    const result = await uploadMediaFile(file('a.jpg', 'image/jpeg'), {
      accept: 'image',
      steps: s,
      describeError,
      signal: controller.signal,
    });
    expect(result).toEqual({ outcome: 'cancelled' });
  });
});
