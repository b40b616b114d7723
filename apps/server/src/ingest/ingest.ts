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
 */
import { hostname } from 'node:os';
import { reportsParams } from '@ems/contract/api/device-params-points';
import {
  DEVICE_LIMITS,
  exceededLimit,
  parseDeviceTopic,
  StatusPayloadSchema,
  TelemetryPayloadSchema,
  toDate,
} from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/client';
import { type AlarmQueueStats, createAlarmQueue, parseAlarmPayload } from '../modules/alarms/alarm-queue';
import { baselineCacheOf } from '../modules/telemetry/baseline-cache';
import { createBatcher } from './batcher';
import type { EmbeddedBroker } from './broker';
import { createDeviceDirectory, KNOWN_TTL_MS, type KnownDevice } from './device-directory';
import { countRefusal, pointsRefusal, timeRefusal } from './device-gate';
import { createDeviceOrder } from './device-order';
import { createDeviceRate, type DeviceRateSettings, type RateLimitedDevice } from './device-rate';
import { acceptGatewayDevices } from './gateway-devices';
import { openAmqpIngestLink } from './ingest-amqp';
import { type IngestLinkInfo, openIngestLink, redact } from './ingest-link';
import { toTelemetryRow } from './point-mapping';
import { createRateLimitedLog } from './rate-limited-log';
import type { TelemetryRow } from './writer';

/** Counters of a running ingest (messages and samples since start). */
export interface IngestStats {
  /** Telemetry messages received. */
  messages: number;
  /** Status, alarm and command-answer messages received (on RabbitMQ: by one node at a time). */
  events: number;
  /** Samples accepted from valid messages of known devices. */
  received: number;
  /** Samples newly stored. */
  stored: number;
  /** Samples already stored (same device and timestamp). */
  duplicates: number;
  /** Messages dropped: not JSON or not TelemetryPayloadSchema. */
  invalid: number;
  /** Samples dropped for a timestamp before 2000 or more than 10 minutes ahead of the server clock. */
  badTimestamps: number;
  /** Messages dropped because no device has the serial number in the topic. */
  unknownDevice: number;
  /**
   * Messages dropped whole for exceeding DEVICE_LIMITS: payload bytes (an external broker without
   * `max_packet_size`), samples per message or points per sample.
   */
  droppedByLimits: number;
  /** QoS 0 messages dropped for going past their device's message rate (DEVICE_LIMITS, device-rate.ts). */
  rateLimited: number;
  /** QoS 1 messages past their device's rate, held (PUBACK and socket) until their turn, then stored. */
  throttled: number;
  /** Samples the database refused (logged). */
  failed: number;
  /** Write statements that succeeded. */
  batches: number;
  /** Duration of the last write, ms. */
  lastFlushMs: number;
  /** Write attempts that failed for another reason than the data (database away; retried). */
  writeErrors: number;
  /** Samples waiting to be written, and being written. */
  pending: number;
  /** Whether the broker link is up (always true in-process on the embedded broker). */
  linkUp: boolean;
}

/** A running ingest. */
export interface Ingest {
  /** Resolves when subscribed (startIngest waits for it up to 10 s, then lets it continue in the background). */
  ready: Promise<IngestLinkInfo>;
  stats(): IngestStats;
  /** Issue 9: alarm events and data-back clearing since start. */
  alarmStats(): AlarmQueueStats;
  /** Issue 19 §7: the devices refused most for their message rate (at most `n`). */
  rateLimitedDevices(n: number): RateLimitedDevice[];
  /** Writes everything received so far. */
  flush(): Promise<void>;
  /** Disconnects, then writes what is pending (acknowledging only what was written). */
  stop(): Promise<void>;
}

/**
 * What remote settings (modules/commands) take from the devices' messages (docs/device-protocol.md §7).
 * Each returned promise holds the message's PUBACK until it settles, as telemetry's commit does.
 */
export interface CommandHooks {
  /** A device's answer to a command (`ems/v1/{SN}/command/ack`). */
  ack(device: KnownDevice, payload: Buffer): Promise<void> | undefined;
  /** The newest sample of a telemetry message that reports parameters, after its samples are committed. */
  reported(device: KnownDevice, ts: Date, points: Record<string, unknown>): Promise<void>;
  /** Any message of a device (it is connected): a command waiting for it can go. */
  seen(device: KnownDevice, sn: string, online: boolean): void;
}

