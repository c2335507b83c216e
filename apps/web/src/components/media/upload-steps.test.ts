// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphqlClient } from '@/lib/graphql-client';
import { createUploadSteps } from './use-media-upload';

/** A createUserMedia answer for the n-th request, as the server gives it. */
const slot = (n: number) => {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  return {
    data: {
      createUserMedia: {
        __typename: 'CreateUserMediaPayload',
        uploadUrl: `http://127.0.0.1/media/upload/${id}.token`,
        userMedia: {
          __typename: 'UserMedia',
          id,
          type: 'IMAGE',
          mimeType: 'image/jpeg',
          url: null,
          thumbnailUrl: null,
          mainFileReady: false,
          thumbnailReady: false,
          processingFailed: false,
        },
      },
    },
  };
};

afterEach(() => vi.unstubAllGlobals());

describe('upload steps through the app client', () => {
  it('gives every file chosen at once its own upload slot, even when the answers come back out of order', async () => {
    let requests = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const n = ++requests;
        // The first request is answered last.
        await new Promise((resolve) => setTimeout(resolve, n === 1 ? 30 : 5));
        return new Response(JSON.stringify(slot(n)), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const steps = createUploadSteps(createGraphqlClient());
    const input = { fileExtension: 'jpg', mimeType: 'image/jpeg' };
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('an upload slot never arrived')), 2000));
    const slots = await Promise.race([
      Promise.all([steps.createUserMedia(input), steps.createUserMedia(input), steps.createUserMedia(input)]),
      timeout,
    ]);
    expect(requests).toBe(3);
    expect(new Set(slots.map((s) => s.userMedia.id)).size).toBe(3);
    expect(new Set(slots.map((s) => s.uploadUrl)).size).toBe(3);
  });
});
