/** POST /owner_api/webpvesc/ajax/user/info/edit (spec §7): the personal centre's fields. */
import type { UserInfoEditBodySchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** Name, nickname, phone and time zone (languageId is added by the client). */
export type UserInfoEditInput = Omit<z.input<typeof UserInfoEditBodySchema>, 'languageId'>;

/** Saves the fields. */
export function editUserInfo(body: UserInfoEditInput): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/user/info/edit', body);
}
