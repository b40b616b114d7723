import type { GroupNode } from '@ems/contract/api/fleet';
import type { StationList } from '@ems/contract/api/station';
import { MAX_GROUPS } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { call } from './test-fleet';

describe('groups: category/edit, filter/tree, systemtype/list (issue 7 §2)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let ownerId: number;
  const site: Record<string, number> = {};

  const tree = async (q: Record<string, unknown> = {}, tok = token) =>
    (await call<GroupNode[]>(t.app, tok, 'GET', 'filter/tree', q)).data;
  const edit = (body: Record<string, unknown>, tok = token) =>
    call<{ id: number; name: string } | null>(t.app, tok, 'POST', 'category/edit', body);

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db, { userName: 'Gina' });
    const other = await buildUser(t.db);
    ownerId = owner.id;
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    site.roof = (await buildStation(t.db, { ownerId, name: 'Roof One', capacityKw: 10 })).id;
    site.barn = (
      await buildStation(t.db, { ownerId, name: 'Barn Two', capacityKw: 5, address: 'Farm lane' })
    ).id;
    site.ups = (
      await buildStation(t.db, { ownerId, name: 'Server room', systemType: 7, templateCode: 'ups' })
    ).id;
    site.foreign = (await buildStation(t.db, { ownerId: other.id, name: 'Foreign' })).id;
  });
  afterAll(() => t.close());

  it('puts every site of a new user under one default group, its capacity summed per unit', async () => {
    const groups = await tree();
    expect(groups).toHaveLength(1);
    // Two PV sites (kWp) and a UPS (kW): never one mixed sum.
    expect(groups[0]).toMatchObject({
      isDefault: true,
      owner: 'Gina',
      capacities: [
        { unit: 'kWp', value: 10 + 5 },
        { unit: 'kW', value: 10 },
      ],
    });
    expect(groups[0]!.subStations.map((s) => s.stationName)).toEqual(['Barn Two', 'Roof One', 'Server room']);
  });

  it('keeps only the top bar’s system type in the tree when systemType is given', async () => {
    const ups = await tree({ systemType: 7 });
    expect(ups).toHaveLength(1);
    expect(ups[0]!.subStations.map((s) => s.stationName)).toEqual(['Server room']);
    expect(ups[0]!.capacities).toEqual([{ unit: 'kW', value: 10 }]);
  });

  it('creates, renames, fills and deletes a group; sites of a deleted group go back to the default', async () => {
    const created = await edit({ action: 'create', name: 'Farms' });
    expect(created.status).toBe(0);
    const id = created.data!.id;
    expect((await edit({ action: 'create', name: 'Farms' })).msg).toBe(
      'You already have a group with this name',
    );
    expect((await edit({ action: 'rename', id, name: 'My farms' })).data).toEqual({ id, name: 'My farms' });
    expect((await edit({ action: 'move', id, stationIds: [site.barn] })).status).toBe(0);

    const groups = await tree();
    const farms = groups.find((g) => g.id === id)!;
    expect(farms).toMatchObject({
      name: 'My farms',
      isDefault: false,
      capacities: [{ unit: 'kWp', value: 5 }],
    });
    expect(farms.subStations.map((s) => s.stationId)).toEqual([site.barn]);
    const all = groups.flatMap((g) => g.subStations.map((s) => s.stationId)).sort();
    expect(all).toEqual([site.roof, site.barn, site.ups].sort());

    expect((await tree({ superId: id })).map((g) => g.id)).toEqual([id]);
    expect((await tree({ stationId: site.barn })).map((g) => g.id)).toEqual([id]);
    const byText = await tree({ filterText: 'roof' });
    expect(byText.flatMap((g) => g.subStations.map((s) => s.stationName))).toEqual(['Roof One']);
    const byGroupName = await tree({ filterText: 'farms' });
    expect(byGroupName.map((g) => g.name)).toEqual(['My farms']);

    const defaultId = groups.find((g) => g.isDefault)!.id;
    expect((await edit({ action: 'delete', id: defaultId })).msg).toBe('The default group cannot be deleted');
    expect((await edit({ action: 'delete', id })).data).toBeNull();
    const after = await tree();
    expect(after).toHaveLength(1);
    expect(after[0]!.subStations).toHaveLength(3);
  });

  it('answers no permission for another user’s group or site, and changes nothing', async () => {
    const mine = (await edit({ action: 'create', name: 'Private' })).data!.id;
    for (const body of [
      { action: 'rename', id: mine, name: 'Taken' },
      { action: 'delete', id: mine },
      { action: 'move', id: mine, stationIds: [site.roof] },
    ]) {
      expect((await edit(body, otherToken)).status).toBe(Status.NO_PERMISSION);
    }
    const theirs = (await edit({ action: 'create', name: 'Theirs' }, otherToken)).data!.id;
    expect((await edit({ action: 'move', id: mine, stationIds: [site.foreign] })).status).toBe(
      Status.NO_PERMISSION,
    );
    expect((await edit({ action: 'move', id: theirs, stationIds: [site.foreign] })).status).toBe(
      Status.NO_PERMISSION,
    );
    const groups = await tree();
    expect(groups.find((g) => g.id === mine)).toMatchObject({ name: 'Private', subStations: [] });
    expect(groups.some((g) => g.subStations.some((s) => s.stationId === site.foreign))).toBe(false);
  });

  it('stops at MAX_GROUPS with "quantity reached upper limit"', async () => {
    const user = await buildUser(t.db);
    const tok = await signIn(t.app, user);
    for (let i = 1; i < MAX_GROUPS; i++)
      expect((await edit({ action: 'create', name: `G${i}` }, tok)).status).toBe(0);
    const over = await edit({ action: 'create', name: 'One too many' }, tok);
    expect(over).toMatchObject({ status: Status.LIMIT_REACHED, msg: 'Quantity reached upper limit' });
  });

  it('systemtype/list with nodeTypeEnum=GROUP returns the groups with the type’s sites', async () => {
    const res = await call<StationList>(t.app, token, 'GET', 'systemtype/list', {
      systemType: 7,
      ispaging: false,
      nodeTypeEnum: 'GROUP',
      hadArea: false,
    });
    expect(res.data.rows.map((r) => r.stationId)).toEqual([site.ups]);
    const sites = res.data.groups!.flatMap((g) => g.subStations.map((s) => s.stationId));
    expect(sites).toEqual([site.ups]);
    const plain = await call<StationList>(t.app, token, 'GET', 'systemtype/list', { systemType: 7 });
    expect(plain.data.groups).toBeUndefined();
  });
});
