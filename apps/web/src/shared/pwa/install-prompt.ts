/**
 * Installing the web app (issue 34 item 2, decision 0020): Chromium-based browsers announce that the app
 * can be installed with a `beforeinstallprompt` event, once, early in the page's life; it is kept here
 * so that a button can later call its prompt(). Safari on iPhone and iPad has no such event: there the
 * app is installed with Share → Add to Home Screen, which Web Push needs on iOS (16.4+).
 */
import { useSyncExternalStore } from 'react';

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Starts listening; call once at start, before the first render (the event may come early). */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar back: the page offers its own button.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

/** Whether the page runs as the installed app (its own window, display-mode standalone). */
export function runsInstalled(): boolean {
  return (
    installed ||
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Whether this is Safari on an iPhone or iPad (iPadOS presents itself as a Mac with touch). */
export function isAppleMobile(
  userAgent = navigator.userAgent,
  touchPoints = navigator.maxTouchPoints,
): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

/** Shows the browser's install dialog. @returns whether the user installed the app. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** What the install button needs: whether the browser offers the prompt now, and whether it runs installed. */
export interface InstallState {
  canPrompt: boolean;
  installed: boolean;
}

let snapshot: InstallState = { canPrompt: false, installed: false };
function read(): InstallState {
  const next = { canPrompt: deferred !== null, installed: runsInstalled() };
  if (next.canPrompt !== snapshot.canPrompt || next.installed !== snapshot.installed) snapshot = next;
  return snapshot;
}

/** The install state, re-rendering when the browser offers the prompt or the app gets installed. */
export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    read,
  );
}
