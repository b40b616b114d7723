/**
 * Display preferences kept in cookies (spec §2/§3): chosen system type (default 3), sidebar open or
 * closed, display size (default small, fed to antd's componentSize).
 */
import {
  DEFAULT_SYSTEM_TYPE,
  LANGUAGE_COOKIE_DAYS,
  SYSTEM_TYPES,
  type SystemType,
} from '@ems/contract/constants';
import { COOKIE, readCookie, writeCookie } from './cookies';

/** Parses a stored system type; anything but 1, 2, 6, 7, 3 reads as the default 3. */
export function parseSystemType(raw: string | undefined): SystemType {
  const n = Number(raw);
  return (SYSTEM_TYPES as readonly number[]).includes(n) ? (n as SystemType) : DEFAULT_SYSTEM_TYPE;
}

/** The system type chosen in the top bar (default 3). */
export function getSystemType(): SystemType {
  return parseSystemType(readCookie(COOKIE.systemType));
}

/** Stores the chosen system type. */
export function setSystemType(type: SystemType): void {
  writeCookie(COOKIE.systemType, String(type));
}

/** Sidebar state cookie: "1" open (the default), "0" collapsed. */
export function isSidebarOpen(): boolean {
  return readCookie(COOKIE.sidebarStatus) !== '0';
}

/** Remembers whether the sidebar is open. */
export function setSidebarOpen(open: boolean): void {
  writeCookie(COOKIE.sidebarStatus, open ? '1' : '0');
}

/** antd component sizes the display-size preference can hold. */
export type DisplaySize = 'small' | 'middle' | 'large';

/** The sizes in the order the user menu offers them. */
export const DISPLAY_SIZES: readonly DisplaySize[] = ['small', 'middle', 'large'];

/** Parses a stored display size; anything but middle or large reads as the default small. */
export function parseDisplaySize(raw: string | undefined): DisplaySize {
  return raw === 'middle' || raw === 'large' ? raw : 'small';
}

/** Display-size preference; default small. */
export function getDisplaySize(): DisplaySize {
  return parseDisplaySize(readCookie(COOKIE.size));
}

/** Remembers the display size (a preference like the language: kept LANGUAGE_COOKIE_DAYS days). */
export function setDisplaySize(size: DisplaySize): void {
  writeCookie(COOKIE.size, size, LANGUAGE_COOKIE_DAYS);
}
