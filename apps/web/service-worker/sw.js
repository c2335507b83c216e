/**
 * Listwise's service worker. The build (build/service-worker.ts) puts `VERSION` and `PRECACHE` (every built script
 * and style, the icons and the offline page) above this code and writes it to dist/sw.js.
 *
 * - Precaching: all of this version's built files, the icons and the offline page are stored when it installs, so
 *   the installed app and any of its pages start without the network. A page that cannot be fetched answers with
 *   /offline.html. Nothing else is ever stored: not pages, not the API's answers, not media, so no personal data
 *   lives in the cache.
 * - Updates: a new version installs beside the old one and waits. It takes over when no tab of the old one is open
 *   (the next open of the app), or at once when an open tab's 'Reload' asks for it (SKIP_WAITING).
 * - Push: each push shows a notification; tapping it opens what it names, in an open window when there is one.
 */
const CACHE = `listwise-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const PRECACHED = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('listwise-') && key !== CACHE).map((key) => caches.delete(key))))
      // The first version controls the tab that installed it, so a push tapped right away finds it.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Pages always come from the server (they are never stored); without a network, the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE, { cacheName: CACHE })));
    return;
  }
  if (PRECACHED.has(url.pathname)) {
    event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((stored) => stored || fetch(request)));
  }
  // Anything else (the API, media, downloads, another version's files) goes to the network untouched.
});

/** What a push carries (apps/server notifications/push.service.ts pushPayload); a push that is not JSON says only 'Listwise'. */
function readPush(data) {
  try {
    const push = data ? data.json() : {};
    return typeof push === 'object' && push ? push : {};
  } catch {
    return { body: data ? data.text() : '' };
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  const actions = Array.isArray(push.actions) ? push.actions : [];
  event.waitUntil(
    self.registration.showNotification(push.title || 'Listwise', {
      body: push.body || '',
      tag: push.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: push.url || '/', actions },
      actions: actions.map(({ action, title }) => ({ action, title })),
    }),
  );
});

/**
 * Opens what a notification names: the action's page when one of its buttons was pressed ('Accept condition'),
 * else its own. An open Listwise window is focused and taken there; otherwise a new window opens. Kept apart from
 * the click handler so the journeys run the same code (a headless browser shows no notification to click).
 */
async function openNotificationTarget(notification, action) {
  const { url = '/', actions = [] } = notification.data || {};
  const chosen = actions.find((candidate) => candidate.action === action);
  const target = new URL(chosen ? chosen.url : url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(target);
  // Focusing needs the tap's permission; without it the window is still taken to the page.
  const focused = await open.focus().catch(() => open);
  try {
    await focused.navigate(target);
  } catch {
    // A window this worker does not control yet cannot be navigated from here: it is asked to go itself.
    focused.postMessage({ type: 'OPEN', url: target });
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotificationTarget(event.notification, event.action));
});
