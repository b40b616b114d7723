import type { GroupNode } from '@ems/contract/api/fleet';
import type { BadgeCounts, Friend, FriendRequest, SharedSite } from '@ems/contract/api/social';
import type { DeviceInfo, StationBaseInfo } from '@ems/contract/api/station';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltUser,
  buildAlarm,
  buildDevice,
  buildStation,
  buildUser,
  signIn,
} from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { atNextCall } from '../../test/notices';
import { siteForm } from '../fleet/test-fleet';
import { ajax } from './test-social';

describe('friends and site sharing with three users (issue 10 §1, §2)', () => {
  let t: TestApp;
  let a: BuiltUser;
  let b: BuiltUser;
  let c: BuiltUser;
  const tok: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
  let site: number;
  let device: number;

  const as = (who: 'a' | 'b' | 'c') => ({
    get: <T>(path: string, q: Record<string, unknown> = {}, lang = 1) =>
      ajax<T>(t.app, tok[who], 'GET', path, q, lang),
    post: <T>(path: string, body: Record<string, unknown> = {}, lang = 1) =>
      ajax<T>(t.app, tok[who], 'POST', path, body, lang),
    put: <T>(path: string, body: Record<string, unknown> = {}, lang = 1) =>
      ajax<T>(t.app, tok[who], 'PUT', path, body, lang),
    del: <T>(path: string, body: Record<string, unknown> = {}, lang = 1) =>
      ajax<T>(t.app, tok[who], 'DELETE', path, body, lang),
  });
  const badges = async (who: 'a' | 'b' | 'c') => {
    const { alarms, ...social } = (await as(who).get<BadgeCounts>('user/badges')).data;
    return { alarms: alarms.count, ...social };
  };
  const requests = async (who: 'a' | 'b' | 'c') =>
    (await as(who).get<FriendRequest[]>('user/attached/requests')).data;
  const canRead = async (who: 'a' | 'b' | 'c') =>
    (await as(who).get('station/baseinfo', { stationId: site })).status === Status.OK;
  const siteName = async () =>
    (await t.db.query<{ name: string }>('SELECT name FROM stations WHERE id = $1', [site])).rows[0]!.name;

  beforeAll(async () => {
    t = await buildTestApp();
    [a, b, c] = [
      await buildUser(t.db, { userName: 'Alice' }),
      await buildUser(t.db, { userName: 'Bob' }),
      await buildUser(t.db, { userName: 'Carol' }),
    ];
    [tok.a, tok.b, tok.c] = await Promise.all([signIn(t.app, a), signIn(t.app, b), signIn(t.app, c)]);
    site = (await buildStation(t.db, { ownerId: a.id, name: 'Alice roof' })).id;
    device = (await buildDevice(t.db, { stationId: site, deviceType: 'inverter' })).id;
    await buildAlarm(t.db, { stationId: site, alarmLevel: 4 });
  });
  afterAll(() => t.close());

  it('asks by login name; the asker sees "sent", the other side a pending request and a badge', async () => {
    const asked = await as('a').post('user/attached/askfor', { friendName: b.loginName });
    expect(asked).toEqual({ http: 200, status: 0, msg: 'Added, awaiting the other side', data: null });
    // Issue 19: until B agrees, A sees what A typed, not B's id or user name.
    expect(await requests('a')).toEqual([
      {
        userId: null,
        userName: b.loginName,
        requestTime: expect.any(String),
        status: 1,
        state: 'sent',
        direction: 'sent',
      },
    ]);
    expect(JSON.stringify(await requests('a'))).not.toContain('Bob');
    expect(await requests('b')).toMatchObject([
      { userId: a.id, userName: 'Alice', state: 'pending', status: 1, direction: 'received' },
    ]);
    await atNextCall(t.db, async () =>
      expect(await badges('b')).toEqual({ alarms: 0, friendRequests: 1, shares: 0 }),
    );
    await atNextCall(t.db, async () =>
      expect(await badges('a')).toEqual({ alarms: 1, friendRequests: 0, shares: 0 }),
    );
  });

  it('refuses asking twice (either way), yourself or an unknown name, in the caller’s language', async () => {
    expect((await as('a').post('user/attached/askfor', { friendName: b.loginName })).msg).toBe(
      'A friend request between you is already pending',
    );
    expect((await as('b').post('user/attached/askfor', { friendName: a.loginName })).status).toBe(
      Status.CONFLICT,
    );
    expect((await as('a').post('user/attached/askfor', { friendName: a.loginName })).msg).toBe(
      'You cannot add yourself as a friend',
    );
    expect((await as('a').post('user/attached/askfor', { friendName: 'nobody_here' }, 2)).msg).toBe(
      '没有该用户名的账号',
    );
    expect(await requests('a')).toHaveLength(1);
  });

  it('lets only the asked user answer; a stranger’s agree changes nothing', async () => {
    const stranger = await as('c').put('user/attached/agree', { friendId: a.id });
    expect(stranger.status).toBe(Status.ILLEGAL_INPUT);
    expect((await as('a').put('user/attached/agree', { friendId: b.id })).status).toBe(Status.ILLEGAL_INPUT);
    expect((await requests('b'))[0]!.state).toBe('pending');
  });

  it('agrees: both list each other; asking again says already friends', async () => {
    expect(await as('b').put('user/attached/agree', { friendId: a.id })).toMatchObject({
      status: 0,
      msg: 'Accepted',
    });
    expect((await as('a').get<Friend[]>('user/attached/lists')).data).toMatchObject([
      { friendId: b.id, friendName: 'Bob', sharedByMe: 0, sharedWithMe: 0 },
    ]);
    expect((await as('b').get<Friend[]>('user/attached/lists', { systemType: 1 })).data).toMatchObject([
      { friendId: a.id, friendName: 'Alice' },
    ]);
    expect((await as('a').post('user/attached/askfor', { friendName: b.loginName })).msg).toBe(
      'You are already friends',
    );
    // Accepted: now A's request shows B as B is (id and user name).
    expect((await requests('a')).find((r) => r.direction === 'sent')).toMatchObject({
      userId: b.id,
      userName: 'Bob',
      state: 'accepted',
    });
    await atNextCall(t.db, async () => expect(await badges('b')).toMatchObject({ friendRequests: 0 }));
  });

  it('refuses: the asker sees "refused" and may ask again later', async () => {
    await as('a').post('user/attached/askfor', { friendName: c.loginName });
    expect(await as('c').put('user/attached/refuse', { friendId: a.id }, 2)).toMatchObject({
      status: 0,
      msg: '已拒绝',
    });
    expect((await requests('a')).find((r) => r.userName === c.loginName)).toMatchObject({
      userId: null,
      state: 'refused',
      status: 3,
    });
    expect(JSON.stringify(await requests('a'))).not.toContain('Carol');
    expect((await as('a').get<Friend[]>('user/attached/lists')).data.map((f) => f.friendId)).toEqual([b.id]);
    expect((await as('a').post('user/attached/askfor', { friendName: c.loginName })).status).toBe(0);
    // A pending request is withdrawn by the name as typed; its id answers as any wrong id would.
    const byId = await as('a').del('user/attached/delete', { friendId: c.id });
    const wrongId = await as('a').del('user/attached/delete', { friendId: 2_000_000 });
    expect(byId).toEqual(wrongId);
    expect(byId.status).toBe(Status.ILLEGAL_INPUT);
    expect(await as('a').del('user/attached/delete', {})).toMatchObject({
      http: 200,
      status: Status.ILLEGAL_INPUT,
    });
    expect((await as('a').del('user/attached/delete', { friendName: c.loginName })).msg).toBe(
      'Friend deleted',
    );
    expect((await requests('c')).filter((r) => r.status === 1)).toEqual([]);
  });

  it('shares only the owner’s site and only with a friend', async () => {
    expect((await as('a').post('station/share/add', { stationId: site, friendId: c.id })).msg).toBe(
      'You can only share a site with a friend',
    );
    expect((await as('b').post('station/share/add', { stationId: site, friendId: a.id })).status).toBe(
      Status.NO_PERMISSION,
    );
    expect(await as('a').post('station/share/add', { stationId: site, friendId: b.id })).toMatchObject({
      status: 0,
      msg: 'Shared, awaiting the other side',
    });
    expect((await as('a').post('station/share/add', { stationId: site, friendId: b.id })).status).toBe(
      Status.CONFLICT,
    );
    expect((await as('a').get('station/share/list', { stationId: site })).data).toMatchObject([
      { friendId: b.id, friendName: 'Bob', state: 'sent' },
    ]);
    expect((await as('b').get('station/share/list', { stationId: site })).status).toBe(Status.NO_PERMISSION);
  });

  it('the friend sees the pending share (stationName, owner) and cannot read the site before confirming', async () => {
    await atNextCall(t.db, async () => expect(await badges('b')).toMatchObject({ shares: 1, alarms: 0 }));
    const pending = (await as('b').get<SharedSite[]>('station/share/received')).data;
    expect(pending).toMatchObject([
      { stationId: site, stationName: 'Alice roof', userName: 'Alice', state: 'pending' },
    ]);
    expect(await canRead('b')).toBe(false);
  });

  it('confirming needs one of the caller’s own groups; then the site sits in it, readable, not owned', async () => {
    const aliceGroup = (await as('a').get<GroupNode[]>('station/filter/tree')).data[0]!.id;
    expect((await as('b').post('station/share/confirm', { superId: aliceGroup, subId: site })).msg).toBe(
      'Choose one of your groups first (create one if you have none)',
    );
    expect(await canRead('b')).toBe(false);
    const group = (
      await as('b').post<{ id: number }>('station/category/edit', { action: 'create', name: 'Friends' })
    ).data.id;
    const [pending] = (await as('b').get<SharedSite[]>('station/share/received')).data;
    const confirmed = await as('b').post('station/share/confirm', {
      superId: group,
      oldSuperId: pending!.oldId,
      subId: site,
    });
    expect(confirmed).toMatchObject({ status: 0, msg: 'Accepted' });
    const tree = (await as('b').get<GroupNode[]>('station/filter/tree')).data;
    expect(tree.find((g) => g.id === group)!.subStations).toMatchObject([
      { stationId: site, stationName: 'Alice roof', owned: false },
    ]);
    await atNextCall(t.db, async () =>
      expect(await badges('b')).toEqual({ alarms: 1, friendRequests: 0, shares: 0 }),
    );
    expect(await canRead('b')).toBe(true);
    expect((await as('b').get<unknown[]>('station/device/list', { stationId: site })).data).toHaveLength(1);
    expect((await as('a').get<Friend[]>('user/attached/lists')).data[0]).toMatchObject({ sharedByMe: 1 });
  });

  it('a shared viewer never edits, deletes, re-shares or touches devices: 无操作权限, nothing changed', async () => {
    const refusals = [
      await as('b').put('station/modify', { ...siteForm({ stationName: 'Hijacked' }), stationId: site }, 2),
      await as('b').post('station/del', { stationId: site }, 2),
      await as('b').post('station/device/edit', { deviceId: device, name: 'Mine now' }, 2),
      await as('b').post('station/device/del', { deviceId: device }, 2),
      await as('b').post('station/share/cancel', { stationId: site, friendId: b.id }, 2),
    ];
    for (const r of refusals) expect(r).toMatchObject({ status: Status.NO_PERMISSION, msg: '无操作权限' });
    expect(await siteName()).toBe('Alice roof');
    expect(
      (await as('a').get<{ name: string }[]>('station/device/list', { stationId: site })).data[0]!.name,
    ).not.toBe('Mine now');
    expect(await canRead('c')).toBe(false);
  });

  it('a shared viewer sees neither serial number of a device; the owner and administrators do (issue 19)', async () => {
    const row = (
      await t.db.query<{ sn: string; comm: string }>(
        'SELECT serial_number AS sn, comm_serial_number AS comm FROM devices WHERE id = $1',
        [device],
      )
    ).rows[0]!;
    await t.db.query('UPDATE devices SET comm_serial_number = $2 WHERE id = $1', [device, 'CSN-VIEWER-TEST']);
    const pair = { serialNumber: row.sn, commSerialNumber: 'CSN-VIEWER-TEST' };
    const serials = (d: DeviceInfo) => ({
      serialNumber: d.serialNumber,
      commSerialNumber: d.commSerialNumber,
    });
    const list = (who: 'a' | 'b') => as(who).get<DeviceInfo[]>('station/device/list', { stationId: site });
    const base = (who: 'a' | 'b') => as(who).get<StationBaseInfo>('station/baseinfo', { stationId: site });
    expect((await list('a')).data.map(serials)).toEqual([pair]);
    expect((await base('a')).data.devices.map(serials)).toEqual([pair]);
    expect((await list('b')).data.map(serials)).toEqual([{ serialNumber: null, commSerialNumber: null }]);
    expect((await base('b')).data.devices.map(serials)).toEqual([
      { serialNumber: null, commSerialNumber: null },
    ]);
    for (const answer of [await list('b'), await base('b')]) {
      expect(JSON.stringify(answer)).not.toContain(row.sn);
      expect(JSON.stringify(answer)).not.toContain('CSN-VIEWER-TEST');
    }
    const admin = await signIn(t.app, await buildUser(t.db, { roles: ['admin'] }));
    const adminList = await ajax<DeviceInfo[]>(t.app, admin, 'GET', 'station/device/list', {
      stationId: site,
    });
    expect(adminList.data.map(serials)).toEqual([pair]);
  });

  it('the viewer can leave; the owner can stop sharing; deleting the friend ends sharing', async () => {
    expect((await as('b').post('station/share/leave', { stationId: site })).status).toBe(0);
    expect(await canRead('b')).toBe(false);
    await as('a').post('station/share/add', { stationId: site, friendId: b.id });
    expect((await as('b').post('station/share/refuse', { subId: site })).msg).toBe('Refused');
    expect(await canRead('b')).toBe(false);

    await as('a').post('station/share/add', { stationId: site, friendId: b.id });
    const group = (await as('b').get<GroupNode[]>('station/filter/tree')).data[0]!.id;
    await as('b').post('station/share/confirm', { superId: group, subId: site });
    expect(await canRead('b')).toBe(true);
    expect((await as('a').post('station/share/cancel', { stationId: site, friendId: b.id })).msg).toBe(
      'Sharing stopped',
    );
    expect(await canRead('b')).toBe(false);

    await as('a').post('station/share/add', { stationId: site, friendId: b.id });
    await as('b').post('station/share/confirm', { superId: group, subId: site });
    expect(await canRead('b')).toBe(true);
    expect((await as('b').del('user/attached/delete', { friendId: a.id })).status).toBe(0);
    expect(await canRead('b')).toBe(false);
    expect((await as('a').get('station/share/list', { stationId: site })).data).toEqual([]);
    expect(
      (await as('b').get<GroupNode[]>('station/filter/tree')).data.flatMap((g) => g.subStations),
    ).toEqual([]);
  });

  it('sharing one site shares nothing else of the owner', async () => {
    const other = await as('a').post<{ stationId: number }>(
      'station/create',
      siteForm({ stationName: 'Alice barn' }),
    );
    expect(other.status).toBe(0);
    expect((await as('b').get('station/baseinfo', { stationId: other.data.stationId })).status).toBe(
      Status.NO_PERMISSION,
    );
  });
});
