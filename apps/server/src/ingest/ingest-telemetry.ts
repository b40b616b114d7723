/**
 * A known device's telemetry message, from bytes to queued rows (docs/device-protocol.md §4): size, JSON,
 * the contract's limits and schema, the device gate's value and time bounds (device-gate.ts), SunSpec
 * points to telemetry rows by device type (point-mapping.ts), then the batcher's group commit. What is
 * dropped is counted and logged (rate limited), never thrown.
 */
import { reportsParams } from '@ems/contract/api/device-params-points';
import { DEVICE_LIMITS, exceededLimit, TelemetryPayloadSchema, toDate } from '@ems/contract/telemetry';
import type { AlarmQueue } from '../modules/alarms/alarm-queue';
import type { BaselineCache } from '../modules/telemetry/baseline-cache';
import type { Batcher } from './batcher';
import type { KnownDevice } from './device-directory';
import { countRefusal, pointsRefusal, timeRefusal } from './device-gate';
import type { CommandHooks, IngestCounts, IngestLog } from './ingest-types';
import { toTelemetryRow } from './point-mapping';
import type { TelemetryRow } from './writer';

/** What acceptTelemetry works with: the ingest's counters, logs, writer and after-commit hooks. */
export interface TelemetryDeps {
  counts: IngestCounts;
  batcher: Batcher;
  alarms: AlarmQueue;
  baselines: BaselineCache;
  commands?: CommandHooks;
  /** After a meter's samples are committed (solar charging): cheap, never throws. */
  onMeterSample?(deviceId: number): void;
  /** Per kind of trouble, every 10 s at most. */
  warn: IngestLog;
  /** Per device, once an hour at most. */
  oncePerDevice: IngestLog;
}

/**
 * Returns `accept(device, sn, payload)`: parses, validates and queues one telemetry message of a known
 * device. @returns the promise of its commit (and of its parameter report, with `commands`), or undefined
 * when nothing is to be written (dropped and counted).
 */
export function createTelemetryAccept(deps: TelemetryDeps) {
  const { counts, batcher, alarms, baselines, commands, warn, oncePerDevice, onMeterSample } = deps;
  const overLimit = (sn: string, limit: string, fields: Record<string, unknown>) => {
    counts.droppedByLimits++;
    oncePerDevice(
      `limit:${sn}`,
      { sn, limit, ...fields, limits: DEVICE_LIMITS },
      'telemetry over the device limits dropped',
    );
  };

  return function accept(device: KnownDevice, sn: string, payload: Buffer): Promise<void> | undefined {
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
        countRefusal(device.viaGateway ? 'gateway' : 'mqtt', refused);
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
        countRefusal(device.viaGateway ? 'gateway' : 'mqtt', refused);
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
      if (device.type === 'meter') onMeterSample?.(device.id);
    });
    const report = params;
    // The parameters are taken after the samples are committed, and the PUBACK waits for both.
    return commands && report
      ? written.then(() => commands.reported(device, report.ts, report.points))
      : written;
  };
}
