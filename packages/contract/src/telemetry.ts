/**
 * MQTT device protocol payloads (docs/device-protocol.md). Point names are SunSpec's where one exists;
 * units: W, Wh, %, V, A, Hz, °C. Validated by the ingest; a message failing this schema is counted
 * and dropped, never stored.
 */
import { z } from 'zod';
import { SECONDS_TIMESTAMP_DIGITS } from './constants';

/** Device kinds of spec §3 Device.type. */
export const DEVICE_TYPES = ['inverter', 'battery', 'meter', 'charger', 'ups', 'sensor'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Topic root; a device `SN` publishes on `ems/v1/SN/...` only (enforced by the embedded broker). */
export const TOPIC_ROOT = 'ems/v1';
export const topics = {
  telemetry: (sn: string) => `${TOPIC_ROOT}/${sn}/telemetry`,
  status: (sn: string) => `${TOPIC_ROOT}/${sn}/status`,
  command: (sn: string) => `${TOPIC_ROOT}/${sn}/command`,
  commandAck: (sn: string) => `${TOPIC_ROOT}/${sn}/command/ack`,
} as const;

/**
 * The serial number of a topic under TOPIC_ROOT (`ems/v1/SN/...`), else undefined. Which topic it is
 * follows by comparing with `topics` (e.g. `topic === topics.status(sn)`).
 */
export function topicSerial(topic: string): string | undefined {
  if (!topic.startsWith(`${TOPIC_ROOT}/`)) return undefined;
  return topic.slice(TOPIC_ROOT.length + 1).split('/', 1)[0] || undefined;
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

const pointValue = z.union([z.number().finite(), z.string().max(64), z.boolean()]);

/** A timestamp: epoch milliseconds, epoch seconds (10 digits, spec §9), or ISO-8601 with zone. */
export const TimestampSchema = z.union([z.number().int().positive(), z.string().datetime({ offset: true })]);

/** Reads a TimestampSchema value as a Date (numbers of up to SECONDS_TIMESTAMP_DIGITS digits are seconds). */
export function toDate(ts: number | string): Date {
  if (typeof ts === 'string') return new Date(ts);
  return new Date(String(ts).length <= SECONDS_TIMESTAMP_DIGITS ? ts * 1000 : ts);
}

export const SampleSchema = z.object({
  ts: TimestampSchema,
  points: z
    .record(z.string().min(1).max(32), pointValue)
    .refine((p) => Object.keys(p).length > 0, 'no points'),
});
export type Sample = z.infer<typeof SampleSchema>;

/**
 * Payload on `ems/v1/SN/telemetry`: one sample, or up to 1000 buffered samples (a logger replays what it
 * buffered while its link was down; duplicates are ignored by device + timestamp).
 */
export const TelemetryPayloadSchema = z.union([
  SampleSchema,
  z.object({ samples: z.array(SampleSchema).min(1).max(1000) }),
]);
export type TelemetryPayload = z.infer<typeof TelemetryPayloadSchema>;

/** Payload on `ems/v1/SN/status` (retained; also the MQTT will message): online or offline. */
export const StatusPayloadSchema = z.object({
  online: z.boolean(),
  ts: TimestampSchema.optional(),
});
