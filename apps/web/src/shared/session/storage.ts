/**
 * Local storage of spec §3: the language list, the signed-in user's data and the app version. Reads
 * never throw: a missing or corrupt entry reads as null.
 */
import type { Language } from '@ems/contract/api/common';

const KEY = { languageList: 'languageList', userData: 'userData', version: 'version' } as const;

/** What spec §3 keeps of the signed-in user. */
export interface StoredUser {
  userId: number;
  userName: string;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The stored language list, or null when none (or corrupt). */
export function readLanguageList(): Language[] | null {
  const list = readJson<Language[]>(KEY.languageList);
  return Array.isArray(list) && list.length > 0 ? list : null;
}

/** Keeps the server's language list for the next page loads. */
export function writeLanguageList(list: Language[]): void {
  localStorage.setItem(KEY.languageList, JSON.stringify(list));
}

/** The stored user (userId, userName), or null. */
export function readUser(): StoredUser | null {
  return readJson<StoredUser>(KEY.userData);
}

/** Keeps the signed-in user's id and name. */
export function writeUser(user: StoredUser): void {
  localStorage.setItem(KEY.userData, JSON.stringify(user));
}

/** Forgets the stored user. */
export function clearUser(): void {
  localStorage.removeItem(KEY.userData);
}

/** The app version stored by the last page load, or null. */
export function readVersion(): string | null {
  return localStorage.getItem(KEY.version);
}

/** Stores the running app version. */
export function writeVersion(version: string): void {
  localStorage.setItem(KEY.version, version);
}
