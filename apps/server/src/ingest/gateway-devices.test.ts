/** Issue 32: devices a gateway announces are created on its own site, within the site's bus limit. */
import { maxDevicesPerSite } from '@ems/contract/api/device-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { acceptGatewayDevices, createGatewayAcl } from './gateway-devices';
import { createTestDevice, createTestStation } from './test-ingest';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const inverter = (sn: string) => ({ sn, name: `Acme ${sn}`, type: 'inverter' as const });

describe('gateway announcements', () => {
  it('creates unknown devices on the gateway site up to the bus limit, leaves known ones, ignores non-gateways', async () => {
    const site = await createTestStation(t.db);
    const gw = await createTestDevice(t.db, 'gateway', site);
    const max = maxDevicesPerSite();
    for (let i = 0; i < max - 2; i++) await createTestDevice(t.db, 'meter', site);
    const elsewhere = await createTestDevice(t.db, 'inverter');
    const out = await acceptGatewayDevices(t.db, gw.sn, {
      devices: [inverter('GD-1'), inverter(elsewhere.sn), inverter('GD-2')],
    });
    expect(Object.fromEntries(out)).toEqual({
      'GD-1': 'created',
      [elsewhere.sn]: 'elsewhere',
      'GD-2': 'siteFull',
    });
    const created = await t.db.query<{ station_id: number; name: string; comm_serial_number: string }>(
      "SELECT station_id, name, comm_serial_number FROM devices WHERE serial_number = 'GD-1'",
    );
    expect(created.rows[0]).toEqual({ station_id: site, name: 'Acme GD-1', comm_serial_number: gw.sn });
    expect(
      Object.fromEntries(await acceptGatewayDevices(t.db, gw.sn, { devices: [inverter('GD-1')] })),
    ).toEqual({
      'GD-1': 'present',
    });
    // The parameters it can take: kept on creation, replaced by a newer announcement, kept when left out.
    const writable = async (sn: string) =>
      (
        await t.db.query<{ writable_params: string[] | null }>(
          'SELECT writable_params FROM devices WHERE serial_number = $1',
          [sn],
        )
      ).rows[0]?.writable_params;
    expect(await writable('GD-1')).toBeNull();
    await acceptGatewayDevices(t.db, gw.sn, { devices: [{ ...inverter('GD-1'), params: ['exportLimitW'] }] });
    expect(await writable('GD-1')).toEqual(['exportLimitW']);
    await acceptGatewayDevices(t.db, gw.sn, { devices: [inverter('GD-1')] });
    expect(await writable('GD-1')).toEqual(['exportLimitW']);
    // An unknown parameter name refuses the announcement.
    expect(
      (await acceptGatewayDevices(t.db, gw.sn, { devices: [{ ...inverter('GD-1'), params: ['bogus'] }] }))
        .size,
    ).toBe(0);
    // A device that is not a gateway announces nothing into existence.
    const plain = await createTestDevice(t.db, 'inverter');
    expect((await acceptGatewayDevices(t.db, plain.sn, { devices: [inverter('GD-3')] })).size).toBe(0);

    const acl = createGatewayAcl(t.db);
    expect(await acl.mayActFor(gw.sn, 'GD-1')).toBe(true);
    expect(await acl.mayActFor(gw.sn, elsewhere.sn)).toBe(false);
    expect(await acl.mayActFor(plain.sn, 'GD-1')).toBe(false);
  });
});
