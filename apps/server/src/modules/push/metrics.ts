/**
 * Prometheus counters of push (issue 20 §6), served with the ingest's at `/metrics` (ingest/metrics.ts):
 * `ems_push_deliveries_total{channel,status}` counts deliveries as they settle on this process: sent,
 * failed, suppressed or waiting (a channel not set up) by the delivery job (deliver.ts), and an
 * e-mail's sent or failed when the mail sender marks the outbox row that carries it.
 */
import type { PushChannel } from '@ems/contract/api/push';
import { Counter, type Registry } from 'prom-client';
import type { DbHandle } from '../../db/client';
import { onMailSettled } from '../mail/outbox';

/** A state a delivery settles in. */
export type SettledStatus = 'sent' | 'failed' | 'suppressed' | 'waiting';

const deliveries = new Counter({
  name: 'ems_push_deliveries_total',
  help: 'Push deliveries settled on this process, by channel and status (sent, failed, suppressed, waiting)',
  labelNames: ['channel', 'status'] as const,
  registers: [],
});

/** Counts `n` deliveries (one unless a grouped mail settled) of `channel` settled as `status`. */
export function countDelivery(channel: PushChannel, status: SettledStatus, n = 1): void {
  deliveries.inc({ channel, status }, n);
}

/**
 * Adds the push counters to `registry` and counts the e-mails of push deliveries that the mail sender
 * of this process settles on `db`. @returns the unsubscribe function.
 */
export function registerPushMetrics(registry: Registry, db: DbHandle): () => void {
  if (!registry.getSingleMetric('ems_push_deliveries_total')) registry.registerMetric(deliveries);
  // Only a mail that carries a push delivery counts (not sign-up codes and the like). The mail says so
  // itself (its origin): a query per settled mail to find its delivery was one more statement per alarm
  // on the ingest's database (issue 36 §2).
  return onMailSettled(db, ({ origin, state, carries }) => {
    if (origin === 'push') countDelivery('email', state, carries);
  });
}
