/** POST /owner_api/webpvesc/ajax/manage/users/edit (admin): user type, or disable/enable (ends sessions). */
import { api } from '../../../shared/http/client';

/** Changes what is given of `usertype` (1–4) and `disabled`. */
export function editUser(body: {
  userId: number;
  usertype?: 1 | 2 | 3 | 4;
  disabled?: boolean;
}): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/users/edit', body);
}
