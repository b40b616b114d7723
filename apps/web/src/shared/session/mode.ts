/**
 * Platform mode of spec §2/§3: paths holding /common switch to "common", visiting /login switches to
 * "east". Each mode has its own title and logo.
 */
import { COOKIE, readCookie, writeCookie } from './cookies';

/** east: "Energy Cloud"; common: "Smart Energy Monitor" (spec §3 mode cookie). */
export type PlatformMode = 'east' | 'common';

/** The mode a visit to `pathname` sets, or null when the path leaves the mode as it is. */
export function modeForPath(pathname: string): PlatformMode | null {
  if (pathname.includes('/common')) return 'common';
  if (pathname === '/login' || pathname === '/login/') return 'east';
  return null;
}

/** The stored mode; east when unset. */
export function currentMode(): PlatformMode {
  return readCookie(COOKIE.mode) === 'common' ? 'common' : 'east';
}

/** Applies modeForPath to the cookie and returns the mode now in force. */
export function applyModeForPath(pathname: string): PlatformMode {
  const next = modeForPath(pathname);
  if (next && next !== readCookie(COOKIE.mode)) writeCookie(COOKIE.mode, next);
  return next ?? currentMode();
}

/** The sign-in path of a mode (spec §2). */
export function loginPathFor(mode: PlatformMode): string {
  return mode === 'common' ? '/common/login' : '/login';
}
