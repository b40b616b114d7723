/**
 * POST push/test (issue 20 §1): a test message to every recipient the caller has on one channel, through
 * the same deliveries and jobs as real pushes, so it shows in the log with what became of it.
 */

import { randomUUID } from 'node:crypto';
import type { PushChannel } from '@ems/contract/api/push';
import { and, eq, isNotNull } from 'drizzle-orm';
import { publicUrlOf } from '../../config';
import { pushDeliveries, pushMailboxes } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { languageCodeOf } from '../account/language-of';
import type { ChannelDeps } from './channel';
import { CHANNELS } from './channels/registry';
import { declareDeliveries, queueDeliveries } from './deliver';
import { testMessage } from './render';

/** Queues a test on `channel` to each of the user's recipients there. @returns how many. */
export async function sendTest(
  deps: ChannelDeps,
  queue: JobQueue,
  userId: number,
  channel: PushChannel,
  languageId: number,
): Promise<number> {
  // An e-mail test goes to every verified receiving mailbox (the account's own e-mail without any).
  const mailboxIds =
    channel === 'email'
      ? (
          await deps.db.db
            .select({ id: pushMailboxes.id })
            .from(pushMailboxes)
            .where(and(eq(pushMailboxes.userId, userId), isNotNull(pushMailboxes.verifiedAt)))
        ).map((m) => m.id)
      : [];
  const recipients = await CHANNELS[channel].recipients(deps, userId, mailboxIds);
  if (recipients.length === 0) return 0;
  const message = testMessage(channel, languageCodeOf(languageId), publicUrlOf(deps.config));
  await declareDeliveries(queue);
  await deps.db.db.transaction(async (tx) => {
    const rows = await tx
      .insert(pushDeliveries)
      .values(
        recipients.map((r) => ({
          // Every test is a message of its own.
          dedupeKey: `test:${randomUUID()}`,
          userId,
          kind: 'test',
          channel,
          recipient: r.recipient,
          message,
        })),
      )
      .returning({ id: pushDeliveries.id });
    await queueDeliveries(
      queue,
      rows.map((r) => r.id),
      tx,
    );
  });
  return recipients.length;
}
