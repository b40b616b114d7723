/**
 * Reference data kept in session storage (spec §3: "Session storage caches time zone, currency symbol,
 * area, area codes, station template…"; issue 24 item 16): the first page of a browser session reads it
 * from the server and keeps it under `ems.ref.<name>.<language>`; every later page (and reload) of the
 * session answers from there without asking the server again. A new tab or session reads it afresh;
 * the console's dictionary edits drop the dictionary entries (clearReferenceData).
 */
import { queryOptions } from '@tanstack/react-query';
import { currentLanguageCode } from '../i18n/current-language';

const PREFIX = 'ems.ref.';

/** The storage key of reference data `name` in `language`. */
export function referenceKey(name: string, language: string): string {
  return `${PREFIX}${name}.${language}`;
}

/** What session storage holds for `key`, or undefined (nothing, unreadable, or storage refused). */
export function readReference<T>(storage: Pick<Storage, 'getItem'>, key: string): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Keeps `value` under `key` (a full or refused storage only loses the cache). */
export function writeReference(storage: Pick<Storage, 'setItem'>, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // the data still serves this page from the query cache
  }
}

/** Drops the reference data whose name starts with `name` (every language), e.g. after an edit. */
export function clearReferenceData(name: string, storage: Storage = sessionStorage): void {
  for (const key of Object.keys(storage)) if (key.startsWith(`${PREFIX}${name}`)) storage.removeItem(key);
}

/**
 * Query options of reference data `name` in the interface language: answered from session storage when
 * it holds it (never stale for the session), else read with `load` and kept there.
 */
export function referenceQueryOptions<T>(name: string, load: (signal: AbortSignal) => Promise<T>) {
  const language = currentLanguageCode();
  const key = referenceKey(name, language);
  return queryOptions({
    queryKey: ['reference', name, language],
    queryFn: async ({ signal }) => {
      const value = await load(signal);
      writeReference(sessionStorage, key, value);
      return value;
    },
    initialData: () => readReference<T>(sessionStorage, key),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
