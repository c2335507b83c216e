import webpush from 'web-push';
import type { PushOptions, PushService, PushServiceAnswer, PushTarget } from './push-service.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** How long one push service may take to answer before the attempt counts as failed (and is retried). */
const PUSH_SERVICE_TIMEOUT_MS = 10_000;

/**
 * Web Push through the `web-push` library: it encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID JWT
 * (RFC 8292) with `generateRequestDetails`; the request itself goes through fetch, because `sendNotification` speaks
 * https only and a local push service (development, tests) is plain http.
 */
export function createWebPushService(keys: VapidKeys, subject: string): PushService {
  return {
    publicKey: keys.publicKey,
    deliver: async (target: PushTarget, payload: string, options: PushOptions): Promise<PushServiceAnswer> => {
      const details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic && { topic: options.topic }),
      });
      // fetch sets the length of the body itself.
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(PUSH_SERVICE_TIMEOUT_MS),
      });
      return { status: response.status, body: (await response.text()).slice(0, 500) };
    },
  };
}

/** Push switched off: nobody can add a device, so nothing is ever sent. */
export const createDisabledPushService = (): PushService => ({
  publicKey: null,
  deliver: () => Promise.reject(new Error('push notifications are not configured')),
});
