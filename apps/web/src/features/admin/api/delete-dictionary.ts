/** POST /owner_api/webpvesc/ajax/manage/dictionaries/del (admin): deletes an item. */
import { api } from '../../../shared/http/client';

/** Deletes item `id`. */
export function deleteDictionary(id: number): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/dictionaries/del', { id });
}
