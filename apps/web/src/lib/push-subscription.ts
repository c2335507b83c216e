/**
 * This browser's side of 'Notify me on this device': the permission (asked only when the button is pressed), the
 * Push API subscription made with the server's VAPID key, and a name for the device list.
 */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The id the server gave this browser's device, so the list can say which one is this. */
const DEVICE_KEY = 'listwise.pushDeviceId';
export const thisDeviceId = () => {
  try {
    return window.localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
};
export const rememberThisDevice = (id: string | null) => {
  try {
    if (id) window.localStorage.setItem(DEVICE_KEY, id);
    else window.localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Storage blocked: the list just cannot mark this device.
  }
};

/** 'Chrome on Android', 'Safari on iPhone': enough for a person to tell their devices apart. */
export function describeBrowser(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\/|CriOS\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X/.test(userAgent)
          ? 'Mac'
          : /Windows/.test(userAgent)
            ? 'Windows'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  return system ? `${browser} on ${system}` : browser;
}

const base64urlToBytes = (value: string) => {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

export type SubscribeOutcome =
  { ok: true; subscription: { endpoint: string; p256dh: string; auth: string } } | { ok: false; reason: 'denied' | 'failed' };

/** How long the browser's push service may take to make a subscription before the button says it failed. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** Asks for the permission, then subscribes this browser with the server's key (reusing a subscription it has). */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscribing = registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64urlToBytes(vapidPublicKey),
    });
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('push service did not answer')), SUBSCRIBE_TIMEOUT_MS),
    );
    const subscription = (await Promise.race([subscribing, timeout])).toJSON();
    const { p256dh, auth } = subscription.keys ?? {};
    if (!subscription.endpoint || !p256dh || !auth) return { ok: false, reason: 'failed' };
    return { ok: true, subscription: { endpoint: subscription.endpoint, p256dh, auth } };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** Turning this device off also ends the browser's subscription, so its push service forgets it too. */
export async function unsubscribeThisBrowser() {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // Nothing to end.
  }
}
