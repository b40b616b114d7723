/**
 * The rollup job under live ingest (issue 12 §2 "rollups that keep up"): one run recomputes what was
 * marked and stops, although the ingest keeps re-marking today's day while it runs. Real database.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { writeSamples } from '../../ingest/writer';
import { localToday } from '../../shared/zoned-time';
import { buildDevice, buildStation } from '../../test/factories';
import { buildOwnerApp, type TestApp } from '../../test/helper';
import { ROLLUP_JOB_CHUNK, rollupJob } from './rollup-refresh';

let t: TestApp;
let ownerId = 0;

describe('rollup job under live ingest', () => {
  beforeAll(async () => {
    ({ t, ownerId } = await buildOwnerApp());
  });
  afterAll(() => t.close());

  it('claims the marked days once per run instead of chasing the marks live ingest keeps making', async () => {
    const station = await buildStation(t.db, { ownerId, timeZone: 'Europe/Berlin' });
    const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    const now = Date.now();
    const rows = Array.from({ length: 12 }, (_, k) => ({
      deviceId: device.id,
      ts: new Date(now - (12 - k) * 60_000),
      w: 1000,
      soc: null,
      eIn: null,
      eOut: null,
      points: { W: 1000 },
    }));
    await writeSamples(t.db, rows);
    const today = localToday('Europe/Berlin', now);

    // Counts the job's claims of marked days; a loop re-marks today as a steady stream of samples would.
    let claims = 0;
    const counted: DbHandle = {
      ...t.db,
      query: ((text: string, params?: unknown[], name?: string) => {
        if (/^DELETE FROM rollup_dirty WHERE \(device_id, day\) IN/.test(text.trim())) claims += 1;
        return t.db.query(text, params, name);
      }) as DbHandle['query'],
    };
    let ingesting = true;
    const remarking = (async () => {
      while (ingesting) {
        await t.db.query('INSERT INTO rollup_dirty (device_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          device.id,
          today,
        ]);
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    try {
      await rollupJob.run({ db: counted, config: t.config, log: pino({ level: 'silent' }) }, new Date(now));
    } finally {
      ingesting = false;
      await remarking;
    }

    expect(claims).toBe(1);
    const daily = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM energy_daily WHERE device_id = $1 AND day = $2',
      [device.id, today],
    );
    expect(daily.rows[0]?.n).toBe(1);
  });

  it(`claims a backlog ${ROLLUP_JOB_CHUNK} days per statement, so reads never wait behind all of it`, async () => {
    const station = await buildStation(t.db, { ownerId, timeZone: 'UTC' });
    const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    const backlog = 2 * ROLLUP_JOB_CHUNK + 4;
    await t.db.query('DELETE FROM rollup_dirty'); // what the test before left re-marked
    await t.db.query(
      `INSERT INTO rollup_dirty (device_id, day)
       SELECT $1, (now() AT TIME ZONE 'UTC')::date - k FROM generate_series(0, $2 - 1) AS k`,
      [device.id, backlog],
    );
    const claimed: number[] = [];
    const counted: DbHandle = {
      ...t.db,
      query: (async (text: string, params?: unknown[], name?: string) => {
        const res = await t.db.query(text, params, name);
        if (/^DELETE FROM rollup_dirty WHERE \(device_id, day\) IN/.test(text.trim()))
          claimed.push(res.rows.length);
        return res;
      }) as DbHandle['query'],
    };
    await rollupJob.run({ db: counted, config: t.config, log: pino({ level: 'silent' }) }, new Date());
    expect(claimed).toEqual([ROLLUP_JOB_CHUNK, ROLLUP_JOB_CHUNK, 4]);
    const left = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rollup_dirty WHERE device_id = $1',
      [device.id],
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
