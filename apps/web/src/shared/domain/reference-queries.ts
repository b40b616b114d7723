/**
 * The reference data several features read (spec §3 Dictionary keys sys_timezone, sys_currencysymbol;
 * station templates; valid-address categories), kept in session storage for the session
 * (shared/http/reference-data.ts).
 */
import { type AddressLimit, SITE_BUS_CONF_TYPE } from '@ems/contract/api/device-limits';
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

/**
 * The valid-address categories of a site's bus (GET configure/device/base/address/limit, confTypes [3])
 * as session-stored reference data (spec §3 "valid-address categories").
 */
export function addressLimitsQueryOptions() {
  return referenceQueryOptions(`address-limit.${SITE_BUS_CONF_TYPE}`, (signal) =>
    api.get<AddressLimit[]>(
      '/webpvesc/ajax/configure/device/base/address/limit',
      { confTypes: [SITE_BUS_CONF_TYPE] },
      signal,
    ),
  );
}
