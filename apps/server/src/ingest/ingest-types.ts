/**
 * The ingest's contract (ingest.ts runs it): what a running ingest offers, its counters, what remote
 * settings take from the devices' messages, and how it is started (embedded broker, external MQTT broker
 * or RabbitMQ queue).
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/client';
import type { AlarmQueueStats } from '../modules/alarms/alarm-queue';
import type { EmbeddedBroker } from './broker';
import type { KnownDevice } from './device-directory';
import type { DeviceRateSettings, RateLimitedDevice } from './device-rate';
import type { IngestLinkInfo } from './ingest-link';

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

/** The ingest's own message counters, shared by its parts (the batcher and the rate count the rest). */
export type IngestCounts = Pick<
  IngestStats,
  'messages' | 'events' | 'received' | 'invalid' | 'badTimestamps' | 'unknownDevice' | 'droppedByLimits'
>;

/** A log line writer of rate-limited-log.ts: at most one line per key and interval. */
export type IngestLog = (key: string, fields: Record<string, unknown>, message: string) => void;

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
   * Confirms to a gateway the devices of its announcement that are on its site (Downlink
   * confirmGatewayDevices, docs/device-protocol.md §11); unset: no confirmation is published.
   */
  confirmGatewayDevices?(gatewaySn: string, sns: readonly string[]): Promise<void>;
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
