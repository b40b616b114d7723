/**
 * The top-bar badge counts after every kind of change (issue 10 §6, docs/decisions/0014-badge-counts.md):
 * each user's counts are fetched first, so on PGlite they sit in memory, and then a single user/badges call
 * right after each change must already show it: alarms raised and cleared by the ingest, friend requests
 * asked and agreed, shares offered, confirmed and stopped, a site deleted. A stranger's counts never move.
 */
import type { AlarmCount } from '@ems/contract/api/alarm';
import type { BadgeCounts, SharedSite } from '@ems/contract/api/social';
import { topics } from '@ems/contract/telemetry';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { startTestIngest, type TestDevice, type TestIngest } from '../../ingest/test-ingest';
import { type BuiltUser, buildAlarm, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createBadgeCounter } from './badge-cache';
import { ajax } from './test-social';

type Who = 'a' | 'b' | 'c';
/** What a user's badges show: alarm total and fatal-level alarms, friend requests, shares. */
type Shown = { alarms: number; fatal: number; friendRequests: number; shares: number };

describe('badge counts stay exact with the in-memory cache (issue 10 §6)', () => {
  let t: TestApp;
  let ing: TestIngest;
  const users = {} as Record<Who, BuiltUser>;
  const tok = {} as Record<Who, string>;
  let site: number;
  let inv: TestDevice;
  let device: MqttClient;

  const call = <T>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body = {}) =>
    ajax<T>(t.app, tok[who], method, path, body);

  /** One user/badges call, checked against the alarms module's own count asked afresh. */
  async function badges(who: Who): Promise<Shown> {
    const got = await call<BadgeCounts>(who, 'GET', 'user/badges');
    expect(got.status).toBe(0);
    const direct = await call<AlarmCount>(who, 'GET', 'alarm/system/current/count');
    expect(got.data.alarms).toEqual(direct.data);
    const { alarms, friendRequests, shares } = got.data;
    return { alarms: alarms.count, fatal: alarms.byLevel.fatal, friendRequests, shares };
  }

  /** Waits until the ingest has committed `open` active alarms on the site (read from the table itself). */
  async function activeAlarmsInTable(open: number): Promise<void> {
    await ing.waitFor(async () => {
      const r = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM alarms WHERE station_id = $1 AND cleared_at IS NULL',
        [site],
      );
      return r.rows[0]?.n === open;
    });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ing = await startTestIngest({ db: t.db, config: t.config });
    users.a = await buildUser(t.db, { userName: 'Ann' });
    users.b = await buildUser(t.db, { userName: 'Ben' });
    users.c = await buildUser(t.db, { userName: 'Cleo' });
    for (const who of ['a', 'b', 'c'] as const) tok[who] = await signIn(t.app, users[who]);
    site = await ing.addStation(users.a.id);
    inv = await ing.addDevice('inverter', site);
    device = await ing.connectDevice(inv);
    // The stranger has a site and an alarm of their own, which must never reach the others' badges.
    const strangerSite = await buildStation(t.db, { ownerId: users.c.id, name: 'Cleo shed' });
    await buildAlarm(t.db, { stationId: strangerSite.id, alarmLevel: 5 });
  });
  afterAll(async () => {
    await device?.endAsync();
    await ing?.stop();
    await t?.close();
  });

  const none = { alarms: 0, fatal: 0, friendRequests: 0, shares: 0 };
  const stranger = { alarms: 1, fatal: 1, friendRequests: 0, shares: 0 };

  it('starts from each user’s own counts (and caches them)', async () => {
    expect(await badges('a')).toEqual(none);
    expect(await badges('b')).toEqual(none);
    expect(await badges('c')).toEqual(stranger);
  });

  it('shows an alarm the ingest raises, and its clearing, at the owner’s next call', async () => {
    const ts = Date.now() - 60_000;
    // The device reports ID001 raised or cleared; the ingest has committed it once the table shows it.
    const report = async (at: number, active: boolean) => {
      await device.publishAsync(topics.alarm(inv.sn), JSON.stringify({ ts: at, code: 'ID001', active }), {
        qos: 1,
      });
      await activeAlarmsInTable(active ? 1 : 0);
    };
    await report(ts, true);
    expect(await badges('a')).toMatchObject({ alarms: 1 });
    expect(await badges('b')).toEqual(none);

    await report(ts + 1000, false);
    expect(await badges('a')).toEqual(none);

    await report(ts + 2000, true);
    expect(await badges('a')).toMatchObject({ alarms: 1 });
    expect(await badges('c')).toEqual(stranger);
  });

  it('shows a friend request when asked and drops it when agreed', async () => {
    expect((await call('a', 'POST', 'user/attached/askfor', { friendName: users.b.loginName })).status).toBe(
      0,
    );
    expect(await badges('b')).toEqual({ ...none, friendRequests: 1 });
    expect(await badges('a')).toMatchObject({ friendRequests: 0 });
    expect((await call('b', 'PUT', 'user/attached/agree', { friendId: users.a.id })).status).toBe(0);
    expect(await badges('b')).toEqual(none);
    expect(await badges('c')).toEqual(stranger);
  });

  it('shows a share when offered; once confirmed, the site’s alarms instead; none once stopped', async () => {
    expect(
      (await call('a', 'POST', 'station/share/add', { stationId: site, friendId: users.b.id })).status,
    ).toBe(0);
    expect(await badges('b')).toEqual({ ...none, shares: 1 });
    const group = (
      await call<{ id: number }>('b', 'POST', 'station/category/edit', { action: 'create', name: 'Ann' })
    ).data.id;
    const [pending] = (await call<SharedSite[]>('b', 'GET', 'station/share/received')).data;
    const confirmed = await call('b', 'POST', 'station/share/confirm', {
      superId: group,
      oldSuperId: pending!.oldId,
      subId: site,
    });
    expect(confirmed.status).toBe(0);
    expect(await badges('b')).toEqual({ ...none, alarms: 1 });

    expect(
      (await call('a', 'POST', 'station/share/cancel', { stationId: site, friendId: users.b.id })).status,
    ).toBe(0);
    expect(await badges('b')).toEqual(none);
    expect(await badges('a')).toMatchObject({ alarms: 1 });
    expect(await badges('c')).toEqual(stranger);
  });

  it('drops a deleted site’s alarms', async () => {
    expect(await badges('a')).toMatchObject({ alarms: 1 });
    expect((await call('a', 'POST', 'station/del', { stationId: site })).status).toBe(0);
    expect(await badges('a')).toEqual(none);
    expect(await badges('c')).toEqual(stranger);
  });

  it('answers an unchanged user from memory on PGlite (no statement), afresh on PostgreSQL', async () => {
    let statements = 0;
    const counted: DbHandle = {
      ...t.db,
      query: (text, params) => {
        statements++;
        return t.db.query(text, params);
      },
    };
    const counter = await createBadgeCounter(counted);
    try {
      const session = { userId: users.c.id, sessionId: 0, loginName: users.c.loginName, roles: [] };
      const first = await counter.counts(session);
      statements = 0;
      expect(await counter.counts(session)).toEqual(first);
      expect(first.alarms.count).toBe(1);
      if (t.db.kind === 'pglite') expect(statements).toBe(0);
      else expect(statements).toBeGreaterThan(0);
      // A change by any writer (here plain SQL, as a script would) reaches the cache all the same.
      await buildAlarm(t.db, { stationId: (await ownSite(t.db, users.c.id))!, alarmLevel: 4 });
      expect((await counter.counts(session)).alarms).toMatchObject({
        count: 2,
        byLevel: { fault: 1, fatal: 1 },
      });
    } finally {
      await counter.close();
    }
  });
});

async function ownSite(db: DbHandle, ownerId: number): Promise<number | undefined> {
  const r = await db.query<{ id: number }>('SELECT id FROM stations WHERE owner_id = $1', [ownerId]);
  return r.rows[0]?.id;
}
