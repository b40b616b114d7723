import type { Attachment, AttachTotals } from '@ems/contract/api/social';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { ajax } from './test-social';

describe('station attachment with three owners (issue 10 §3)', () => {
  let t: TestApp;
  const tok: Record<'installer' | 'owner' | 'other', string> = { installer: '', owner: '', other: '' };
  const st: Record<'hub' | 'hub2' | 'roof' | 'barn' | 'shed', number> = {
    hub: 0,
    hub2: 0,
    roof: 0,
    barn: 0,
    shed: 0,
  };

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
    st.shed = (
      await buildStation(t.db, { ownerId: owner.id, name: 'Shed', systemType: 6, capacityKw: 10 })
    ).id;
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
      { superId: st.hub, superName: null, subId: st.roof, state: 'sent', direction: 'sent' },
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
      capacities: [{ unit: 'kWp', value: 8 }],
      devices: 1,
      powerW: 3200,
    });
    // Accepted: the asker now sees the superior's name.
    expect((await links('owner')).find((l) => l.subId === st.roof)).toMatchObject({
      superName: 'Installer hub',
      state: 'accepted',
    });
    expect((await totals('other')).status).toBe(Status.NO_PERMISSION);
    // The superior's owner reads totals, not the subordinate itself.
    expect((await ajax(t.app, tok.installer, 'GET', 'station/baseinfo', { stationId: st.roof })).status).toBe(
      Status.NO_PERMISSION,
    );
  });

  it('an ask naming a missing id answers exactly as one naming a stranger’s station (issue 19)', async () => {
    const raw = async (superId: number, subId: number, lang: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/owner_api/webpvesc/ajax/station/attached/ask',
        headers: { token: tok.owner, languageid: String(lang) },
        payload: { superId, subId },
      });
      return { http: res.statusCode, headers: res.headers['content-type'], body: res.json() as unknown };
    };
    const statements = async (run: () => Promise<unknown>) => {
      const spy = vi.spyOn(t.db, 'query');
      try {
        await run();
        return spy.mock.calls.map((c) => c[0]);
      } finally {
        spy.mockRestore();
      }
    };
    let foreign: unknown;
    let missing: unknown;
    const foreignSql = await statements(async () => {
      foreign = await raw(st.hub2, st.barn, 2);
    });
    const missingSql = await statements(async () => {
      missing = await raw(2_000_000, st.shed, 2);
    });
    expect(foreign).toEqual({
      http: 200,
      headers: expect.any(String),
      body: { status: 0, msg: expect.any(String), data: null },
    });
    expect(missing).toEqual(foreign);
    // The same statements run for both: the superior is never looked up (no extra work for either).
    expect(missingSql).toEqual(foreignSql);
    expect(missingSql.length).toBeGreaterThan(0);
    // Both wait as sent asks, and neither tells the superior's name.
    const sent = (await links('owner')).filter((l) => l.subId === st.barn || l.subId === st.shed);
    expect(sent).toEqual([
      expect.objectContaining({ superId: 2_000_000, superName: null, subId: st.shed, state: 'sent' }),
      expect.objectContaining({ superId: st.hub2, superName: null, subId: st.barn, state: 'sent' }),
    ]);
    expect(JSON.stringify(await links('owner'))).not.toContain('Second hub');
    // The stranger's owner receives the ask; nobody can answer the missing one; both can be abandoned.
    expect((await links('installer')).find((l) => l.subId === st.barn)).toMatchObject({
      superName: 'Second hub',
      subName: 'Barn',
      state: 'pending',
    });
    expect((await post('owner', 'abandom', { superId: st.hub2, subId: st.barn })).status).toBe(0);
    expect((await post('owner', 'abandom', { superId: 2_000_000, subId: st.shed })).status).toBe(0);
  });

  it('a site shared with the asker shows its name at once; capacity totals are summed per unit', async () => {
    // The installer shares hub2 with the owner: the owner may read it anyway, so its name is no secret.
    await t.db.query(
      `INSERT INTO friendships (requester_id, addressee_id, asked_name, status)
       SELECT s.owner_id, o.owner_id, 'x', 2 FROM stations s, stations o WHERE s.id = $1 AND o.id = $2`,
      [st.hub2, st.shed],
    );
    await t.db.query(
      `INSERT INTO station_shares (station_id, owner_id, viewer_id, status)
       SELECT s.id, s.owner_id, o.owner_id, 2 FROM stations s, stations o WHERE s.id = $1 AND o.id = $2`,
      [st.hub2, st.shed],
    );
    expect((await post('owner', 'ask', { superId: st.hub2, subId: st.shed })).status).toBe(0);
    expect((await links('owner')).find((l) => l.subId === st.shed)).toMatchObject({
      superName: 'Second hub',
      state: 'sent',
    });
    expect((await post('installer', 'accepted', { superId: st.hub2, subId: st.shed })).status).toBe(0);
    expect((await totals('installer', st.hub2)).data).toMatchObject({
      subordinates: 1,
      capacities: [{ unit: 'kWh', value: 10 }],
    });
    expect((await post('owner', 'abandom', { superId: st.hub2, subId: st.shed })).status).toBe(0);
  });

  it('a deleted superior frees its accepted subordinates; a new station voids asks made to its id', async () => {
    const gone = (await buildStation(t.db, { name: 'Short-lived' })).id;
    await t.db.query('INSERT INTO station_links (super_id, sub_id, status) VALUES ($1, $2, 2)', [
      gone,
      st.shed,
    ]);
    await t.db.query('DELETE FROM stations WHERE id = $1', [gone]);
    expect((await links('owner')).find((l) => l.subId === st.shed && l.status <= 2)).toBeUndefined();
    const next = (await t.db.query<{ id: number }>("SELECT nextval('stations_id_seq')::int AS id")).rows[0]!
      .id;
    expect((await post('owner', 'ask', { superId: next + 1, subId: st.shed })).status).toBe(0);
    const taker = await buildStation(t.db, { name: 'Newcomer' });
    expect(taker.id).toBe(next + 1);
    expect((await links('owner')).find((l) => l.subId === st.shed && l.status <= 2)).toBeUndefined();
    const toTaker = await t.db.query('SELECT status FROM station_links WHERE super_id = $1', [taker.id]);
    expect(toTaker.rows).toEqual([{ status: 4 }]);
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

  it('a link between two of one’s own stations is listed sent and received, and its owner answers it', async () => {
    expect((await post('installer', 'ask', { superId: st.hub, subId: st.hub2 })).status).toBe(0);
    const own = (await links('installer')).filter((l) => l.subId === st.hub2 && l.status === 1);
    expect(own).toEqual([
      expect.objectContaining({ superName: 'Installer hub', direction: 'sent', state: 'sent' }),
      expect.objectContaining({ superName: 'Installer hub', direction: 'received', state: 'pending' }),
    ]);
    expect((await post('installer', 'accepted', { superId: st.hub, subId: st.hub2 })).msg).toBe('Accepted');
    expect((await post('installer', 'abandom', { superId: st.hub, subId: st.hub2 })).status).toBe(0);
  });
});
