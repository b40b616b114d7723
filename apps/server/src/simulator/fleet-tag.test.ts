import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { siteSpec } from './catalog';
import { ensureFleet } from './fleet-store';

/**
 * Two installations on one broker (staging and production, or parallel CI test files on one
 * Mosquitto) must not simulate the same devices: same serial numbers meant same MQTT client ids, so
 * each took the other's session over and stored the other's samples. Each database's fleet carries
 * its own serial number tag; a fleet made before tags keeps its serial numbers.
 */
describe('demo fleet serial numbers', () => {
  let a: TestApp;
  let b: TestApp;
  const SITES = 4;
  const serials = async (t: TestApp) =>
    (await ensureFleet(t.db, SITES))!.sites.flatMap((s) => s.spec.devices.map((d) => d.sn));

  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('differ between two databases, and stay the same across restarts of one', async () => {
    const first = await serials(a);
    const other = await serials(b);
    expect(first.filter((sn) => other.includes(sn))).toEqual([]);
    expect(await serials(a)).toEqual(first);
    const stored = await a.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM devices ORDER BY id',
    );
    expect(stored.rows.map((r) => r.serial_number)).toEqual(first);
    // Maker prefix, a 4-character tag of digits and capitals, then the device number.
    const untagged = siteSpec(0).devices[0]!.sn;
    expect(first[0]).toMatch(new RegExp(`^${untagged.slice(0, -6)}[0-9A-Z]{4}${untagged.slice(-6)}$`));
  });

  it('keep the untagged serial numbers of a fleet made before tags', async () => {
    await b.db.query('DELETE FROM devices');
    await b.db.query('DELETE FROM stations');
    await b.db.query(`DELETE FROM settings WHERE key = 'simulator_sn_tag'`);
    // The database of before: a simulator secret, no tag.
    const untagged = Array.from({ length: SITES }, (_, i) => siteSpec(i)).flatMap((s) =>
      s.devices.map((d) => d.sn),
    );
    expect(await serials(b)).toEqual(untagged);
    expect(await serials(b)).toEqual(untagged);
  });
});