/** startIngest's options; clientId and shareGroup let tests and benchmarks share one external broker. */
export type IngestOptions = {
  db: DbHandle;
  log: FastifyBaseLogger;
  maxBatch?: number;
  /** Called after each committed batch with its duration in seconds and its rows (metrics). */
  onBatch?(seconds: number, rows: number): void;
  /**
   * Each device's message rate; default DEVICE_LIMITS (docs/device-protocol.md §4). Tests and benchmarks
   * that stand one device in for a whole fleet raise it.
   */
  deviceRate?: DeviceRateSettings;
  /** Remote settings' share of the devices' messages (acknowledgements, parameter reports). */
  commands?: CommandHooks;
  /**
   * Called with a meter's device id after its samples are committed (solar charging, issue 33). Must be
   * cheap and not throw: it runs for every meter message.
   */
  onMeterSample?(deviceId: number): void;
} & (
  | {
      /** The embedded broker: telemetry is taken in-process, its PUBACK held until the commit. */
      broker: EmbeddedBroker;
    }
  | {
      broker?: undefined;
      /** External broker URL, credentials in it. */
      mqttUrl: string;
      /** MQTT client id; default ingestClientId() (stable, so a restarted node finds its session). */
      clientId?: string;
      /** Shared-subscription group (EMQX); unset: a plain, persisted subscription (Mosquitto). */
      shareGroup?: string;
      /** Keep the broker session across restarts; default true. */
      persistentSession?: boolean;
    }
  | {
      broker?: undefined;
      /** RabbitMQ over AMQP 0-9-1 (INGEST_AMQP_URL): the nodes divide one queue (ingest-amqp.ts). */
      amqpUrl: string;
      /** Queue name; default INGEST_QUEUE. */
      queue?: string;
    }
);

/**
 * The MQTT client id of an ingest node on an external broker: `ems-ingest-{nodeName}` (config NODE_NAME),
 * else `ems-ingest-{hostname}`. Stable across restarts, so the node finds its persistent session with
 * what the broker queued meanwhile; distinct per node, so no node takes another's session over.
 */
export function ingestClientId(nodeName?: string): string {
  return `ems-ingest-${nodeName ?? hostname()}`;
}

