/**
 * The device alarm statement (engine.ts APPLY_SQL) probes indexes per event whatever plan the database
 * picks (issue 36 §2): the ingest runs it as a prepared statement, whose generic plan, when it was
 * written as joins, hashed the devices table and every open alarm of every device for each batch.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { APPLY_SQL, applyDeviceEvents } from './engine';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('device alarm statement', () => {
  it('reads one device and one open alarm per event under a generic plan, with 300 alarms open', async () => {
    const owner = await buildUser(t.db);
    const station = await buildStation(t.db, { ownerId: owner.id });
    const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    const ts = new Date();
    const opened = await applyDeviceEvents(
      t.db,
      Array.from({ length: 300 }, (_, i) => ({ deviceId: device.id, code: `P${i}`, active: true, ts })),
    );
    expect(opened).toEqual({ raised: 300, cleared: 0 });
    const array = (v: unknown[]) => `'{${v.map((x) => (x === null ? 'NULL' : `"${x}"`)).join(',')}}'`;
    // One event clears an open alarm, one raises a new code.
    const args = [
      array([device.id, device.id]),
      array(['P1', 'NEW']),
      array([3, 3]),
      array(['x', 'x']),
      array(['x', 'x']),
      array([null, ts.toISOString()]),
      array([ts.toISOString(), null]),
    ].join(', ');
    // One connection for the setting, the statement and its plan (a pool would spread them).
    const plan = await t.db.db.transaction(async (tx) => {
      await tx.execute(sql.raw('SET LOCAL plan_cache_mode = force_generic_plan'));
      await tx.execute(sql.raw(`PREPARE alarm_apply_plan AS ${APPLY_SQL}`));
      const res = await tx.execute<{ 'QUERY PLAN': string }>(
        sql.raw(`EXPLAIN (ANALYZE, COSTS OFF) EXECUTE alarm_apply_plan(${args})`),
      );
      await tx.execute(sql.raw('DEALLOCATE alarm_apply_plan'));
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index .*Scan.* on alarms/);
    expect(plan).not.toMatch(/Seq Scan on (alarms|devices)/);
    expect(plan).not.toContain('alarms_active');
    const rows = await t.db.query<{ code: string; open: boolean }>(
      `SELECT alarm_code AS code, cleared_at IS NULL AS open FROM alarms
       WHERE device_id = $1 AND alarm_code IN ('P1', 'P2', 'NEW') ORDER BY alarm_code`,
      [device.id],
    );
    expect(rows.rows).toEqual([
      { code: 'NEW', open: true },
      { code: 'P1', open: false },
      { code: 'P2', open: true },
    ]);
  });
});
