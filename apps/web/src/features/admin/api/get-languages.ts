/** GET /owner_api/webpvesc/ajax/manage/languages (admin): the interface languages with their names. */
import type { Language } from '@ems/contract/api/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

/** Reads the languages. */
export function getLanguages(signal?: AbortSignal): Promise<Language[]> {
  return api.get<Language[]>('/webpvesc/ajax/manage/languages', undefined, signal);
}

/** The languages query. */
export function languagesQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'languages'], queryFn: ({ signal }) => getLanguages(signal) });
}

/** The languages. */
export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
