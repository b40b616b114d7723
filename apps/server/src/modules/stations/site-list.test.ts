import type { StationList } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '../../shared/zoned-time';
import {
  buildAlarm,
  buildDevice,
  buildStation,
  buildUser,
  signIn,
  writeSyntheticDay,
} from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { call } from '../fleet/test-fleet';

/** Issue 7 item 5: the site list page's filters, sort and paging on systemtype/list. */
describe('systemtype/list filters and sort (site list page)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let groupId = 0;
  let otherGroupId = 0;
  const list = (q: Record<string, unknown>, tok = token) =>
    call<StationList>(t.app, tok, 'GET', 'systemtype/list', { systemType: 1, languageId: 1, ...q });
  const names = (a: { data: StationList }) => a.data.rows.map((r) => r.stationName);

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    const tz = 'Europe/Prague';
    const mk = (name: string, capacityKw: number, areaCode: string | null) =>
      buildStation(t.db, { ownerId: owner.id, name, capacityKw, areaCode, timeZone: tz });
    const alpha = await mk('Alpha', 5, 'CZ-10');
    const bravo = await mk('Bravo', 20, 'CZ-20');
    const charlie = await mk('Charlie', 10, 'CZ-10');
    await buildStation(t.db, { ownerId: other.id, name: 'Foreign' });
    // Alpha produces 1.2 kW and Bravo 3 kW now (both online); Charlie never reported and has an alarm.
    for (const [site, w] of [
      [alpha, 1200],
      [bravo, 3000],
    ] as const) {
      const inv = await buildDevice(t.db, { stationId: site.id, deviceType: 'inverter' });
      await writeSyntheticDay(t.db, inv, {
        date: localToday(tz),
        timeZone: tz,
        until: Date.now(),
        profile: { w: () => w },
      });
    }
    await buildDevice(t.db, { stationId: charlie.id, deviceType: 'inverter' });
    await buildAlarm(t.db, { stationId: charlie.id, alarmLevel: 4 });

    const g = await call<{ id: number }>(t.app, token, 'POST', 'category/edit', {
      action: 'create',
      name: 'North',
    });
    groupId = g.data.id;
    await call(t.app, token, 'POST', 'category/edit', {
      action: 'move',
      id: groupId,
      stationIds: [bravo.id],
    });
    const og = await call<{ id: number }>(t.app, otherToken, 'POST', 'category/edit', {
      action: 'create',
      name: 'Theirs',
    });
    otherGroupId = og.data.id;
  }, 60_000);
  afterAll(() => t.close());

  it('sorts by capacity, power and energy both ways, sites without data last', async () => {
    expect(names(await list({ sortField: 'capacity' }))).toEqual(['Alpha', 'Charlie', 'Bravo']);
    expect(names(await list({ sortField: 'capacity', sortOrder: 'desc' }))).toEqual([
      'Bravo',
      'Charlie',
      'Alpha',
    ]);
    expect(names(await list({ sortField: 'power', sortOrder: 'desc' }))).toEqual([
      'Bravo',
      'Alpha',
      'Charlie',
    ]);
    expect(names(await list({ sortField: 'power' }))).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(names(await list({ sortField: 'energy', sortOrder: 'desc' }))).toEqual([
      'Bravo',
      'Alpha',
      'Charlie',
    ]);
    expect(names(await list({ sortField: 'name', sortOrder: 'desc' }))).toEqual([
      'Charlie',
      'Bravo',
      'Alpha',
    ]);
    expect(names(await list({ sortField: 'status', sortOrder: 'desc' }))[0]).toBe('Charlie');
  });

  it('filters by status, group and area and pages after sorting', async () => {
    expect(names(await list({ status: 'alarm' }))).toEqual(['Charlie']);
    expect(names(await list({ status: 'offline' }))).toEqual(['Charlie']);
    expect(names(await list({ status: 'online', sortField: 'name' }))).toEqual(['Alpha', 'Bravo']);
    expect(names(await list({ groupId, sortField: 'name' }))).toEqual(['Bravo']);
    expect(names(await list({ areaCode: 'CZ-10', sortField: 'name' }))).toEqual(['Alpha', 'Charlie']);
    // A country holds the sites of its regions.
    expect(names(await list({ areaCode: 'CZ', sortField: 'name' }))).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const page2 = await list({ sortField: 'capacity', ispaging: true, pageNum: 2, pageSize: 2 });
    expect(page2.data.total).toBe(3);
    expect(names(page2)).toEqual(['Bravo']);
  });

  it('refuses another user’s group with 40300 and shows nothing of theirs', async () => {
    const a = await list({ groupId: otherGroupId });
    expect(a.status).toBe(40300);
    expect(a.data ?? null).toBeNull();
    const own = await list({ groupId: otherGroupId }, otherToken);
    expect(own.status).toBe(0);
    expect(names(own)).toEqual([]);
    expect(names(await list({ sortField: 'name' }))).not.toContain('Foreign');
  });

  it('refuses an unknown sort field or status as illegal input', async () => {
    expect((await list({ sortField: 'owner' })).status).not.toBe(0);
    expect((await list({ status: 'sleeping' })).status).not.toBe(0);
  });
});
