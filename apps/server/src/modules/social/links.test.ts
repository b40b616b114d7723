import type { Attachment, AttachTotals } from '@ems/contract/api/social';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { ajax } from './test-social';

describe('station attachment with three owners (issue 10 §3)', () => {
  let t: TestApp;
  const tok: Record<'installer' | 'owner' | 'other', string> = { installer: '', owner: '', other: '' };
  const st: Record<'hub' | 'hub2' | 'roof' | 'barn', number> = { hub: 0, hub2: 0, roof: 0, barn: 0 };

  const post = (who: keyof typeof tok, path: string, body: Record<string, unknown>, lang = 1) =>
    ajax(t.app, tok[who], 'POST', `station/attached/${path}`, body, lang);
  const links = async (who: keyof typeof tok, q: Record<string, unknown> = {}) =>
    (await ajax<Attachment[]>(t.app, tok[who], 'GET', 'station/attached/requests', q)).data;
  const totals = async (who: keyof typeof tok, stationId = st.hub) =>
    ajax<AttachTotals>(t.app, tok[who], 'GET', 'station/attached/totals', { stationId });
  const live = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM station_links WHERE status IN (1, 2)'))
      .rows[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp();
    const [installer, owner, other] = [await buildUser(t.db), await buildUser(t.db), await buildUser(t.db)];
    [tok.installer, tok.owner, tok.other] = await Promise.all([
      signIn(t.app, installer),
      signIn(t.app, owner),
      signIn(t.app, other),
    ]);
    st.hub = (await buildStation(t.db, { ownerId: installer.id, name: 'Installer hub' })).id;
    st.hub2 = (await buildStation(t.db, { ownerId: installer.id, name: 'Second hub' })).id;
    st.roof = (await buildStation(t.db, { ownerId: owner.id, name: 'Roof', capacityKw: 8 })).id;
    st.barn = (await buildStation(t.db, { ownerId: owner.id, name: 'Barn', capacityKw: 4 })).id;
    const inv = await buildDevice(t.db, { stationId: st.roof, deviceType: 'inverter' });
    await t.db.query(
      `INSERT INTO device_latest (device_id, ts, w, points, last_seen_at) VALUES ($1, now(), 3200, '{}', now())`,
      [inv.id],
    );
  });
  afterAll(() => t.close());

  it('asks with ids sent as numbers; only the subordinate’s owner may ask; no loops', async () => {
    expect((await post('other', 'ask', { superId: st.hub, subId: st.roof })).status).toBe(
      Status.NO_PERMISSION,
    );
    expect((await post('owner', 'ask', { superId: 2_000_000, subId: st.roof })).status).toBe(
      Status.NO_PERMISSION,
    );
    expect((await post('owner', 'ask', { superId: st.roof, subId: st.roof })).status).toBe(
      Status.ILLEGAL_INPUT,
    );
    expect(await live()).toBe(0);
    expect(await post('owner', 'ask', { superId: st.hub, subId: st.roof })).toMatchObject({
      status: 0,
      msg: 'Asked, awaiting the superior station’s owner',
    });
    expect((await post('owner', 'ask', { superId: st.hub2, subId: st.roof })).status).toBe(Status.CONFLICT);
    expect(await links('owner')).toMatchObject([
      { superId: st.hub, subId: st.roof, state: 'sent', direction: 'sent' },
    ]);
    expect(await links('installer', { systemType: 1 })).toMatchObject([
      { superName: 'Installer hub', subName: 'Roof', state: 'pending', direction: 'received' },
    ]);
    expect(await links('other')).toEqual([]);
  });

  it('only the superior’s owner accepts; the superior then shows its subordinates’ totals', async () => {
    expect((await post('owner', 'accepted', { superId: st.hub, subId: st.roof })).status).toBe(
      Status.NO_PERMISSION,
    );
    expect((await post('other', 'accepted', { superId: st.hub, subId: st.roof }, 2)).msg).toBe('无操作权限');
    expect((await totals('installer')).data).toMatchObject({ subordinates: 0, capacity: 0 });
    expect((await post('installer', 'accepted', { superId: st.hub, subId: st.roof })).msg).toBe('Accepted');
    expect((await totals('installer')).data).toEqual({
      stationId: st.hub,
      subordinates: 1,
      capacity: 8,
      devices: 1,
      powerW: 3200,
    });
    expect((await totals('other')).status).toBe(Status.NO_PERMISSION);
    // The superior's owner reads totals, not the subordinate itself.
    expect((await ajax(t.app, tok.installer, 'GET', 'station/baseinfo', { stationId: st.roof })).status).toBe(
      Status.NO_PERMISSION,
    );
  });

  it('a superior cannot be put under its own subordinate', async () => {
    expect((await post('installer', 'ask', { superId: st.roof, subId: st.hub })).msg).toBe(
      'A station cannot be attached under itself or its own subordinates',
    );
  });

  it('rejects, abandons and modifies (moving to another superior)', async () => {
    await post('owner', 'ask', { superId: st.hub, subId: st.barn });
    expect((await post('installer', 'rejected', { superId: st.hub, subId: st.barn })).msg).toBe('Refused');
    expect((await links('owner')).find((l) => l.subId === st.barn)).toMatchObject({ state: 'refused' });

    expect(
      (await post('other', 'modify', { superId: st.hub2, oldSuperId: st.hub, subId: st.roof })).status,
    ).toBe(Status.NO_PERMISSION);
    expect(
      await post('owner', 'modify', { superId: st.hub2, oldSuperId: st.hub, subId: st.roof }),
    ).toMatchObject({
      status: 0,
    });
    expect((await totals('installer')).data.subordinates).toBe(0);
    expect((await links('owner')).find((l) => l.subId === st.roof && l.status === 1)).toMatchObject({
      superId: st.hub2,
    });
    expect((await post('installer', 'abandom', { superId: st.hub2, subId: st.roof })).status).toBe(
      Status.NO_PERMISSION,
    );
    expect((await post('owner', 'abandom', { superId: st.hub2, subId: st.roof })).status).toBe(0);
    expect(await live()).toBe(0);
  });
});
