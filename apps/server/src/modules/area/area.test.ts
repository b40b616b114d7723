import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AreaNode } from '@ems/contract/api/area';
import type { StationList } from '@ems/contract/api/station';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { call, siteForm } from '../fleet/test-fleet';
import { areaCodesUnder, countryOfArea } from './area-tree';

/** Issue 7 item 6: area/list, the area a site stores, and the site list's area filter. */
describe('area/list and site areas', () => {
  let t: TestApp;
  let token: string;
  const areas = async (languageId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/owner_api/webpvesc/ajax/area/list?languageId=${languageId}`,
      headers: { token },
    });
    return res.json() as { status: number; data: AreaNode[] };
  };
  const find = (nodes: AreaNode[], code: string) => nodes.find((n) => n.info.areaCode === code)!;

  beforeAll(async () => {
    t = await buildTestApp();
    token = await signIn(t.app, await buildUser(t.db));
  }, 60_000);
  afterAll(() => t.close());

  it('lists countries with subdivisions: China by GB/T 2260 to the second level, Brazil, Czechia', async () => {
    const body = await areas(1);
    expect(body.status).toBe(0);
    expect(body.data.length).toBeGreaterThan(240);
    const cn = find(body.data, 'CN');
    expect(cn.info.areaName).toBe('China');
    const beijing = find(cn.subs, '110000');
    expect(beijing.info.areaName).toBe('Beijing Shi');
    expect(beijing.subs.map((s) => s.info.areaCode)).toEqual(['110100']);
    expect(find(find(cn.subs, '440000').subs, '440300').info.areaName).toBe('Shenzhen Shi');
    const br = find(body.data, 'BR');
    expect(br.info.areaName).toBe('Brazil');
    expect(br.subs).toHaveLength(27);
    const sp = find(br.subs, 'BR-SP');
    expect(sp.info.areaName).toBe('São Paulo');
    // Second level: the state's municipalities by their IBGE codes.
    expect(sp.subs).toHaveLength(645);
    expect(find(sp.subs, '3550308').info.areaName).toBe('São Paulo');
    expect(find(sp.subs, '3509502').info.areaName).toBe('Campinas');
    const cz = find(body.data, 'CZ');
    expect(find(cz.subs, 'CZ-64').info.areaName).toBe('Jihomoravský kraj');
    expect(find(find(cz.subs, 'CZ-64').subs, 'CZ-642').info.areaName).toBe('Brno-město');
    // Every country has its first level where ISO 3166-2 has one (France's regions, for one).
    expect(find(body.data, 'FR').subs.length).toBeGreaterThan(10);
    const ids = new Set<number>();
    const walk = (n: AreaNode) => {
      ids.add(n.info.id);
      n.subs.forEach(walk);
    };
    body.data.forEach(walk);
    expect(ids.size).toBeGreaterThan(4000);
  });

  it('sends the tree compressed when the browser accepts it, the same tree as plain JSON', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/owner_api/webpvesc/ajax/area/list?languageId=1',
        headers: { token, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('names countries in the caller’s language', async () => {
    const zh = (await areas(2)).data;
    expect(find(zh, 'CN').info.areaName).toBe('中国');
    expect(find(zh, 'CZ').info.areaName).toBe('捷克');
    expect(find((await areas(4)).data, 'DE').info.areaName).toBe('Německo');
    expect(find((await areas(3)).data, 'DE').info.areaName).toBe('Alemanha');
  });

  it('names China’s provinces and cities in Chinese for a Chinese viewer and in Pinyin for the others', async () => {
    const path = async (languageId: number) => {
      const guangdong = find(find((await areas(languageId)).data, 'CN').subs, '440000');
      return [guangdong.info.areaName, find(guangdong.subs, '440300').info.areaName];
    };
    expect(await path(2)).toEqual(['广东省', '深圳市']);
    expect(await path(1)).toEqual(['Guangdong Sheng', 'Shenzhen Shi']);
    expect(await path(3)).toEqual(['Guangdong Sheng', 'Shenzhen Shi']);
  });

  it('finds the areas under an area and the country of an area', () => {
    expect(areaCodesUnder('CZ-64').has('CZ-642')).toBe(true);
    expect(areaCodesUnder('CN').has('440300')).toBe(true);
    expect(areaCodesUnder('CN').has('CZ-64')).toBe(false);
    expect(countryOfArea('440300')).toBe('CN');
    expect(countryOfArea('XX-99')).toBeNull();
  });

  it('stores a known area on a site, refuses an unknown one, and filters the site list by area', async () => {
    const bad = await call(t.app, token, 'POST', 'create', siteForm({ areaCode: 'XX-99' }));
    expect(bad).toMatchObject({ status: Status.ILLEGAL_INPUT, data: { field: 'areaCode' } });
    const brno = await call<{ stationId: number }>(
      t.app,
      token,
      'POST',
      'create',
      siteForm({ stationName: 'Brno Roof', areaCode: 'CZ-642' }),
    );
    expect(brno.status).toBe(0);
    await call(
      t.app,
      token,
      'POST',
      'create',
      siteForm({ stationName: 'Shenzhen Roof', areaCode: '440300' }),
    );
    const list = (areaCode: string) =>
      call<StationList>(t.app, token, 'GET', 'systemtype/list', {
        systemType: 1,
        areaCode,
        sortField: 'name',
      });
    expect((await list('CZ')).data.rows.map((r) => r.stationName)).toEqual(['Brno Roof']);
    expect((await list('CZ-64')).data.rows.map((r) => r.stationName)).toEqual(['Brno Roof']);
    expect((await list('CN')).data.rows.map((r) => r.stationName)).toEqual(['Shenzhen Roof']);
    expect((await list('BR')).data.rows).toEqual([]);
  });
});
