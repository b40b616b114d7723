/**
 * Issue 31 item 1: the energy-rollups job survives one device's bad row. A day marked 0001-01-01 (a
 * charger's far-dated reading stored before the device gate) made every run fail and, being the oldest
 * mark, blocked every device's rollups; now that device's days are set aside and logged and the rest of
 * the batch is rolled up. Real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSamples } from '../../ingest/writer';
import { buildDevice, buildStation } from '../../test/factories';
import { buildOwnerApp, type TestApp } from '../../test/helper';
import { rollupJob } from './rollup-refresh';

let t: TestApp;
let ownerId = 0;
beforeAll(async () => {
  ({ t, ownerId } = await buildOwnerApp());
});
afterAll(() => t.close());

describe('rollup job and a bad row', () => {
  it('sets the bad device aside, logs it, and rolls up the other devices of the batch', async () => {
    const station = await buildStation(t.db, { ownerId, timeZone: 'UTC' });
    const good = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    const bad = await buildDevice(t.db, { stationId: station.id, deviceType: 'charger' });
    const now = Date.now();
    await writeSamples(
      t.db,
      [0, 1, 2].map((k) => ({
        deviceId: good.id,
        ts: new Date(now - (3 - k) * 300_000),
        w: 1000,
        soc: null,
        eIn: null,
        eOut: null,
        points: { W: 1000 },
      })),
    );
    await t.db.query(
      `INSERT INTO rollup_dirty (device_id, day) VALUES ($1, '0001-01-01'), ($1, '9999-12-31')`,
      [bad.id],
    );
    const errors: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      ...t.app.log,
      error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }),
    } as unknown as typeof t.app.log;

    await rollupJob.run({ db: t.db, config: t.config, log }, new Date(now));

    const hours = await t.db.query('SELECT count(*)::int AS n FROM telemetry_hourly WHERE device_id = $1', [
      good.id,
    ]);
    expect((hours.rows[0] as { n: number }).n).toBeGreaterThan(0);
    const left = await t.db.query('SELECT device_id FROM rollup_dirty');
    expect(left.rows).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      obj: { deviceId: bad.id, days: ['0001-01-01', '9999-12-31'] },
      msg: 'rollup days set aside: bad data',
    });
  });
});
