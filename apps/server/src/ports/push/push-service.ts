/** A push subscription as the browser gives it (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** Seconds the push service keeps the message for a device that is off (RFC 8030 TTL). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer push with the same topic replaces one still waiting at the push service. */
  topic?: string;
}

/** What the push service answered: 201 taken; 404 or 410 the subscription is gone; 429 and 5xx try again later. */
export interface PushServiceAnswer {
  status: number;
  body: string;
}

/** The Web Push port: one encrypted, VAPID-signed push to one device. Queueing and retries live in the notifications module. */
export interface PushService {
  /** The VAPID public key browsers subscribe with; null when push is off (production without keys). */
  readonly publicKey: string | null;
  deliver(target: PushTarget, payload: string, options: PushOptions): Promise<PushServiceAnswer>;
}