/** Attaches to the embedded broker, or connects to the external `mqttUrl`, or consumes `amqpUrl`'s queue. */
export async function startIngest(opts: IngestOptions): Promise<Ingest> {
  const { db, log, commands } = opts;
  const devices = createDeviceDirectory(db);
  const known = await devices.preload();
  const batcher = createBatcher({ db, log, maxBatch: opts.maxBatch, onBatch: opts.onBatch });
  const alarms = createAlarmQueue(db, log);
  const baselines = baselineCacheOf(db);
  let linkUp = !!opts.broker;
  const warn = createRateLimitedLog(log, 10_000);
  const notice = createRateLimitedLog(log, 10_000, 'info');
  const oncePerDevice = createRateLimitedLog(log, 3_600_000);
  const counts = {
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
  /**
   * Whether the device's next message goes on: a QoS 0 one past the rate is dropped (false); any other
   * waits for its turn, holding its PUBACK (issue 31 item 4). Logs the device's first excess of each hour.
   */
  const withinRate = async (sn: string, qos: number | undefined) => {
    const excess = () =>
      oncePerDevice(`rate:${sn}`, { sn, qos, limits: DEVICE_LIMITS }, 'device past its message rate');
    if (qos === 0) {
      const ok = await rate.take(sn);
      if (!ok) excess();
      return ok;
    }
    const before = rate.throttled();
    await rate.admit(sn, () => stopping);
    if (rate.throttled() > before) excess();
    return true;
  };
  const overLimit = (sn: string, limit: string, fields: Record<string, unknown>) => {
    counts.droppedByLimits++;
    oncePerDevice(
      `limit:${sn}`,
      { sn, limit, ...fields, limits: DEVICE_LIMITS },
      'telemetry over the device limits dropped',
    );
  };
  // preload() stamps every device with one time: without a refresh they would all expire together and
  // each device's next message would wait for its own query, one after another (QoS 1 is handled serially).
  const refresh = setInterval(() => {
    devices.preload().catch((err: unknown) => warn('preload', { err }, 'device directory refresh failed'));
  }, KNOWN_TTL_MS / 2).unref();

  /**
   * Parses, validates and queues one message of a known device. @returns the promise of its commit, or
   * undefined when nothing is to be written (dropped and counted).
   */
  function accept(device: KnownDevice, sn: string, payload: Buffer): Promise<void> | undefined {
    if (payload.length > DEVICE_LIMITS.maxPacketBytes) {
      overLimit(sn, 'bytes', { bytes: payload.length });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      counts.invalid++;
      warn('json', { sn }, 'telemetry message is not JSON');
      return;
    }
    const exceeded = exceededLimit(body);
    if (exceeded) {
      overLimit(sn, exceeded, {});
      return;
    }
    const parsed = TelemetryPayloadSchema.safeParse(body);
    if (!parsed.success) {
      counts.invalid++;
      warn(
        'invalid',
        { sn, issue: parsed.error.issues[0]?.message },
        'telemetry message does not match the schema',
      );
      return;
    }
    const samples = 'samples' in parsed.data ? parsed.data.samples : [parsed.data];
    // The gate's value bounds (device-gate.ts): one unstorable number makes the message a limit breach.
    for (const s of samples) {
      const refused = pointsRefusal(s.points);
      if (refused) {
        countRefusal('mqtt', refused);
        overLimit(sn, 'value', { field: refused.field });
        return;
      }
    }
    const now = Date.now();
    const rows: TelemetryRow[] = [];
    let earliest = Number.POSITIVE_INFINITY;
    let params: { ts: Date; points: Record<string, unknown> } | null = null;
    for (const s of samples) {
      const ts = toDate(s.ts);
      const t = ts.getTime();
      const refused = timeRefusal('ts', t, now);
      if (refused) {
        countRefusal('mqtt', refused);
        counts.badTimestamps++;
        warn('clock', { sn, ts: s.ts }, 'telemetry sample with an impossible timestamp dropped');
        continue;
      }
      rows.push(toTelemetryRow(device.id, device.type, s, ts));
      earliest = Math.min(earliest, t);
      if (commands && reportsParams(s.points) && (!params || t > params.ts.getTime())) {
        params = { ts, points: s.points };
      }
    }
    counts.received += rows.length;
    if (rows.length === 0) return undefined;
    // After the commit, so alarm work never holds a telemetry write (issue 9), and a replayed old sample
    // corrects list/real's "today" at the next poll.
    const written = batcher.add(rows, () => {
      alarms.seen(device.id);
      baselines.sampleWritten(device.id, earliest);
      if (device.type === 'meter') opts.onMeterSample?.(device.id);
    });
    const report = params;
    // The parameters are taken after the samples are committed, and the PUBACK waits for both.
    return commands && report
      ? written.then(() => commands.reported(device, report.ts, report.points))
      : written;
  }

  /** Issue 9: a device's alarm events (docs/device-protocol.md "Alarms"); acknowledged once committed. */
  function acceptAlarm(device: KnownDevice, sn: string, payload: Buffer): Promise<void> | undefined {
    const events =
      payload.length <= DEVICE_LIMITS.maxPacketBytes ? parseAlarmPayload(device.id, payload) : null;
    // The gate's time window (device-gate.ts): an alarm dated 0001 or 9999 is refused whole and counted.
    const refused = events?.map((e) => timeRefusal('ts', e.ts)).find((r) => r !== null);
    if (refused) {
      countRefusal('mqtt', refused);
      alarms.invalid();
      warn('clock', { sn }, 'alarm event with an impossible timestamp dropped');
      return;
    }
    if (!events) {
      alarms.invalid();
      warn('alarm', { sn }, 'alarm message does not match the schema');
      return;
    }
    return alarms.add(events);
  }

  function onAlarm(sn: string, payload: Buffer, qos: number | undefined): Promise<void> | undefined {
    return eventOfKnownDevice(sn, qos, (device) => acceptAlarm(device, sn, payload));
  }

  const eventOrder = createDeviceOrder();
  /** ofKnownDevice for a device's events, which reach their handler in the order they arrived. */
  function eventOfKnownDevice(
    sn: string,
    qos: number | undefined,
    work: (device: KnownDevice) => Promise<void> | undefined,
  ): Promise<void> | undefined {
    return eventOrder.inOrder(sn, (handedOn) =>
      ofKnownDevice(sn, qos, (device) => {
        try {
          return work(device);
        } finally {
          handedOn();
        }
      }),
    );
  }

  /**
   * Runs `work` on the device of `sn` when it is known (a cached or a looked-up one) and the message is
   * within the device's rate; a stranger's message costs no limiter and no parsing.
   */
  function ofKnownDevice(
    sn: string,
    qos: number | undefined,
    work: (device: KnownDevice) => Promise<void> | undefined,
  ): Promise<void> | undefined {
    const cached = devices.peek(sn);
    if (cached === null) return void unknown(sn);
    const device = cached ? Promise.resolve(cached) : lookup(sn);
    return device.then(async (d) => {
      if (!d) return unknown(sn);
      return (await withinRate(sn, qos)) ? work(d) : undefined;
    });
  }

  const unknown = (sn: string) => {
    counts.unknownDevice++;
    warn('unknown', { sn }, 'telemetry from an unknown serial number dropped');
  };

  let stopping = false;

  /**
   * Reads a device. While the database is unreachable it answers from the cache however old, or else
   * retries, holding the message (and with it the broker's queue) until the database is back.
   */
  async function lookup(sn: string): Promise<KnownDevice | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await devices.load(sn);
      } catch (err) {
        const stale = devices.stale(sn);
        if (stale) return stale;
        if (stopping) throw err;
        warn('lookup', { err }, 'device lookup failed, retrying');
        await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** attempt)));
      }
    }
  }

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
      return eventOfKnownDevice(t.sn, qos, (device) => void onStatus(device, t.sn, payload));
    if (t.kind === 'alarm') return onAlarm(t.sn, payload, qos);
    if (t.kind === 'commandAck' && commands)
      return eventOfKnownDevice(t.sn, qos, (device) => commands.ack(device, payload));
    // A gateway's announcement is a device's message like the others: known device, its rate, its order.
    if (t.kind === 'gatewayDevices')
      return eventOfKnownDevice(t.sn, qos, () => onGatewayDevices(t.sn, payload));
  }

  /** Issue 32: creates the devices a gateway announces on its site (gateway-devices.ts). */
  function onGatewayDevices(sn: string, payload: Buffer): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      body = null;
    }
    return acceptGatewayDevices(db, sn, body).then(
      (outcomes) => {
        const created = [...outcomes].filter(([, o]) => o === 'created').map(([child]) => child);
        if (created.length > 0) notice(`gateway:${sn}`, { sn, created }, 'gateway devices created');
      },
      (err: unknown) => warn('gateway', { sn, err }, 'gateway announcement failed'),
    );
  }

  function onStatus(device: KnownDevice, sn: string, payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      body = null;
    }
    const parsed = StatusPayloadSchema.safeParse(body);
    if (!parsed.success) return void warn('status', { sn }, 'status message does not match the schema');
    if (parsed.data.online) log.debug({ sn }, 'device online');
    else notice('offline', { sn }, 'device reported offline');
    commands?.seen(device, sn, parsed.data.online);
  }

  let ready: Promise<IngestLinkInfo>;
  let close: () => Promise<void>;
  const onState = (up: boolean) => {
    linkUp = up;
  };
  /** Waits up to 10 s for the link, then lets it go on trying in the background. */
  const announce = async (linked: Promise<IngestLinkInfo>, url: string) => {
    const timeout = new Promise<null>((r) => setTimeout(() => r(null), 10_000).unref());
    const info = await Promise.race([linked, timeout]);
    if (info) log.info({ known, ...info }, 'ingest subscribed');
    else log.warn({ url: redact(url) }, 'ingest not subscribed yet, still trying');
  };
  if (opts.broker) {
    const detach = opts.broker.attachIngest(onMessage);
    ready = Promise.resolve({ protocolVersion: 4, shared: false, inProcess: true });
    close = async () => detach();
    log.info({ known }, 'ingest attached to the embedded broker');
  } else if ('amqpUrl' in opts) {
    const link = openAmqpIngestLink({ url: opts.amqpUrl, queue: opts.queue, log, onMessage, onState });
    ({ ready, close } = link);
    await announce(link.ready, opts.amqpUrl);
  } else {
    const link = openIngestLink({
      url: opts.mqttUrl,
      clientId: opts.clientId ?? ingestClientId(),
      persistentSession: opts.persistentSession ?? true,
      shareGroup: opts.shareGroup,
      log,
      onMessage,
      room: () => (batcher.hasRoom() ? null : batcher.waitForRoom()),
      onState,
    });
    ({ ready, close } = link);
    await announce(link.ready, opts.mqttUrl);
  }

  return {
    ready,
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
      await close();
      await batcher.stop();
      await alarms.flush();
    },
  };
}
