/**
 * Registers the service worker (apps/web/service-worker/sw.js) and tells the page when a new version is ready.
 *
 * A new version installs in the background and waits while a tab of the old one is open; the next open of the app
 * runs it. An open tab learns of it (`useUpdateReady`) and can take it at once: 'Reload' asks the waiting worker to
 * take over, and the page reloads when it has. The page also checks for a new version whenever it comes back to the
 * screen, so an installed app left open for days still hears of a deploy.
 */
import { useSyncExternalStore } from 'react';
import { env } from '@/config/env';

type Listener = () => void;
let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<Listener>();

function announce(worker: ServiceWorker) {
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

/** A new version of the app is installed and waiting (null: none). */
export const useUpdateReady = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waitingWorker,
    () => null,
  );

let applyingUpdate = false;

/** 'Reload': the waiting version takes over, then the page reloads into it. */
export function applyUpdate() {
  if (!waitingWorker) return;
  applyingUpdate = true;
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  // Only a tab already run by a worker has an older version to replace; the very first install is no update.
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) announce(installing);
    });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

export function registerServiceWorker() {
  if (env.isDevelopment || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (applyingUpdate) window.location.reload();
  });
  // A tapped notification asks a window its worker does not control yet to open the page itself.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string }>) => {
    const url = event.data?.url;
    if (event.data?.type === 'OPEN' && url && new URL(url, window.location.origin).origin === window.location.origin) {
      window.location.assign(url);
    }
  });
  navigator.serviceWorker
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .then(watchForUpdates)
    .catch(() => undefined); // Without a worker the app still works online; there is nothing to tell the user.
}
