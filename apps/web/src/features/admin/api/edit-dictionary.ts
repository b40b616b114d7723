/** POST /owner_api/webpvesc/ajax/manage/dictionaries/edit (admin): creates (no id) or updates an item. */
import type { DictionaryEditBodySchema } from '@ems/contract/api/admin';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The item as the form sends it. */
export type DictionaryInput = Omit<z.input<typeof DictionaryEditBodySchema>, 'languageId'>;

/** Saves the item. */
export function editDictionary(body: DictionaryInput): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/dictionaries/edit', body);
}
