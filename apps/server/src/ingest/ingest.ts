/**
 * The ingest (docs/device-protocol.md): takes every device's telemetry and status messages, checks
 * each against the contract schema and limits, maps SunSpec points to telemetry rows by device type and
 * writes them by group commit (batcher.ts → writer.ts; duplicates of device + timestamp are ignored
 * there). A message is acknowledged only once its samples are committed
 * (docs/decisions/0011-acknowledge-after-commit.md): in-process on the embedded broker, over a
 * persistent session with deferred PUBACKs on an external one (ingest-link.ts), or by acknowledging
 * the delivery of RabbitMQ's queue that several nodes divide (ingest-amqp.ts). A bad message is logged
 * (rate limited), counted and acknowledged, never thrown. Online/offline is derived from
 * device_latest.last_seen_at, so a status message only logs.
 *
 * This file puts the parts together and routes each topic to its handler: the source of messages
 * (ingest-source.ts), which senders are handled and when (device-admission.ts), telemetry
 * (ingest-telemetry.ts) and the other events (ingest-events.ts); the types are in ingest-types.ts.
 */
import { DEVICE_LIMITS, parseDeviceTopic } from '@ems/contract/telemetry';
import { createAlarmQueue } from '../modules/alarms/alarm-queue';
import { baselineCacheOf } from '../modules/telemetry/baseline-cache';
import { createBatcher } from './batcher';
import { createDeviceAdmission } from './device-admission';
import { createDeviceDirectory, KNOWN_TTL_MS } from './device-directory';
import { createDeviceRate } from './device-rate';
import { createEventHandlers } from './ingest-events';
import { openIngestSource } from './ingest-source';
import { createTelemetryAccept } from './ingest-telemetry';
import type { Ingest, IngestCounts, IngestOptions } from './ingest-types';
import { createRateLimitedLog } from './rate-limited-log';

export type { CommandHooks, Ingest, IngestOptions, IngestStats } from './ingest-types';
export { ingestClientId } from './ingest-types';

/** Attaches to the embedded broker, or connects to the external `mqttUrl`, or consumes `amqpUrl`'s queue. */
export async function startIngest(opts: IngestOptions): Promise<Ingest> {
  const { db, log, commands } = opts;
  const devices = createDeviceDirectory(db);
  const known = await devices.preload();
  const batcher = createBatcher({ db, log, maxBatch: opts.maxBatch, onBatch: opts.onBatch });
  const alarms = createAlarmQueue(db, log);
  const baselines = baselineCacheOf(db);
  let linkUp = !!opts.broker;
  let stopping = false;
  const warn = createRateLimitedLog(log, 10_000);
  const notice = createRateLimitedLog(log, 10_000, 'info');
  const oncePerDevice = createRateLimitedLog(log, 3_600_000);
  const counts: IngestCounts = {
    messages: 0,
    events: 0,
    received: 0,
    invalid: 0,
    badTimestamps: 0,
    unknownDevice: 0,
    droppedByLimits: 0,
  };
  const rate = createDeviceRate(
    opts.deviceRate ?? {
      perSecond: DEVICE_LIMITS.messagesPerSecond,
      burst: DEVICE_LIMITS.burstMessages,
      burstWindowS: DEVICE_LIMITS.burstWindowS,
    },
  );
  const { ofKnownDevice, eventOfKnownDevice } = createDeviceAdmission({
    devices,
    rate,
    counts,
    stopping: () => stopping,
    warn,
    oncePerDevice,
  });
  const accept = createTelemetryAccept({
    counts,
    batcher,
    alarms,
    baselines,
    commands,
    warn,
    oncePerDevice,
    onMeterSample: opts.onMeterSample,
  });
  const events = createEventHandlers({
    db,
    log,
    alarms,
    commands,
    warn,
    notice,
    confirmGatewayDevices: opts.confirmGatewayDevices,
  });
  // preload() stamps every device with one time: without a refresh they would all expire together and
  // each device's next message would wait for its own query, one after another (QoS 1 is handled serially).
  const refresh = setInterval(() => {
    devices.preload().catch((err: unknown) => warn('preload', { err }, 'device directory refresh failed'));
  }, KNOWN_TTL_MS / 2).unref();

  // The device is looked up before the payload is parsed: a stranger's message costs no parsing.
  function onTelemetry(sn: string, payload: Buffer, qos: number | undefined): Promise<void> | undefined {
    counts.messages++;
    return ofKnownDevice(sn, qos, (device) => {
      commands?.seen(device, sn, true);
      return accept(device, sn, payload);
    });
  }

  function onMessage(topic: string, payload: Buffer, qos?: number): Promise<void> | undefined {
    const t = parseDeviceTopic(topic);
    if (!t) return;
    if (t.kind === 'telemetry') return onTelemetry(t.sn, payload, qos);
    counts.events++;
    if (t.kind === 'status')
      return eventOfKnownDevice(t.sn, qos, (device) => void events.onStatus(device, t.sn, payload));
    if (t.kind === 'alarm')
      return eventOfKnownDevice(t.sn, qos, (device) => events.acceptAlarm(device, t.sn, payload));
    if (t.kind === 'commandAck' && commands)
      return eventOfKnownDevice(t.sn, qos, (device) => commands.ack(device, payload));
    // A gateway's announcement is a device's message like the others: known device, its rate, its order.
    if (t.kind === 'gatewayDevices')
      return eventOfKnownDevice(t.sn, qos, () => events.onGatewayDevices(t.sn, payload));
  }

  const source = await openIngestSource(opts, {
    log,
    onMessage,
    onState: (up) => {
      linkUp = up;
    },
    batcher,
    known,
  });

  return {
    ready: source.ready,
    stats: () => {
      const b = batcher.stats;
      return {
        ...counts,
        rateLimited: rate.refused(),
        throttled: rate.throttled(),
        stored: b.stored,
        duplicates: b.duplicates,
        failed: b.failed,
        batches: b.batches,
        lastFlushMs: b.lastFlushMs,
        writeErrors: b.writeErrors,
        pending: b.pending + b.writing,
        linkUp,
      };
    },
    flush: async () => {
      await batcher.flush();
      await alarms.flush();
    },
    alarmStats: () => ({ ...alarms.stats }),
    rateLimitedDevices: (n) => rate.worst(n),
    stop: async () => {
      stopping = true;
      clearInterval(refresh);
      await source.close();
      await batcher.stop();
      await alarms.flush();
    },
  };
}
