/** POST /owner_api/webpvesc/ajax/manage/app/versions/create (admin): publishes a version. */
import type { AppVersionCreateBodySchema } from '@ems/contract/api/admin';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The version as the form sends it. */
export type AppVersionInput = Omit<z.input<typeof AppVersionCreateBodySchema>, 'languageId'>;

/** Publishes the version (versionCode must grow per platform). */
export function createAppVersion(body: AppVersionInput): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/app/versions/create', body);
}
