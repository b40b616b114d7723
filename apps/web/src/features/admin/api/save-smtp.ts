/** POST /owner_api/webpvesc/ajax/manage/smtp (admin): saves the settings; an empty password keeps the old one. */
import type { SmtpSettingsBodySchema } from '@ems/contract/api/admin';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The settings as the form sends them (languageId is added by the client). */
export type SmtpInput = Omit<z.input<typeof SmtpSettingsBodySchema>, 'languageId'>;

/** Saves the settings. */
export function saveSmtp(body: SmtpInput): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/smtp', body);
}
