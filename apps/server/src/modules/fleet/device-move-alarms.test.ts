/**
 * Issue 24 item 2: a device moved to another site takes its open alarms along (the sites' status,
 * alarm lists and the top-bar badge counts follow at once), while its alarm history stays on the site
 * it happened on, whose report needs it. A threshold rule belongs to its site, so the old site's rule
 * alarm is closed there, not carried.
 */
import type { AlarmCount } from '@ems/contract/api/alarm';
import type { BadgeCounts } from '@ems/contract/api/social';
import type { StationList } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlarm, buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { atNextCall } from '../../test/notices';
import { ajax } from '../social/test-social';
import { call } from './test-fleet';

describe('moving a device with open alarms (issue 24 item 2)', () => {
  let t: TestApp;
  let token: string;
  let roof = 0; // PV site (system type 1) the device leaves
  let shed = 0; // home storage site (system type 6) it goes to
  let deviceId = 0;
  let stayingId = 0;

  const badges = async (systemType: number) =>
    (await ajax<BadgeCounts>(t.app, token, 'GET', 'user/badges', { systemType })).data.alarms;
  const current = async (stationId: number) =>
    (
      await ajax<{ data: { alarmCode: string; stationId: number }[]; total: number }>(
        t.app,
        token,
        'GET',
        'alarm/system/current/list',
        { stationId },
      )
    ).data;
  const history = async (stationId: number) =>
    (
      await ajax<{ data: { alarmCode: string }[] }>(t.app, token, 'GET', 'alarm/system/history/list', {
        stationId,
      })
    ).data.data.map((a) => a.alarmCode);
  const worstLevel = async (systemType: number, stationId: number) =>
    (await call<StationList>(t.app, token, 'GET', 'systemtype/list', { systemType })).data.rows.find(
      (r) => r.stationId === stationId,
    )?.worstAlarmLevel;

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    token = await signIn(t.app, owner);
    roof = (await buildStation(t.db, { ownerId: owner.id, name: 'Roof', systemType: 1 })).id;
    shed = (
      await buildStation(t.db, { ownerId: owner.id, name: 'Shed', systemType: 6, templateCode: 'storage' })
    ).id;
    deviceId = (await buildDevice(t.db, { stationId: roof, deviceType: 'inverter' })).id;
    stayingId = (await buildDevice(t.db, { stationId: roof, deviceType: 'meter' })).id;
    const hourAgo = new Date(Date.now() - 3_600_000);
    // Open on the moving device: a device fault, a communication loss and a rule alarm of Roof's rule.
    await buildAlarm(t.db, { stationId: roof, deviceId, alarmCode: 'ID001', alarmLevel: 4 });
    await buildAlarm(t.db, {
      stationId: roof,
      deviceId,
      alarmCode: 'COMM_LOSS',
      alarmLevel: 3,
      source: 'offline',
    });
    await buildAlarm(t.db, { stationId: roof, deviceId, alarmCode: 'RULE-1', alarmLevel: 2, source: 'rule' });
    // Its history, and an open alarm of the device that stays.
    await buildAlarm(t.db, {
      stationId: roof,
      deviceId,
      alarmCode: 'ID042',
      alarmLevel: 3,
      startedAt: hourAgo,
      clearedAt: new Date(hourAgo.getTime() + 60_000),
    });
    await buildAlarm(t.db, { stationId: roof, deviceId: stayingId, alarmCode: 'E900', alarmLevel: 1 });
  });
  afterAll(() => t.close());

  it('carries the open alarms to the new site, badges and status included; history stays', async () => {
    // Counts are cached in memory from here on: the move must invalidate them.
    expect(await badges(1)).toMatchObject({ count: 4, byLevel: { notice: 1, alarm: 2, fault: 1 } });
    expect((await badges(6)).count).toBe(0);
    expect(await worstLevel(1, roof)).toBe(4);

    const moved = await call(t.app, token, 'POST', 'device/move', { deviceId, stationId: shed });
    expect(moved.status).toBe(0);

    await atNextCall(t.db, async () => {
      expect(await badges(1)).toMatchObject({ count: 1, byLevel: { notice: 1, alarm: 0, fault: 0 } });
      expect(await badges(6)).toMatchObject({ count: 2, byLevel: { notice: 0, alarm: 1, fault: 1 } });
    });
    const direct = await ajax<AlarmCount>(t.app, token, 'GET', 'alarm/system/current/count', {
      systemType: 6,
    });
    expect(direct.data.count).toBe(2);

    const onShed = await current(shed);
    expect(onShed.data.map((a) => a.alarmCode).sort()).toEqual(['COMM_LOSS', 'ID001']);
    expect(onShed.data.every((a) => a.stationId === shed)).toBe(true);
    expect((await current(roof)).data.map((a) => a.alarmCode)).toEqual(['E900']);
    expect(await worstLevel(6, shed)).toBe(4);
    expect(await worstLevel(1, roof)).toBe(1);

    // What happened on Roof stays Roof's: the earlier alarm and the rule alarm, closed by the move.
    expect((await history(roof)).sort()).toEqual(['ID042', 'RULE-1']);
    expect(await history(shed)).toEqual([]);
  });

  it('closes a carried alarm on the new site when the device clears it', async () => {
    await t.db.query(
      `UPDATE alarms SET cleared_at = now() WHERE device_id = $1 AND alarm_code = 'ID001' AND cleared_at IS NULL`,
      [deviceId],
    );
    await atNextCall(t.db, async () => expect((await badges(6)).count).toBe(1));
    expect(await history(shed)).toEqual(['ID001']);
  });
});
