/**
 * GET /owner_api/webpvesc/ajax/manage/ingest (admin): the ingest's counters since the server started,
 * the same numbers Prometheus scrapes from the metrics port (METRICS_PORT, README.md). Counts are
 * messages or samples as named; durations in ms.
 */
import { z } from 'zod';

const count = z.number().int().min(0);

/**
 * The protocols whose input passes the device gate (issue 31): MQTT devices, OCPP 1.6J chargers, and
 * SunSpec gateways (they publish over MQTT; a gateway's own messages and those it sends for the devices it
 * reads are counted apart from other MQTT devices).
 */
export const GATE_PROTOCOLS = ['mqtt', 'ocpp', 'gateway'] as const;
/** A protocol of GATE_PROTOCOLS. */
export type GateProtocol = (typeof GATE_PROTOCOLS)[number];
/**
 * Why the device gate refused an input: a time outside 2000-01-01..now + 10 min, a number that is not
 * finite or beyond ±10^15, an OCPP connector outside 0..100, an id outside the `integer` range.
 */
export const GATE_REASONS = ['timestamp', 'value', 'connector', 'id'] as const;
/** A reason of GATE_REASONS. */
export type GateReason = (typeof GATE_REASONS)[number];

export const IngestStatusSchema = z.object({
  /** `embedded`: aedes inside the server, ingest in-process; `external`: MQTT_URL's broker. */
  broker: z.enum(['embedded', 'external']),
  /** Whether the ingest is connected to the broker (always true in-process). */
  linkUp: z.boolean(),
  /** Devices connected to the embedded broker; null with an external broker. */
  connectedClients: count.nullable(),
  messagesReceived: count,
  samplesReceived: count,
  samplesStored: count,
  duplicatesIgnored: count,
  invalidMessages: count,
  badTimestamps: count,
  unknownDeviceMessages: count,
  droppedByLimits: count,
  /** Messages refused for going past their device's message rate (DEVICE_LIMITS, issue 19 §7). */
  rateLimited: count,
  /** The devices refused most for their rate since start (at most 10), most first. */
  rateLimitedDevices: z.array(
    z.object({
      serialNumber: z.string(),
      messages: count,
      /** When the last message was refused, ISO-8601 UTC. */
      lastAt: z.string(),
    }),
  ),
  /**
   * The device gate's refusals since start (issue 31), one entry per protocol and reason, zeros included:
   * the counters Prometheus scrapes as `ems_device_gate_refused_total{protocol,reason}`.
   */
  gateRefused: z
    .array(z.object({ protocol: z.enum(GATE_PROTOCOLS), reason: z.enum(GATE_REASONS), messages: count }))
    .max(GATE_PROTOCOLS.length * GATE_REASONS.length),
  /** Connections the embedded broker closed for a packet over 256 KB. */
  oversizePackets: count,
  /** Samples the database refused as bad data (dropped). */
  samplesFailed: count,
  /** Batch writes that failed for another reason (database away) and were retried. */
  writeErrors: count,
  batches: count,
  /** Samples queued or being written, not yet committed (and not yet acknowledged). */
  queueDepth: count,
  lastBatchMs: z.number().min(0),
  /** Mean duration of a batch write since start. */
  meanBatchMs: z.number().min(0),
  /**
   * With several server processes (issue 23) the counters above are the sum over every process heard from
   * in the last 15 s; each one's own figures here (NODE_NAME), the answering process first.
   */
  nodes: z.array(
    z.object({
      name: z.string(),
      linkUp: z.boolean(),
      messagesReceived: count,
      samplesStored: count,
      duplicatesIgnored: count,
      queueDepth: count,
    }),
  ),
});
export type IngestStatus = z.infer<typeof IngestStatusSchema>;
