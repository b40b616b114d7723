/**
 * The delivery log (issue 20 §6): a user's messages for push/log, and every channel's counts for the
 * console. An e-mail delivery handed to the mail outbox takes its state from the outbox row (pending is
 * queued, or waiting while no SMTP server is set).
 */
import type { ChannelOutboxSchema, Delivery } from '@ems/contract/api/push';
import type { z } from 'zod';
import type { DbHandle } from '../../db/client';
import { SMTP_SETTING } from '../mail/smtp-settings';

/** The state of a delivery row, an e-mail's from its outbox row. */
const STATE_SQL = `CASE
  WHEN d.mail_id IS NULL THEN d.status
  WHEN m.state = 'sent' THEN 'sent'
  WHEN m.state = 'failed' THEN 'failed'
  WHEN NOT EXISTS (SELECT 1 FROM settings WHERE key = '${SMTP_SETTING}') THEN 'waiting'
  ELSE 'queued' END`;

/** Why an e-mail waits: no SMTP server set (the reason of its delivery row is empty). */
const REASON_SQL = `CASE
  WHEN d.reason IS NOT NULL OR d.mail_id IS NULL OR m.state IN ('sent', 'failed') THEN d.reason
  WHEN NOT EXISTS (SELECT 1 FROM settings WHERE key = '${SMTP_SETTING}') THEN 'push.reason.notSetUp'
  END`;

/** One page of `userId`'s deliveries, newest first (recipients and reasons still raw). */
export async function deliveryPage(
  db: DbHandle,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{
  rows: (Omit<Delivery, 'reason'> & { reason: string | null; mailError: string | null })[];
  total: number;
}> {
  const [rows, total] = await Promise.all([
    db.query<
      Omit<Delivery, 'reason'> & {
        reason: string | null;
        mailError: string | null;
        createdAt: Date;
        sentAt: Date | null;
      }
    >(
      `SELECT d.id::int AS id, d.created_at AS "createdAt", coalesce(d.sent_at, m.sent_at) AS "sentAt", d.kind,
              d.channel, d.recipient, ${STATE_SQL} AS status, ${REASON_SQL} AS reason, m.last_error AS "mailError",
              d.message->>'title' AS subject
       FROM push_deliveries d LEFT JOIN mail_outbox m ON m.id = d.mail_id
       WHERE d.user_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2 OFFSET $3`,
      [userId, page.pageSize, (page.pageNum - 1) * page.pageSize],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_deliveries WHERE user_id = $1', [userId]),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
      sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
    })),
    total: total.rows[0]?.n ?? 0,
  };
}

/** Each channel's counts by state, and its retried attempts. */
export async function channelCounts(
  db: DbHandle,
): Promise<Omit<z.infer<typeof ChannelOutboxSchema>, 'setUp'>[]> {
  const res = await db.query<{ channel: string; status: string; n: number; retries: number }>(
    `SELECT d.channel, ${STATE_SQL} AS status, count(*)::int AS n,
            sum(greatest(coalesce(m.attempts, d.attempts) - 1, 0))::int AS retries
     FROM push_deliveries d LEFT JOIN mail_outbox m ON m.id = d.mail_id
     GROUP BY 1, 2`,
  );
  const out = new Map<string, Omit<z.infer<typeof ChannelOutboxSchema>, 'setUp'>>();
  for (const r of res.rows) {
    const c = out.get(r.channel) ?? {
      channel: r.channel as z.infer<typeof ChannelOutboxSchema>['channel'],
      queued: 0,
      waiting: 0,
      sent: 0,
      failed: 0,
      suppressed: 0,
      retries: 0,
    };
    const key = r.status as 'queued' | 'waiting' | 'sent' | 'failed' | 'suppressed';
    if (key in c) c[key] += r.n;
    c.retries += r.retries;
    out.set(r.channel, c);
  }
  return [...out.values()];
}
