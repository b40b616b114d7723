/**
 * The reference data several features read (spec §3 Dictionary keys sys_timezone, sys_currencysymbol;
 * station templates), kept in session storage for the session (shared/http/reference-data.ts).
 */
import type { DictionaryItem, DictionaryListSchema, StationTemplate } from '@ems/contract/api/dictionary';
import type { z } from 'zod';
import { api } from '../http/client';
import { referenceQueryOptions } from '../http/reference-data';

/** Reads the items of dictionary `key` (GET dictionary/list). */
export async function getDictionary(key: string, signal?: AbortSignal): Promise<DictionaryItem[]> {
  const data = await api.get<z.infer<typeof DictionaryListSchema>>(
    '/webpvesc/ajax/dictionary/list',
    { keys: [key] },
    signal,
  );
  return data[key] ?? [];
}

/** Dictionary `key` (time zones or currency symbols) as session-stored reference data. */
export function dictionaryQueryOptions(key: 'sys_timezone' | 'sys_currencysymbol') {
  return referenceQueryOptions(`dictionary.${key}`, (signal) => getDictionary(key, signal));
}

/** Every station template (GET station/templates) as session-stored reference data. */
export function templatesQueryOptions() {
  return referenceQueryOptions('templates', (signal) =>
    api.get<StationTemplate[]>('/webpvesc/ajax/station/templates', undefined, signal),
  );
}
