/**
 * Registers the service worker /sw.js (src/sw/sw.ts, issue 20 §4) for the whole app, which makes the
 * app installable and lets it receive Web Push. Built only by `vite build`: `vite dev` has none.
 */

let registration: Promise<ServiceWorkerRegistration | null> | undefined;

/**
 * The app's worker registration, registering it on the first call; null where there can be none (no
 * secure context, a browser without service workers, the dev server) or registering failed.
 */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  registration ??=
    import.meta.env.PROD && window.isSecureContext && 'serviceWorker' in navigator
      ? navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null)
      : Promise.resolve(null);
  return registration;
}

/**
 * Registers the worker once the browser is idle. Called by the signed-in layout, never by the sign-in
 * page: the worker and what it fetches must not compete with the sign-in form (issue 36 §4), and only a
 * signed-in user has notifications to receive. The push settings register it at once when asked.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (registration) return;
  const register = () => void serviceWorkerRegistration();
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 10_000 });
  else setTimeout(register, 2_000);
}
