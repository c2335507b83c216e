/**
 * `useMediaProcessing`: while an uploaded media's `mainFileReady` or `thumbnailReady` is false, re-reads it with
 * `userMedia(id)` every MEDIA_POLL_INTERVAL_MS (spec 000 §4, §9) until both are true or processing failed.
 * Graphcache keeps one `UserMedia` entity, so every list showing the media updates with it. Polling stops after
 * MEDIA_POLL_TIMEOUT_MS (processing normally takes seconds).
 */
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { MEDIA_POLL_INTERVAL_MS } from '@listwise/domain/constants';
import { MEDIA_POLL_TIMEOUT_MS } from '@listwise/domain/media';
import { isMediaProcessed, UserMediaQuery, type UserMedia } from './media-api';

export function useMediaProcessing(media: UserMedia | null) {
  const id = media?.id ?? null;
  const [timedOutId, setTimedOutId] = useState<string | null>(null);
  const needsPolling = !!media && !isMediaProcessed(media) && !media.processingFailed;
  const [{ data }, reexecute] = useQuery({
    query: UserMediaQuery,
    variables: { id: id ?? '' },
    pause: !needsPolling || timedOutId === id,
    requestPolicy: 'network-only',
  });
  const polled = data?.userMedia?.id === id ? data.userMedia : null;
  const latest = polled && media && !isMediaProcessed(media) ? polled : media;
  const isPolling = !!latest && !isMediaProcessed(latest) && !latest.processingFailed && timedOutId !== id;

  useEffect(() => {
    if (!isPolling || !id) return;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - startedAt > MEDIA_POLL_TIMEOUT_MS) {
        clearInterval(timer);
        setTimedOutId(id);
      } else {
        reexecute({ requestPolicy: 'network-only' });
      }
    }, MEDIA_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [id, isPolling, reexecute]);

  return {
    media: latest,
    isProcessing: isPolling,
    hasFailed: !!latest?.processingFailed || (timedOutId !== null && timedOutId === id),
  };
}
