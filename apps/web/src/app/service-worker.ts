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
