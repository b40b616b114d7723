/**
 * Issue 12 raw retention with a fake clock: monthly raw partitions older than the span are dropped
 * whole, younger ones and every rollup stay, and the energy statistics of a dropped month do not change.
 */
import type { Statistics } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TelemetryRow, writeSamples } from '../ingest/writer';
import { startOfLocalDay } from '../shared/zoned-time';
import { buildDevice, buildStation, buildUser, signIn } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/helper';
import { ensureTelemetryPartitions } from './partitions';
import { dropExpiredRawPartitions } from './retention';

const STATS = '/owner_api/webpvesc/ajax/station/statistics';

describe('raw retention (issue 12)', () => {
  let t: TestApp;
  let token: string;
  let stationId = 0;
  let deviceId = 0;
  const partitions = async () =>
    (
      await t.db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'telemetry' ORDER BY 1`,
      )
    ).rows.map((r) => r.name);
  const month = async () =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: `${STATS}?stationId=${stationId}&statisticsType=2&searchDate=2025-02-01`,
          headers: { token },
        })
      ).json() as { data: Statistics }
    ).data;

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    token = await signIn(t.app, owner);
    stationId = (await buildStation(t.db, { ownerId: owner.id, timeZone: 'UTC' })).id;
    deviceId = (await buildDevice(t.db, { stationId, deviceType: 'inverter' })).id;
    // Partitions around 2025-03 (the fake clock's first month), then a day of samples in 2025-02.
    await ensureTelemetryPartitions(t.db, new Date('2025-03-15T00:00:00Z'));
    const rows: TelemetryRow[] = [];
    const start = startOfLocalDay(2025, 2, 10, 'UTC');
    for (let k = 0; k <= 288; k++) {
      rows.push({
        deviceId,
        ts: new Date(start + k * 300_000),
        w: 2000,
        soc: null,
        eIn: null,
        eOut: null,
        points: {},
      });
    }
    await writeSamples(t.db, rows);
  });
  afterAll(() => t.close());

  it('drops only the months older than the span and keeps every rollup', async () => {
    const before = await month();
    expect(before.totals.productionKwh).toBeCloseTo(48, 6);
    expect(await partitions()).toContain('telemetry_2025_02');

    // Fake clock 2025-03-20, 13 months: only partitions ending by 2024-02-20 would go (none here).
    expect(await dropExpiredRawPartitions(t.db, 13, new Date('2025-03-20T00:00:00Z'))).toEqual([]);
    expect(await partitions()).toContain('telemetry_2025_02');

    // Fake clock 2026-04-15: the cutoff is 2025-03-15, so 2025-02 (ending 2025-03-01) goes, 2025-03 stays.
    const dropped = await dropExpiredRawPartitions(t.db, 13, new Date('2026-04-15T00:00:00Z'));
    expect(dropped).toEqual(['telemetry_2024_12', 'telemetry_2025_01', 'telemetry_2025_02']);
    const left = await partitions();
    expect(left).not.toContain('telemetry_2025_02');
    expect(left).toContain('telemetry_2025_03');
    expect(left).toContain('telemetry_default');
    const raw = await t.db.query('SELECT 1 FROM telemetry WHERE device_id = $1', [deviceId]);
    expect(raw.rows).toHaveLength(0);
    const rolled = await t.db.query('SELECT 1 FROM telemetry_5min WHERE device_id = $1', [deviceId]);
    expect(rolled.rows.length).toBeGreaterThan(0);
    const after = await month();
    expect(after.totals.productionKwh).toBeCloseTo(48, 6);
    expect(after.buckets[9]!.productionKwh).toBeCloseTo(before.buckets[9]!.productionKwh!, 6);
  });
});
