import type { StationList } from '@ems/contract/api/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryOfArea, isAreaCode } from '../modules/area/area-tree';
import { loginAs } from '../modules/auth/test-login';
import { call } from '../modules/fleet/test-fleet';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../test/helper';
import { ensureFleet } from './fleet-store';

/**
 * Issue 24 item 5: the demo sites carry the area of their place, so the site list's area filter finds
 * them; a database made before that gets the areas at the next start, once.
 */
describe('demo fleet areas', () => {
  let t: TestApp;
  const SITES = 8;
  const rows = async () =>
    (
      await t.db.query<{ id: number; country: string; area_code: string | null }>(
        'SELECT id, country, area_code FROM stations ORDER BY id',
      )
    ).rows;

  beforeAll(async () => {
    t = await buildTestApp();
    await ensureFleet(t.db, SITES);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every demo site an area of the area tree, in its own country', async () => {
    const sites = await rows();
    expect(sites).toHaveLength(SITES);
    for (const s of sites) {
      expect(s.area_code !== null && isAreaCode(s.area_code)).toBe(true);
      expect(countryOfArea(s.area_code!)).toBe(s.country);
    }
  });

  it("fills the areas of an older database's demo sites once, keeping what the owner cleared later", async () => {
    const [first, second] = await rows();
    // A database of before: no areas, no marker.
    await t.db.query('UPDATE stations SET area_code = NULL');
    await t.db.query(`DELETE FROM settings WHERE key = 'simulator_area_codes_filled'`);
    await ensureFleet(t.db, SITES);
    const filled = await rows();
    expect(filled.filter((s) => s.area_code === null)).toEqual([]);
    expect(filled[0]!.area_code).toBe(first!.area_code);
    // The owner clears one site's area; a restart leaves it cleared.
    await t.db.query('UPDATE stations SET area_code = NULL WHERE id = $1', [second!.id]);
    await ensureFleet(t.db, SITES);
    expect((await rows())[1]!.area_code).toBeNull();
    await t.db.query('UPDATE stations SET area_code = $2 WHERE id = $1', [second!.id, second!.area_code]);
  });

  it("finds the demo sites by country and by region in the site list's area filter", async () => {
    const token = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
    const names = async (systemType: number, areaCode: string) =>
      (
        await call<StationList>(t.app, token, 'GET', 'systemtype/list', {
          systemType,
          areaCode,
          languageId: 1,
        })
      ).data.rows.map((r) => r.stationName);
    // Site 0 is the PV home in Freiburg (Baden-Württemberg), site 1 the storage home in Brno.
    expect(await names(1, 'DE')).toEqual([expect.stringContaining('Freiburg')]);
    expect(await names(1, 'DE-BW')).toEqual([expect.stringContaining('Freiburg')]);
    expect(await names(1, 'DE-BY')).toEqual([]);
    expect(await names(6, 'CZ')).toEqual([expect.stringContaining('Brno')]);
    expect(await names(6, 'CN')).toEqual([expect.stringContaining('Hangzhou')]);
  });
});
