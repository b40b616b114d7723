/**
 * The delivery job (issue 20 §4, §7): one job of the `push-deliver` queue per delivery row, created in
 * the transaction that created the row (fanout.ts, reports.ts, test sends). The job checks that the user
 * may still receive it (a share ended: suppressed), that the channel is set up (else the delivery waits,
 * and is queued again when the administrator sets it up), hands it to its channel, and records what
 * became of it. A failed attempt is retried by the queue with backoff; after the last the delivery is
 * failed with the channel's reason. A delivery already settled is left alone, so a repeated job never
 * sends twice what was recorded as sent.
 */
import type { PushChannel } from '@ems/contract/api/push';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pushDeliveries } from '../../db/schema';
import type { JobQueue, QueueDefinition, QueueJob } from '../../jobs/queue';
import type { Tx } from '../mail/outbox';
import type { ChannelDeps, PushMessage } from './channel';
import { CHANNELS } from './channels/registry';
import { countDelivery, type SettledStatus } from './metrics';
import { stillAllowed } from './recipients';

/** The delivery queue: 8 attempts, 30 s doubling up to 1 h (as mail), then the delivery fails. */
export const DELIVER_QUEUE: QueueDefinition = {
  name: 'push-deliver',
  retryLimit: 7,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 120,
};

/** Data of a delivery job. */
interface DeliverJob {
  deliveryId: number;
}

/** Declares the delivery queue in this process: call before a transaction that queues deliveries. */
export function declareDeliveries(queue: JobQueue): Promise<void> {
  return queue.declare([DELIVER_QUEUE]);
}

/**
 * Queues the delivery job of each of `ids`, inside `tx` when given (the transaction that made them;
 * declareDeliveries must have run before it opened).
 */
export async function queueDeliveries(
  queue: JobQueue,
  ids: readonly number[],
  tx?: Tx,
  startAfter?: Date,
): Promise<void> {
  for (const deliveryId of ids) {
    await queue.send(DELIVER_QUEUE.name, { deliveryId }, startAfter ? { startAfter } : {}, tx);
  }
}

/**
 * Queues again every delivery of `channel` that waits for the channel to be set up (after the
 * administrator saved its settings). @returns how many.
 */
export async function releaseWaiting(
  deps: ChannelDeps,
  queue: JobQueue,
  channel: PushChannel,
): Promise<number> {
  const rows = await deps.db.db
    .update(pushDeliveries)
    .set({ status: 'queued', reason: null })
    .where(and(eq(pushDeliveries.channel, channel), eq(pushDeliveries.status, 'waiting')))
    .returning({ id: pushDeliveries.id });
  await queueDeliveries(
    queue,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** Records the outcome of a delivery of `channel`, and counts it (metrics.ts) when it settled. */
async function settle(
  deps: ChannelDeps,
  d: { id: number; channel: string },
  values: Partial<typeof pushDeliveries.$inferInsert>,
): Promise<void> {
  await deps.db.db.update(pushDeliveries).set(values).where(eq(pushDeliveries.id, d.id));
  if (values.status) countDelivery(d.channel as PushChannel, values.status as SettledStatus);
}

/** Handles one delivery job. @throws when the attempt failed and should be retried. */
export async function deliver(deps: ChannelDeps, job: QueueJob<DeliverJob>): Promise<void> {
  const [d] = await deps.db.db
    .select()
    .from(pushDeliveries)
    .where(
      and(eq(pushDeliveries.id, job.data.deliveryId), inArray(pushDeliveries.status, ['queued', 'waiting'])),
    );
  // Settled, or handed to the mail outbox already (which now owns its fate).
  if (!d || d.mailId !== null) return;
  const channel = CHANNELS[d.channel as PushChannel];
  if (!(await stillAllowed(deps, d))) {
    return settle(deps, d, { status: 'suppressed', reason: 'push.reason.noAccess' });
  }
  if (channel.waitsUntilSetUp && !(await channel.isSetUp(deps))) {
    return settle(deps, d, { status: 'waiting', reason: 'push.reason.notSetUp' });
  }
  const attempt = d.attempts + 1;
  try {
    const outcome = await channel.send(deps, {
      id: d.id,
      userId: d.userId,
      channel: d.channel as PushChannel,
      recipient: d.recipient,
      kind: d.kind,
      message: d.message as PushMessage,
      attempt,
    });
    if (outcome.status === 'sent') {
      return settle(deps, d, {
        status: 'sent',
        attempts: attempt,
        sentAt: sql`now()` as never,
        reason: null,
      });
    }
    if (outcome.status === 'gone') {
      return settle(deps, d, { status: 'failed', attempts: attempt, reason: outcome.reason });
    }
    // Another outbox carries it (e-mail, which recorded mailId in the same transaction): its state is
    // read from there.
    return settle(deps, d, { attempts: attempt, reason: null });
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const last = job.retryCount >= (job.retryLimit ?? DELIVER_QUEUE.retryLimit!);
    await settle(deps, d, { attempts: attempt, reason, ...(last ? { status: 'failed' } : {}) });
    if (!last) throw err;
  }
}

/**
 * Handles a batch of delivery jobs as the worker fetched them. @returns one outcome per job, in order:
 * null when done, else the error that job is retried with (a failure retries only its own job).
 */
export async function deliverBatch(
  deps: ChannelDeps,
  jobs: QueueJob<DeliverJob>[],
): Promise<(Error | null)[]> {
  const outcomes: (Error | null)[] = [];
  for (const job of jobs) {
    try {
      await deliver(deps, job);
      outcomes.push(null);
    } catch (err) {
      outcomes.push(err instanceof Error ? err : new Error(String(err)));
    }
  }
  return outcomes;
}

/** Starts the delivery workers of this process. */
export async function startDeliveries(deps: ChannelDeps, queue: JobQueue): Promise<void> {
  await declareDeliveries(queue);
  await queue.workBatch<DeliverJob>(DELIVER_QUEUE.name, (jobs) => deliverBatch(deps, jobs));
}
