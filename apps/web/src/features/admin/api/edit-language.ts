/** POST /owner_api/webpvesc/ajax/manage/languages/edit (admin): renames a language. */
import { api } from '../../../shared/http/client';

/** Gives language `id` the name `languageName`. */
export function editLanguage(body: { id: number; languageName: string }): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/languages/edit', body);
}
