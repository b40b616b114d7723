/**
 * Spec §4: when the locally stored version differs from the built one, old cookies are cleared and the
 * new version saved.
 */
import { APP_VERSION } from '@ems/contract/constants';
import { removeAllCookies } from './cookies';
import { readVersion, writeVersion } from './storage';

/** True when the stored version is not the built one (also on a first visit). */
export function isVersionStale(stored: string | null, built: string = APP_VERSION): boolean {
  return stored !== built;
}

/** Runs once at start, before anything reads a cookie. Returns true when cookies were cleared. */
export function migrateVersion(): boolean {
  if (!isVersionStale(readVersion())) return false;
  removeAllCookies();
  writeVersion(APP_VERSION);
  return true;
}
