/**
 * E-mail (issue 20 §4): through the platform's mail outbox and SMTP settings, so a push e-mail is
 * retried, waits while no SMTP server is set, and shows in the console's outbox like every other mail.
 * The delivery's state is its outbox row's (log-repo.ts). A report e-mail carries the period's .xlsx.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { mailOutbox, pushDeliveries, pushMailboxes, users } from '../../../db/schema';
import { mailQueued } from '../../mail/outbox';
import { readSmtpSettings } from '../../mail/smtp-settings';
import type { PushChannelImpl } from '../channel';
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
        })
        .returning({ id: mailOutbox.id });
      await tx.update(pushDeliveries).set({ mailId: row!.id }).where(eq(pushDeliveries.id, delivery.id));
      return row!.id;
    });
    mailQueued(deps.db);
    return { status: 'queuedElsewhere', mailId };
  },
};
