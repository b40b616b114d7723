/**
 * The ingest (docs/device-protocol.md): subscribes to every device's telemetry and status topics, checks
 * each message against the contract schema, maps SunSpec points to telemetry rows by device type and
 * writes them in batches (batcher.ts → writer.ts; duplicates of device + timestamp are ignored there).
 * A bad message is logged (rate limited) and counted, never thrown. Online/offline is derived from
 * device_latest.last_seen_at, so a status message only logs.
 */
import { hostname } from 'node:os';
import {
  DEVICE_LIMITS,
  exceededLimit,
  StatusPayloadSchema,
  TelemetryPayloadSchema,
  toDate,
  topicSerial,
  topics,
} from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/client';
import { createBatcher } from './batcher';
import type { InternalCredentials } from './broker-auth';
import { createDeviceDirectory, KNOWN_TTL_MS, type KnownDevice } from './device-directory';
import { type IngestLinkInfo, openIngestLink, redact } from './ingest-link';
import { toTelemetryRow } from './point-mapping';
import { createRateLimitedLog } from './rate-limited-log';
import type { TelemetryRow } from './writer';

/** Counters of a running ingest (messages and samples since start). */
export interface IngestStats {
  /** Telemetry messages received. */
  messages: number;
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
  /** Samples the database refused (logged). */
  failed: number;
  /** Write statements that succeeded. */
  batches: number;
  /** Duration of the last write, ms. */
  lastFlushMs: number;
  /** Samples waiting to be written. */
  pending: number;
}

/** A running ingest. */
export interface Ingest {
  /** Resolves when subscribed (startIngest waits for it up to 10 s, then lets it continue in the background). */
  ready: Promise<IngestLinkInfo>;
  stats(): IngestStats;
  /** Writes everything received so far. */
  flush(): Promise<void>;
  /** Disconnects, then writes what is pending. */
  stop(): Promise<void>;
}

/** startIngest's options; clientId and shareGroup let tests and benchmarks share one external broker. */
export interface IngestOptions {
  db: DbHandle;
  log: FastifyBaseLogger;
  mqttUrl: string;
  /**
   * The embedded broker's internal credentials (EmbeddedBroker.internal), used unless the URL carries
   * its own; absent means an external broker.
   */
  internal?: InternalCredentials;
  /** MQTT client id; default `ems-ingest-{hostname}` (stable, so a restarted node finds its session). */
  clientId?: string;
  /** Shared-subscription group; default `ingest`. */
  shareGroup?: string;
  /** Keep the broker session across restarts; default true for an external broker (no `internal`). */
  persistentSession?: boolean;
  maxBatch?: number;
  maxDelayMs?: number;
}

const EARLIEST_TS = Date.UTC(2000, 0, 1);
const MAX_AHEAD_MS = 10 * 60_000;

/** Connects to `mqttUrl` (credentials from the URL, else `internal`). */
export async function startIngest(opts: IngestOptions): Promise<Ingest> {
  const { db, log } = opts;
  const devices = createDeviceDirectory(db);
  const known = await devices.preload();
  const batcher = createBatcher({ db, log, maxBatch: opts.maxBatch, maxDelayMs: opts.maxDelayMs });
  const warn = createRateLimitedLog(log, 10_000);
  const notice = createRateLimitedLog(log, 10_000, 'info');
  const oncePerDevice = createRateLimitedLog(log, 3_600_000);
  const counts = {
    messages: 0,
    received: 0,
    invalid: 0,
    badTimestamps: 0,
    unknownDevice: 0,
    droppedByLimits: 0,
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

  /** Parses, validates and queues one message of a known device. @returns false when the queue is full. */
  function accept(device: KnownDevice, sn: string, payload: Buffer): boolean {
    if (payload.length > DEVICE_LIMITS.maxPacketBytes) {
      overLimit(sn, 'bytes', { bytes: payload.length });
      return true;
    }
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      counts.invalid++;
      warn('json', { sn }, 'telemetry message is not JSON');
      return true;
    }
    const exceeded = exceededLimit(body);
    if (exceeded) {
      overLimit(sn, exceeded, {});
      return true;
    }
    const parsed = TelemetryPayloadSchema.safeParse(body);
    if (!parsed.success) {
      counts.invalid++;
      warn(
        'invalid',
        { sn, issue: parsed.error.issues[0]?.message },
        'telemetry message does not match the schema',
      );
      return true;
    }
    const samples = 'samples' in parsed.data ? parsed.data.samples : [parsed.data];
    const now = Date.now();
    const rows: TelemetryRow[] = [];
    for (const s of samples) {
      const ts = toDate(s.ts);
      const t = ts.getTime();
      if (!(t >= EARLIEST_TS && t <= now + MAX_AHEAD_MS)) {
        counts.badTimestamps++;
        warn('clock', { sn, ts: s.ts }, 'telemetry sample with an impossible timestamp dropped');
        continue;
      }
      rows.push(toTelemetryRow(device.id, device.type, s, ts));
    }
    counts.received += rows.length;
    return batcher.add(rows);
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
  function onTelemetry(sn: string, payload: Buffer): void | Promise<void> {
    counts.messages++;
    const cached = devices.peek(sn);
    if (cached === null) return unknown(sn);
    if (cached) return accept(cached, sn, payload) ? undefined : batcher.waitForRoom();
    return lookup(sn).then((device) => {
      if (!device) return unknown(sn);
      if (!accept(device, sn, payload)) return batcher.waitForRoom();
    });
  }

  function onStatus(sn: string, payload: Buffer): void {
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
  }

  const external = !opts.internal;
  const url = new URL(opts.mqttUrl);
  const credentials = url.username
    ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
    : opts.internal;
  url.username = '';
  url.password = '';
  const link = openIngestLink({
    url: url.toString(),
    ...credentials,
    clientId: opts.clientId ?? `ems-ingest-${hostname()}`,
    persistentSession: opts.persistentSession ?? external,
    shareGroup: opts.shareGroup ?? 'ingest',
    log,
    onMessage(topic, payload) {
      const sn = topicSerial(topic);
      if (!sn) return;
      if (topic === topics.telemetry(sn)) return onTelemetry(sn, payload);
      if (topic === topics.status(sn)) onStatus(sn, payload);
    },
  });

  const timeout = new Promise<null>((r) => setTimeout(() => r(null), 10_000).unref());
  const info = await Promise.race([link.ready, timeout]);
  if (info) log.info({ known, ...info }, 'ingest subscribed');
  else log.warn({ url: redact(opts.mqttUrl) }, 'ingest not subscribed yet, still trying');

  return {
    ready: link.ready,
    stats: () => {
      const b = batcher.stats;
      return {
        ...counts,
        stored: b.stored,
        duplicates: b.duplicates,
        failed: b.failed,
        batches: b.batches,
        lastFlushMs: b.lastFlushMs,
        pending: b.pending,
      };
    },
    flush: () => batcher.flush(),
    stop: async () => {
      stopping = true;
      clearInterval(refresh);
      await link.close();
      await batcher.stop();
    },
  };
}
