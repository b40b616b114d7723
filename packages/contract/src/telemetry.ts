/**
 * MQTT device protocol payloads (docs/device-protocol.md). Point names are SunSpec's where one exists;
 * units: W, Wh, %, V, A, Hz, °C. Validated by the ingest; a message failing this schema is counted
 * and dropped, never stored.
 */

import { z } from 'zod';
import { PARAM_KEYS, type ParamKey } from './api/device-params';
import { isSafeText } from './bounds';
import { SECONDS_TIMESTAMP_DIGITS } from './constants';

/**
 * Device kinds of spec §3 Device.type. A `gateway` (issue 32) stores no telemetry of its own: it reads
 * Modbus devices on its site and publishes for them (docs/gateway.md).
 */
export const DEVICE_TYPES = ['inverter', 'battery', 'meter', 'charger', 'ups', 'sensor', 'gateway'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Topic root; a device `SN` publishes on `ems/v1/SN/...` only (enforced by the embedded broker). */
export const TOPIC_ROOT = 'ems/v1';
export const topics = {
  telemetry: (sn: string) => `${TOPIC_ROOT}/${sn}/telemetry`,
  status: (sn: string) => `${TOPIC_ROOT}/${sn}/status`,
  /** Issue 9: device alarm events (AlarmPayloadSchema). */
  alarm: (sn: string) => `${TOPIC_ROOT}/${sn}/alarm`,
  command: (sn: string) => `${TOPIC_ROOT}/${sn}/command`,
  commandAck: (sn: string) => `${TOPIC_ROOT}/${sn}/command/ack`,
  /** Issue 32: a gateway announces the devices it found (GatewayDevicesPayloadSchema). */
  gatewayDevices: (sn: string) => `${TOPIC_ROOT}/${sn}/gateway/devices`,
  /**
   * Issue 32: the platform confirms to a gateway that it may publish for device `sn` (retained,
   * GatewayConfirmedPayloadSchema). Per device, so that only a gateway the broker lets act for `sn` can
   * read it: its delivery proves the broker's ACL allows the device (docs/device-protocol.md §11).
   */
  gatewayConfirmed: (sn: string) => `${TOPIC_ROOT}/${sn}/gateway/confirmed`,
} as const;

/**
 * The serial number of a topic under TOPIC_ROOT (`ems/v1/SN/...`), else undefined. Which topic it is:
 * deviceTopicKind, or parseDeviceTopic for both at once.
 */
export function topicSerial(topic: string): string | undefined {
  if (!topic.startsWith(TOPIC_PREFIX)) return undefined;
  const end = topic.indexOf('/', TOPIC_PREFIX.length);
  return topic.slice(TOPIC_PREFIX.length, end < 0 ? undefined : end) || undefined;
}

const TOPIC_PREFIX = `${TOPIC_ROOT}/`;

/** A device topic's kind: which of `topics` it is. */
export type TopicKind = keyof typeof topics;

/** Each kind by what follows `ems/v1/SN/` in its topic, read off `topics` so the two cannot drift. */
const KIND_OF_SUFFIX: ReadonlyMap<string, TopicKind> = new Map(
  (Object.keys(topics) as TopicKind[]).map((k) => [topics[k]('').slice(TOPIC_PREFIX.length + 1), k]),
);

/**
 * Which of `topics` for serial number `sn` the topic is, else undefined: `deviceTopicKind(t, sn) === 'status'`
 * ⇔ `t === topics.status(sn)`, without building the strings (the broker and ingest ask this per message).
 */
export function deviceTopicKind(topic: string, sn: string): TopicKind | undefined {
  const at = TOPIC_PREFIX.length + sn.length;
  if (
    topic.charCodeAt(at) !== 47 ||
    !topic.startsWith(TOPIC_PREFIX) ||
    !topic.startsWith(sn, TOPIC_PREFIX.length)
  )
    return undefined;
  return KIND_OF_SUFFIX.get(topic.slice(at + 1));
}

/**
 * A topic's serial number (topicSerial) and kind (deviceTopicKind for that serial number); undefined when the
 * topic is not under TOPIC_ROOT. `kind` is undefined for another topic under a device.
 */
export function parseDeviceTopic(topic: string): { sn: string; kind: TopicKind | undefined } | undefined {
  const sn = topicSerial(topic);
  return sn === undefined ? undefined : { sn, kind: deviceTopicKind(topic, sn) };
}

/**
 * Known points with their unit (SunSpec models 103 inverter, 203 meter, 802 battery, 714 DC energy;
 * charger and UPS points in the same style). Sign conventions: meter W > 0 buys from the grid,
 * battery W > 0 discharges, inverter W > 0 produces.
 */
export const POINT_UNITS = {
  W: 'W',
  WH: 'Wh',
  VA: 'VA',
  VAr: 'var',
  PF: '%',
  Hz: 'Hz',
  A: 'A',
  AphA: 'A',
  AphB: 'A',
  AphC: 'A',
  PhVphA: 'V',
  PhVphB: 'V',
  PhVphC: 'V',
  DCA: 'A',
  DCV: 'V',
  DCW: 'W',
  PVW: 'W',
  PVWH: 'Wh',
  BatV: 'V',
  BatA: 'A',
  DCOutV: 'V',
  TotWhAbs: 'Wh',
  BusV: 'V',
  TmpCab: '°C',
  St: '',
  TotWhImp: 'Wh',
  TotWhExp: 'Wh',
  SoC: '%',
  SoH: '%',
  V: 'V',
  DCWhAbs: 'Wh',
  DCWhInj: 'Wh',
  ChaSt: '',
  NCyc: '',
  SessionWh: 'Wh',
  ConnectorStatus: '',
  VIn: 'V',
  VOut: 'V',
  OnBattery: '',
  TmpAmb: '°C',
  RH: '%',
} as const;
export type PointName = keyof typeof POINT_UNITS;

/**
 * Device limits (docs/device-protocol.md §4): one MQTT packet of at most 256 KB (the embedded broker closes
 * the connection of a device that sends more; with Mosquitto it is `max_packet_size`), at most 1,000
 * samples per message and 500 points per sample. The largest SunSpec model in /work/shared/data has 93
 * points and a device typically publishes a few models at once, so 500 leaves room for real loggers while
 * bounding what one sample can cost. A message over a count limit is dropped whole and counted. A point's
 * name has 1 to `maxPointNameChars` characters, a text value at most `maxPointTextChars`; a message breaking
 * either is invalid (SampleSchema).
 *
 * Issue 19 §7, the message rate: each device may send `messagesPerSecond` messages a second, all its topics
 * together, and beyond that a burst of `burstMessages` within `burstWindowS` seconds, enough for a logger
 * to replay a week's buffer at 5-s samples (121 messages of 1,000 samples) at once. Past both, a QoS 1
 * message waits for its turn with its PUBACK held (the device is slowed, nothing acknowledged is lost:
 * issue 31); a QoS 0 one is dropped and counted (ingest `rateLimited`), so one device cannot take the ingest.
 */
export const DEVICE_LIMITS = {
  maxPacketBytes: 256 * 1024,
  maxSamplesPerMessage: 1000,
  maxPointsPerSample: 500,
  maxPointNameChars: 32,
  maxPointTextChars: 64,
  messagesPerSecond: 2,
  burstMessages: 600,
  burstWindowS: 600,
} as const;

/** A point's value: a finite number (as zod's z.number(); JSON cannot carry NaN or ±Infinity), text or a boolean. */
type PointValue = number | string | boolean;

const isPointValue = (v: unknown): v is PointValue =>
  (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string' || typeof v === 'boolean';

/**
 * A sample's points, name → value, checked in one pass over the object the message's JSON gave, which is
 * passed on as it is. zod's record schema ran a key schema and a value union per point and built a copy:
 * 1.3 µs against 0.3 for 10 points, and a fifth of the bytes a 1-sample message allocated (issue 36,
 * docs/benchmarks.md "twentieth pass": the server's CPU a message fell ≈ 10 %). It takes what that schema
 * took (payload-schema.test.ts) but for a point named `__proto__`, which zod dropped and this refuses: as a
 * plain property it would change the object of whoever copies the points by assignment. Text the database
 * cannot store (NUL, lone surrogates) makes the message invalid, not a failed write (issue 19 §8).
 */
const PointsSchema = z.custom<Record<string, PointValue>>().superRefine((points, ctx) => {
  if (typeof points !== 'object' || points === null || Array.isArray(points)) {
    ctx.addIssue({ code: 'custom', message: 'points is an object of point name → value' });
    return;
  }
  let n = 0;
  for (const name in points) {
    if (!Object.hasOwn(points, name)) continue;
    n++;
    if (name.length === 0 || name.length > DEVICE_LIMITS.maxPointNameChars || !isSafeText(name)) {
      ctx.addIssue({
        code: 'custom',
        message: `a point name is 1–${DEVICE_LIMITS.maxPointNameChars} characters of text`,
        path: [name],
      });
    } else if (name === '__proto__') {
      ctx.addIssue({ code: 'custom', message: 'a point may not be named __proto__', path: [name] });
    }
    const v: unknown = points[name];
    if (!isPointValue(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'a point value is a number, text or true/false',
        path: [name],
      });
    } else if (typeof v === 'string' && (v.length > DEVICE_LIMITS.maxPointTextChars || !isSafeText(v))) {
      ctx.addIssue({
        code: 'custom',
        message: `a text value is at most ${DEVICE_LIMITS.maxPointTextChars} characters of text`,
        path: [name],
      });
    }
  }
  if (n === 0 || n > DEVICE_LIMITS.maxPointsPerSample) {
    ctx.addIssue({ code: 'custom', message: 'no points, or too many' });
  }
});

/** A timestamp: epoch milliseconds, epoch seconds (10 digits, spec §9), or ISO-8601 with zone. */
export const TimestampSchema = z.union([z.number().int().positive(), z.string().datetime({ offset: true })]);

/** Reads a TimestampSchema value as a Date (numbers of up to SECONDS_TIMESTAMP_DIGITS digits are seconds). */
export function toDate(ts: number | string): Date {
  if (typeof ts === 'string') return new Date(ts);
  // A positive safe integer has at most SECONDS_TIMESTAMP_DIGITS digits exactly when it is below this.
  if (Number.isSafeInteger(ts) && ts > 0) return new Date(ts < SECONDS_LIMIT ? ts * 1000 : ts);
  return new Date(String(ts).length <= SECONDS_TIMESTAMP_DIGITS ? ts * 1000 : ts);
}

const SECONDS_LIMIT = 10 ** SECONDS_TIMESTAMP_DIGITS;

export const SampleSchema = z.object({
  ts: TimestampSchema,
  points: PointsSchema,
});
export type Sample = z.infer<typeof SampleSchema>;

/**
 * Payload on `ems/v1/SN/telemetry`: one sample, or up to 1000 buffered samples (a logger replays what it
 * buffered while its link was down; duplicates are ignored by device + timestamp).
 */
export const TelemetryPayloadSchema = z.union([
  SampleSchema,
  z.object({ samples: z.array(SampleSchema).min(1).max(DEVICE_LIMITS.maxSamplesPerMessage) }),
]);
export type TelemetryPayload = z.infer<typeof TelemetryPayloadSchema>;

/**
 * Which count limit of DEVICE_LIMITS a parsed (not yet validated) telemetry body exceeds, if any. Checked
 * before the schema so that an over-limit message is counted as such, not as merely invalid.
 */
export function exceededLimit(body: unknown): 'samples' | 'points' | null {
  if (typeof body !== 'object' || body === null) return null;
  const samples = (body as { samples?: unknown }).samples;
  if (Array.isArray(samples)) {
    if (samples.length > DEVICE_LIMITS.maxSamplesPerMessage) return 'samples';
    return samples.some(tooManyPoints) ? 'points' : null;
  }
  return tooManyPoints(body) ? 'points' : null;
}

function tooManyPoints(s: unknown): boolean {
  const points = (s as { points?: unknown } | null)?.points;
  return (
    typeof points === 'object' &&
    points !== null &&
    Object.keys(points).length > DEVICE_LIMITS.maxPointsPerSample
  );
}

/** Payload on `ems/v1/SN/status` (retained; also the MQTT will message): online or offline. */
export const StatusPayloadSchema = z.object({
  online: z.boolean(),
  ts: TimestampSchema.optional(),
});

/** Issue 9: one device alarm event: `code` (as in the device's fault table, e.g. ID001) became active or cleared. */
export const AlarmEventSchema = z.object({
  ts: TimestampSchema,
  code: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_:.-]+$/),
  active: z.boolean(),
});
export type AlarmEvent = z.infer<typeof AlarmEventSchema>;

