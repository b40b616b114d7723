/** GET /owner_api/webpvesc/ajax/manage/dictionaries (admin): dictionary items by page and type. */
import type { AdminDictionaryPageSchema } from '@ems/contract/api/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';
import type { PageParams } from './get-users';

/** One page of items and the total. */
export type AdminDictionaryPage = z.infer<typeof AdminDictionaryPageSchema>;
/** Paging, search and the dictionary type (all types when omitted). */
export type DictionaryParams = PageParams & { dictType?: string };

/** Reads one page of dictionary items. */
export function getDictionaries(
  params: DictionaryParams,
  signal?: AbortSignal,
): Promise<AdminDictionaryPage> {
  return api.get<AdminDictionaryPage>('/webpvesc/ajax/manage/dictionaries', { ...params }, signal);
}

/** Query of one page. */
export function dictionariesQueryOptions(params: DictionaryParams) {
  return queryOptions({
    queryKey: ['admin', 'dictionaries', params],
    queryFn: ({ signal }) => getDictionaries(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The page of items for `params`. */
export function useDictionaries(params: DictionaryParams) {
  return useQuery(dictionariesQueryOptions(params));
}
