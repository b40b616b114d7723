/**
 * Client-held cookies of spec §3. Every cookie is host-only (the cookie domain is the page's host) and
 * lives at path `/`; language cookies last LANGUAGE_COOKIE_DAYS, the token until its expires_in.
 * Every cookie is `SameSite=Strict` (no other site's page or form carries them) and `Secure` when the
 * page itself was served over https (docs/security.md, "Headers and cookies").
 */
import { LANGUAGE_COOKIE_DAYS } from '@ems/contract/constants';
import Cookies from 'js-cookie';

/** Cookie names of spec §3 (plus the chosen system type of the top bar, spec §2). */
export const COOKIE = {
  mode: 'mode',
  userType: 'userType',
  token: 'token',
  languageId: 'languageId',
  languageCode: 'languageCode',
  languageParameter: 'languageParameter',
  sidebarStatus: 'sidebarStatus',
  size: 'size',
  systemType: 'systemType',
} as const;
/** Any cookie of COOKIE. */
export type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

const PATH = { path: '/' } as const;

/** Attributes every cookie is written with; `protocol` is the page's (location.protocol, e.g. "https:"). */
export function cookieAttributes(protocol: string): Cookies.CookieAttributes {
  return protocol === 'https:'
    ? { ...PATH, sameSite: 'strict', secure: true }
    : { ...PATH, sameSite: 'strict' };
}

/** Reads one cookie; undefined when unset. */
export function readCookie(name: CookieName): string | undefined {
  return Cookies.get(name);
}

/** Writes one cookie; `expires` is a Date or a number of days, omitted for a session cookie. */
export function writeCookie(name: CookieName, value: string, expires?: Date | number): void {
  const attributes = cookieAttributes(globalThis.location?.protocol ?? '');
  Cookies.set(name, value, expires === undefined ? attributes : { ...attributes, expires });
}

/** Removes one cookie. */
export function removeCookie(name: CookieName): void {
  Cookies.remove(name, PATH);
}

/** Removes every cookie the page can see (the version change of spec §4 keeps nothing old). */
export function removeAllCookies(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, PATH);
}

/** The session token, or undefined when signed out. */
export function getToken(): string | undefined {
  return readCookie(COOKIE.token) || undefined;
}

/** Stores the token so that it expires `expiresInMinutes` from now (spec §4). */
export function setToken(token: string, expiresInMinutes: number): void {
  writeCookie(COOKIE.token, token, new Date(Date.now() + expiresInMinutes * 60_000));
}

/** Drops the session token (signs out locally). */
export function clearToken(): void {
  removeCookie(COOKIE.token);
}

/** Stores the three language cookies of spec §3 for LANGUAGE_COOKIE_DAYS days. */
export function setLanguageCookies(id: number, code: string): void {
  writeCookie(COOKIE.languageId, String(id), LANGUAGE_COOKIE_DAYS);
  writeCookie(COOKIE.languageCode, code, LANGUAGE_COOKIE_DAYS);
  // The "parameter" form is the one antd and most back ends name locales by (en_US, zh_CN).
  writeCookie(COOKIE.languageParameter, code.replace('-', '_'), LANGUAGE_COOKIE_DAYS);
}
