/**
 * The web app's service worker (issue 20 §4, decision 0020), built to /sw.js: it shows each Web Push
 * message as a notification, also while no page of the app is open, and on a click brings a window of
 * the app to the message's link (the station page of the alarm's site and device). It caches nothing.
 */
import { parsePayload, targetUrl } from './push-payload';

declare const self: ServiceWorkerGlobalScope;

// A new worker takes over at once: it holds no cache that an open page could depend on.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = parsePayload(event.data?.text() ?? null, 'Energy Cloud');
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: targetUrl(payload.url, self.location.origin) },
      ...(payload.tag ? { tag: payload.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | null;
  event.waitUntil(open(targetUrl(data?.url ?? '/', self.location.origin)));
});

/**
 * Focuses a window already at `url`; else takes an open window of the app there; else opens one
 * (an installed app opens in its own window).
 */
async function open(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = windows.find((w) => w.url === url);
  if (there) {
    await there.focus();
    return;
  }
  for (const w of windows) {
    try {
      const moved = await w.navigate(url);
      if (moved) {
        await moved.focus();
        return;
      }
    } catch {
      // not controlled by this worker (yet): try the next, or open a window
    }
  }
  await self.clients.openWindow(url);
}
