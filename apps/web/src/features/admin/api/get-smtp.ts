/** GET /owner_api/webpvesc/ajax/manage/smtp (admin): SMTP settings; the password only as hasPassword. */
import type { SmtpSettings } from '@ems/contract/api/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

/** Reads the SMTP settings. */
export function getSmtp(signal?: AbortSignal): Promise<SmtpSettings> {
  return api.get<SmtpSettings>('/webpvesc/ajax/manage/smtp', undefined, signal);
}

/** The settings query. */
export function smtpQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'smtp'], queryFn: ({ signal }) => getSmtp(signal) });
}

/** The SMTP settings. */
export function useSmtp() {
  return useQuery(smtpQueryOptions());
}
