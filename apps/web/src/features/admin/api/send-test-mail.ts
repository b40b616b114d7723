/** POST /owner_api/webpvesc/ajax/manage/smtp/test (admin): queues a test mail to `to`. */
import { api } from '../../../shared/http/client';

/** Queues the mail (it shows in the outbox, and arrives when SMTP works). */
export function sendTestMail(to: string): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/manage/smtp/test', { to });
}