/** Payload on `ems/v1/SN/alarm` (issue 9, docs/device-protocol.md "Alarms"): one event or up to 100. */
export const AlarmPayloadSchema = z.union([
  AlarmEventSchema,
  z.object({ events: z.array(AlarmEventSchema).min(1).max(100) }),
]);
export type AlarmPayload = z.infer<typeof AlarmPayloadSchema>;

/** Most devices one gateway announces (Modbus unit ids 1–247). */
export const GATEWAY_MAX_DEVICES = 247;

/**
 * A gateway's announcement of the devices it reads (docs/device-protocol.md §11): serial number (SunSpec
 * model 1 `SN`), name (`Mn Md`), type from the device's models, and the parameters of device/params/set it
 * can write to the device (`params`; left out: the device type's list).
 */
export const GatewayDevicesPayloadSchema = z.object({
  devices: z
    .array(
      z.object({
        sn: z
          .string()
          .min(1)
          .max(64)
          .regex(/^[^/+#\s]+$/),
        name: z.string().max(64).refine(isSafeText),
        type: z.enum(['inverter', 'battery', 'meter']),
        manufacturer: z.string().max(32).refine(isSafeText).optional(),
        model: z.string().max(32).refine(isSafeText).optional(),
        params: z
          .array(z.enum(PARAM_KEYS as [ParamKey, ...ParamKey[]]))
          .max(PARAM_KEYS.length)
          .optional(),
      }),
    )
    .max(GATEWAY_MAX_DEVICES),
});
export type GatewayDevicesPayload = z.infer<typeof GatewayDevicesPayloadSchema>;

/**
 * The platform's confirmation on `ems/v1/{SN}/gateway/confirmed` (retained, QoS 1): device SN exists on
 * the site of gateway `gateway`, which may now send its buffered data (docs/device-protocol.md §11).
 */
export const GatewayConfirmedPayloadSchema = z.object({
  gateway: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^/+#\s]+$/),
});
export type GatewayConfirmedPayload = z.infer<typeof GatewayConfirmedPayloadSchema>;
