/**
 * E-mail (issue 20 §4): through the platform's mail outbox and SMTP settings, so a push e-mail is
 * retried, waits while no SMTP server is set, and shows in the console's outbox like every other mail.
 * The delivery's state is its outbox row's (log-repo.ts). A report e-mail carries the period's .xlsx.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/client';
import { mailOutbox, pushDeliveries, pushMailboxes, users } from '../../../db/schema';
import { mailQueued, type Tx } from '../../mail/outbox';
import { readSmtpSettings } from '../../mail/smtp-settings';
import type { DeliveryToSend, PushChannelImpl } from '../channel';
import { maskEmail } from '../mask';
import { reportAttachment } from '../report-attachment';

export const emailChannel: PushChannelImpl = {
  channel: 'email',
  isSetUp: async ({ db }) => (await readSmtpSettings(db.db)) !== null,
  waitsUntilSetUp: false,
  recipients: async ({ db }, userId, mailboxIds) => {
    if (mailboxIds.length > 0) {
      const rows = await db.db
        .select({ email: pushMailboxes.email })
        .from(pushMailboxes)
        .where(
          and(
            eq(pushMailboxes.userId, userId),
            inArray(pushMailboxes.id, [...mailboxIds]),
            isNotNull(pushMailboxes.verifiedAt),
          ),
        );
      return rows.map((r) => ({ recipient: r.email.toLowerCase(), label: maskEmail(r.email) }));
    }
    const [own] = await db.db
      .select({ email: users.email, verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId));
    return own?.email && own.verified
      ? [{ recipient: own.email.toLowerCase(), label: maskEmail(own.email) }]
      : [];
  },
  label: async (_deps, recipient) => maskEmail(recipient),
  send: async (deps, delivery) => {
    const attachment = delivery.message.report ? await reportAttachment(deps, delivery) : null;
    // The mail and the delivery's link to it commit together: a retried job finds the link and stops.
    const mailId = await deps.db.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          to: delivery.recipient,
          subject: delivery.message.title,
          body: delivery.message.text,
          html: delivery.message.html ?? null,
          attachmentName: attachment?.name ?? null,
          attachment: attachment?.data ?? null,
          origin: 'push',
        })
        .returning({ id: mailOutbox.id });
      await tx.update(pushDeliveries).set({ mailId: row!.id }).where(eq(pushDeliveries.id, delivery.id));
      return row!.id;
    });
    mailQueued(deps.db);
    return { status: 'queuedElsewhere', mailId };
  },
  handOver: {
    // A report's mail carries its attachment, built one at a time by send.
    accepts: (delivery) => !delivery.message.report,
    send: (deps, deliveries, tx) => handOverMail(deps.db, deliveries, tx),
    handedOver: (deps) => mailQueued(deps.db),
  },
};

/**
 * Writes the mails of `deliveries` to the outbox and links each delivery to its mail, recording the
 * attempt (attempts, reason cleared), in one statement: the mail and the link commit together, so a
 * retried job finds the link and stops.
 */
async function handOverMail(db: DbHandle, deliveries: readonly DeliveryToSend[], tx?: Tx): Promise<void> {
  const records = deliveries.map((d) => ({
    delivery_id: d.id,
    attempts: d.attempt,
    to_address: d.recipient,
    subject: d.message.title,
    body: d.message.text,
    html: d.message.html ?? null,
  }));
  // Ids drawn first (a materialized CTE evaluates nextval once per row), so each delivery learns its mail's.
  await (tx ?? db.db).execute(
    sql`WITH src AS MATERIALIZED (
       SELECT x.*, nextval(pg_get_serial_sequence('mail_outbox', 'id'))::int AS mail_id
       FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
         AS x(delivery_id bigint, attempts int, to_address text, subject text, body text, html text)
     ), mail AS (
       INSERT INTO mail_outbox (id, to_address, subject, body, html, origin)
       SELECT mail_id, to_address, subject, body, html, 'push' FROM src
     )
     UPDATE push_deliveries d SET mail_id = src.mail_id, attempts = src.attempts, reason = NULL
     FROM src WHERE d.id = src.delivery_id`,
  );
}
