/**
 * The delivery job (issue 20 §4, §7): one job of the `push-deliver` queue per delivery row, created in
 * the transaction that created the row (fanout.ts, reports.ts, test sends; the alarm fan-out hands new
 * e-mails to the mail outbox itself and queues jobs only for the others). The job checks that the user
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
import type { ChannelDeps, DeliveryToSend, PushMessage } from './channel';
import { CHANNELS } from './channels/registry';
import { countDelivery, type SettledStatus } from './metrics';
import { stillAllowedCheck } from './recipients';

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
 * Queues the delivery job of each of `ids`, inside `tx` when given (the transaction that made them, in one
 * statement; declareDeliveries must have run before it opened).
 */
export async function queueDeliveries(
  queue: JobQueue,
  ids: readonly number[],
  tx?: Tx,
  startAfter?: Date,
): Promise<void> {
  if (tx) {
    const jobs = ids.map((deliveryId) => ({ data: { deliveryId }, ...(startAfter ? { startAfter } : {}) }));
    return queue.sendMany(DELIVER_QUEUE.name, jobs, tx);
  }
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

type DeliveryRow = typeof pushDeliveries.$inferSelect;

/** Handles one delivery job. @throws when the attempt failed and should be retried. */
export async function deliver(deps: ChannelDeps, job: QueueJob<DeliverJob>): Promise<void> {
  const [err] = await deliverBatch(deps, [job]);
  if (err) throw err;
}

/**
 * Handles a batch of delivery jobs as the worker fetched them: their rows read in one statement, each
 * user's access checked once, and what a channel hands on together (e-mail to the outbox) in one
 * statement. @returns one outcome per job, in order: null when done, else the error that job is retried
 * with (a failure retries only its own job).
 */
export async function deliverBatch(
  deps: ChannelDeps,
  jobs: readonly QueueJob<DeliverJob>[],
): Promise<(Error | null)[]> {
  const outcomes: (Error | null)[] = jobs.map(() => null);
  const rows = await deps.db.db
    .select()
    .from(pushDeliveries)
    .where(
      and(
        inArray(
          pushDeliveries.id,
          jobs.map((j) => j.data.deliveryId),
        ),
        inArray(pushDeliveries.status, ['queued', 'waiting']),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const allowed = stillAllowedCheck(deps);
  const together = new Map<PushChannel, { i: number; d: DeliveryRow }[]>();
  const failed = async (i: number, d: DeliveryRow, err: unknown) => {
    if (await attemptFailed(deps, d, jobs[i]!, err)) outcomes[i] = asError(err);
  };
  const handled = new Set<number>();
  for (const [i, job] of jobs.entries()) {
    const d = byId.get(job.data.deliveryId);
    // Settled, or handed to the mail outbox already (which now owns its fate), or a second job of the
    // same delivery in this batch (the first one's handling covers it, as it would one after the other).
    if (!d || d.mailId !== null || handled.has(d.id)) continue;
    handled.add(d.id);
    const channel = CHANNELS[d.channel as PushChannel];
    let ready = false;
    try {
      if (!(await allowed(d))) {
        await settle(deps, d, { status: 'suppressed', reason: 'push.reason.noAccess' });
      } else if (channel.waitsUntilSetUp && !(await channel.isSetUp(deps))) {
        await settle(deps, d, { status: 'waiting', reason: 'push.reason.notSetUp' });
      } else ready = true;
    } catch (err) {
      // Not an attempt: retried without counting one.
      outcomes[i] = asError(err);
    }
    if (!ready) continue;
    if (channel.handOver?.accepts(toSend(d))) {
      together.set(channel.channel, [...(together.get(channel.channel) ?? []), { i, d }]);
      continue;
    }
    try {
      await sendOne(deps, d);
    } catch (err) {
      await failed(i, d, err);
    }
  }
  for (const [name, group] of together) {
    try {
      const handOver = CHANNELS[name].handOver!;
      await handOver.send(
        deps,
        group.map(({ d }) => toSend(d)),
      );
      handOver.handedOver(deps);
    } catch (err) {
      for (const { i, d } of group) await failed(i, d, err);
    }
  }
  return outcomes;
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

const toSend = (d: DeliveryRow): DeliveryToSend => ({
  id: d.id,
  userId: d.userId,
  channel: d.channel as PushChannel,
  recipient: d.recipient,
  kind: d.kind,
  message: d.message as PushMessage,
  attempt: d.attempts + 1,
});

/** Hands `d` to its channel and records the outcome. @throws when the attempt failed. */
async function sendOne(deps: ChannelDeps, d: DeliveryRow): Promise<void> {
  const attempt = d.attempts + 1;
  const outcome = await CHANNELS[d.channel as PushChannel].send(deps, toSend(d));
  if (outcome.status === 'sent') {
    return settle(deps, d, { status: 'sent', attempts: attempt, sentAt: sql`now()` as never, reason: null });
  }
  if (outcome.status === 'gone') {
    return settle(deps, d, { status: 'failed', attempts: attempt, reason: outcome.reason });
  }
  // Another outbox carries it (e-mail, which recorded mailId in the same transaction): its state is
  // read from there.
  return settle(deps, d, { attempts: attempt, reason: null });
}

/** Records a failed attempt: its error as the reason, failed after the job's last try. @returns whether to retry. */
async function attemptFailed(
  deps: ChannelDeps,
  d: DeliveryRow,
  job: QueueJob<DeliverJob>,
  err: unknown,
): Promise<boolean> {
  const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  const last = job.retryCount >= (job.retryLimit ?? DELIVER_QUEUE.retryLimit!);
  await settle(deps, d, { attempts: d.attempts + 1, reason, ...(last ? { status: 'failed' } : {}) });
  return !last;
}

/** Starts the delivery workers of this process. */
export async function startDeliveries(deps: ChannelDeps, queue: JobQueue): Promise<void> {
  await declareDeliveries(queue);
  await queue.workBatch<DeliverJob>(DELIVER_QUEUE.name, (jobs) => deliverBatch(deps, jobs));
}
