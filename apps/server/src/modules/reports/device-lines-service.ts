/**
 * Per-device charts (issue 8 §2): any numeric points of one device over a local day, 5-minute means
 * from the raw samples (the rollup keeps only power, SOC and counters).
 */
import type { DeviceLines } from '@ems/contract/api/report';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { illegalInput } from '../../http/errors';
import { parseLocalDate } from '../../shared/zoned-time';
import { requireDeviceOfStation, requireStationAccess } from '../access/station-access';
import { bucketIndexOf, dayBuckets } from '../telemetry/bucket-edges';

/**
 * Lines of `metrics` of the device on the local day `searchDate`.
 * @throws AppError noPermission for another user's site or a device of another site.
 */
export async function deviceLines(
  db: DbHandle,
  user: SessionUser,
  q: { stationId: number; deviceId: number; searchDate: string; metrics: string[] },
): Promise<DeviceLines> {
  const station = await requireStationAccess(db, user, q.stationId);
  const device = await requireDeviceOfStation(db, station, q.deviceId);
  const date = parseLocalDate(q.searchDate);
  if (!date) throw illegalInput();
  const buckets = dayBuckets(date, station.timeZone, 5);
  const metrics = [...new Set(q.metrics)];
  const res = await db.query<{ bucket: number; key: string; value: number }>(
    `SELECT (floor(extract(epoch FROM t.ts) / 300) * 300000)::float8 AS bucket, k.key,
            avg((k.value #>> '{}')::float8) AS value
     FROM telemetry t CROSS JOIN LATERAL jsonb_each(t.points) k
     WHERE t.device_id = $1 AND t.ts >= $2 AND t.ts < $3
       AND k.key = ANY($4::text[]) AND jsonb_typeof(k.value) = 'number'
     GROUP BY 1, 2`,
    [
      device.id,
      new Date(buckets[0]!.start).toISOString(),
      new Date(buckets[buckets.length - 1]!.end).toISOString(),
      metrics,
    ],
  );
  const series = metrics.map((key) => ({ key, values: buckets.map((): number | null => null) }));
  const byKey = new Map(series.map((s) => [s.key, s]));
  for (const r of res.rows) {
    const i = bucketIndexOf(buckets, Number(r.bucket));
    const s = byKey.get(r.key);
    if (s && i >= 0) s.values[i] = Number(Number(r.value).toFixed(3));
  }
  return {
    stationId: station.id,
    deviceId: device.id,
    searchDate: q.searchDate,
    timeZone: station.timeZone,
    times: buckets.map((b) => new Date(b.start).toISOString()),
    series,
  };
}
