/** POST /owner_api/webpvesc/ajax/manage/users/edit (admin): user type, disable/enable (ends sessions), limits. */
import { api } from '../../../shared/http/client';

/** Changes what is given of `usertype` (1–4), `disabled` and the site and device limits. */
export function editUser(body: {
  userId: number;
  usertype?: 1 | 2 | 3 | 4;
  disabled?: boolean;
  /** Spec §9 limits; null: back to the platform default. */
  maxStations?: number | null;
  maxDevices?: number | null;
}): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/users/edit', body);
}
