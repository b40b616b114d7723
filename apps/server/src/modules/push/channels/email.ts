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
import { groupedMessage } from '../render';
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

/** Most alarm messages one grouped e-mail carries: an alarm storm's mail stays readable. */
export const MAIL_GROUP_MAX = 20;

/**
 * The mails of `deliveries`: those for the same mailbox in the same language go in one mail, up to
 * MAIL_GROUP_MAX each, in the order given (issue 36 §2: an alarm storm on a site is a few mails to its
 * owner, not one per alarm, as Alertmanager groups its notifications). A mailbox with one message gets
 * that message as it is. No message waits for another: only what was handed over together is grouped.
 */
export function groupMails(deliveries: readonly DeliveryToSend[]): DeliveryToSend[][] {
  const open = new Map<string, DeliveryToSend[]>();
  const out: DeliveryToSend[][] = [];
  for (const d of deliveries) {
    const key = `${d.recipient}\u0000${d.message.language}`;
    let group = open.get(key);
    if (!group || group.length === MAIL_GROUP_MAX) {
      group = [];
      open.set(key, group);
      out.push(group);
    }
    group.push(d);
  }
  return out;
}

/**
 * Writes the mails of `deliveries` to the outbox (grouped by mailbox, groupMails) and links each delivery
 * to its mail, recording the attempt (attempts, reason cleared), in one statement: the mails and the links
 * commit together, so a retried job finds the link and stops.
 */
async function handOverMail(db: DbHandle, deliveries: readonly DeliveryToSend[], tx?: Tx): Promise<void> {
  const groups = groupMails(deliveries);
  const mails = groups.map((g, i) => {
    const message =
      g.length === 1
        ? g[0]!.message
        : groupedMessage(
            g.map((d) => d.message),
            g[0]!.message.language,
          );
    return {
      g: i,
      to_address: g[0]!.recipient,
      subject: message.title,
      body: message.text,
      html: message.html ?? null,
      carries: g.length,
    };
  });
  const links = groups.flatMap((g, i) => g.map((d) => ({ delivery_id: d.id, attempts: d.attempt, g: i })));
  // Ids drawn first (a materialized CTE evaluates nextval once per row), so each delivery learns its mail's.
  await (tx ?? db.db).execute(
    sql`WITH mails AS MATERIALIZED (
       SELECT x.*, nextval(pg_get_serial_sequence('mail_outbox', 'id'))::int AS mail_id
       FROM jsonb_to_recordset(${JSON.stringify(mails)}::jsonb)
         AS x(g int, to_address text, subject text, body text, html text, carries smallint)
     ), inserted AS (
       INSERT INTO mail_outbox (id, to_address, subject, body, html, origin, carries)
       SELECT mail_id, to_address, subject, body, html, 'push', carries FROM mails
     )
     UPDATE push_deliveries d SET mail_id = mails.mail_id, attempts = link.attempts, reason = NULL
     FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS link(delivery_id bigint, attempts int, g int)
       JOIN mails ON mails.g = link.g
     WHERE d.id = link.delivery_id`,
  );
}
