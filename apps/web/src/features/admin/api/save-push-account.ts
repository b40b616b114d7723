/**
 * POST /owner_api/webpvesc/ajax/manage/push/account (admin): saves the official-account settings; an
 * empty appSecret keeps the stored one. Messages that waited for the channel are sent.
 */
import type { AccountSettingsBodySchema } from '@ems/contract/api/push';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The settings as the form sends them (languageId is added by the client). */
export type PushAccountInput = Omit<z.input<typeof AccountSettingsBodySchema>, 'languageId'>;

/** Saves the settings. */
export function savePushAccount(body: PushAccountInput): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/push/account', body);
}
