/**
 * GET /owner_api/webpvesc/ajax/dictionary/list?keys=sys_timezone (spec §3): the time zones a user may
 * choose. Kept in session storage (spec §3 "session storage caches time zone").
 */
import type { DictionaryItem, DictionaryListSchema } from '@ems/contract/api/dictionary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

const CACHE_KEY = 'dict:sys_timezone';

function cached(): DictionaryItem[] | undefined {
  try {
    const raw = sessionStorage.getItem(CACHE_KEY);
    const list: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(list) && list.length > 0 ? (list as DictionaryItem[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the sys_timezone items and refreshes the session cache. */
export async function getTimeZones(signal?: AbortSignal): Promise<DictionaryItem[]> {
  const data = await api.get<z.infer<typeof DictionaryListSchema>>(
    '/webpvesc/ajax/dictionary/list',
    { keys: ['sys_timezone'] },
    signal,
  );
  const items = data.sys_timezone ?? [];
  sessionStorage.setItem(CACHE_KEY, JSON.stringify(items));
  return items;
}

/** Reference data: the session cache answers at once; one read per page load refreshes it behind. */
export function timeZonesQueryOptions() {
  return queryOptions({
    queryKey: ['dictionary', 'sys_timezone'],
    queryFn: ({ signal }) => getTimeZones(signal),
    initialData: cached,
    initialDataUpdatedAt: 0,
    staleTime: 10 * 60_000,
  });
}

/** The time zone items. */
export function useTimeZones() {
  return useQuery(timeZonesQueryOptions());
}
