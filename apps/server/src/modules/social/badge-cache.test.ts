/**
 * The top-bar badge counts after every kind of change (issue 10 §6, docs/decisions/0014-badge-counts.md):
 * each user's counts are fetched first, so they sit in memory, and then the next user/badges call after
 * each change must show it: alarms raised and cleared by the ingest, friend requests asked and agreed,
 * shares offered, confirmed and stopped, a site deleted. On PGlite that is the very next call; on
 * PostgreSQL the notification comes over its own connection a few ms after the commit, so the check
 * polls for up to 3 s (a browser polls every 5 s). A stranger's counts never move.
 */
import type { AlarmCount } from '@ems/contract/api/alarm';
import type { BadgeCounts, SharedSite } from '@ems/contract/api/social';
import { topics } from '@ems/contract/telemetry';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { startTestIngest, type TestDevice, type TestIngest } from '../../ingest/test-ingest';
import { countingDb } from '../../test/counting-db';
import { type BuiltUser, buildAlarm, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { atNextCall } from '../../test/notices';
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

  /**
   * The user's badges show `expected` (a subset of Shown): at the next call on PGlite, within 3 s on
   * PostgreSQL (see the file's comment).
   */
  async function shows(who: Who, expected: Partial<Shown>): Promise<void> {
    await atNextCall(t.db, async () => expect(await badges(who)).toMatchObject(expected));
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
    await shows('a', none);
    await shows('b', none);
    await shows('c', stranger);
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
    await shows('a', { alarms: 1 });
    await shows('b', none);

    await report(ts + 1000, false);
    await shows('a', none);

    await report(ts + 2000, true);
    await shows('a', { alarms: 1 });
    await shows('c', stranger);
  });

  it('shows a friend request when asked and drops it when agreed', async () => {
    expect((await call('a', 'POST', 'user/attached/askfor', { friendName: users.b.loginName })).status).toBe(
      0,
    );
    await shows('b', { ...none, friendRequests: 1 });
    await shows('a', { friendRequests: 0 });
    expect((await call('b', 'PUT', 'user/attached/agree', { friendId: users.a.id })).status).toBe(0);
    await shows('b', none);
    await shows('c', stranger);
  });

  it('shows a share when offered; once confirmed, the site’s alarms instead; none once stopped', async () => {
    expect(
      (await call('a', 'POST', 'station/share/add', { stationId: site, friendId: users.b.id })).status,
    ).toBe(0);
    await shows('b', { ...none, shares: 1 });
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
    await shows('b', { ...none, alarms: 1 });

    expect(
      (await call('a', 'POST', 'station/share/cancel', { stationId: site, friendId: users.b.id })).status,
    ).toBe(0);
    await shows('b', none);
    await shows('a', { alarms: 1 });
    await shows('c', stranger);
  });

  it('drops a deleted site’s alarms', async () => {
    await shows('a', { alarms: 1 });
    expect((await call('a', 'POST', 'station/del', { stationId: site })).status).toBe(0);
    await shows('a', none);
    await shows('c', stranger);
  });

  it('answers an unchanged user from memory (no statement)', async () => {
    const { handle, statements } = countingDb(t.db);
    const counter = await createBadgeCounter(handle);
    try {
      const session = { userId: users.c.id, sessionId: 0, loginName: users.c.loginName, roles: [] };
      const first = await counter.counts(session);
      expect(statements()).toBeGreaterThan(0);
      const before = statements();
      expect(await counter.counts(session)).toEqual(first);
      expect(first.alarms.count).toBe(1);
      expect(statements()).toBe(before);
      // A change by any writer (here plain SQL, as a script would) reaches the cache all the same.
      await buildAlarm(t.db, { stationId: (await ownSite(t.db, users.c.id))!, alarmLevel: 4 });
      const two = { count: 2, byLevel: { fault: 1, fatal: 1 } };
      await atNextCall(t.db, async () => expect((await counter.counts(session)).alarms).toMatchObject(two));
    } finally {
      await counter.close();
    }
  });
});

async function ownSite(db: DbHandle, ownerId: number): Promise<number | undefined> {
  const r = await db.query<{ id: number }>('SELECT id FROM stations WHERE owner_id = $1', [ownerId]);
  return r.rows[0]?.id;
}
