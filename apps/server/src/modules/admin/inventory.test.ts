/**
 * Issue 24 item 9: the console's inventory screen reads GET manage/devices/list: every device, in stock
 * or on which site (and whose), newest first, filtered by serial number and state; administrators only.
 */
import type { InventoryRow } from '@ems/contract/api/admin';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { signInAdmin } from './test-admin';

const M = '/owner_api/webpvesc/ajax/manage';

describe('manage/devices/list', () => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let stationId: number;
  let ownerName: string;
  const list = async (query: string, token = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `${M}/devices/list?${query}`, headers: { token } });
    return res.json() as { status: number; msg: string; data: { rows: InventoryRow[]; total: number } };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await buildUser(t.db, { userName: 'Inventory Owner' });
    ownerName = user.userName;
    stationId = (await buildStation(t.db, { ownerId: user.id, name: 'Roof of the inventory test' })).id;
    [admin, owner] = await Promise.all([signInAdmin(t.app), signIn(t.app, user)]);
    const imported = await t.app.inject({
      method: 'POST',
      url: `${M}/devices/import`,
      headers: { token: admin },
      payload: {
        devices: [
          { serialNumber: 'INVT-STOCK-1', commSerialNumber: 'LG-INVT-1', type: 'inverter', model: 'X5' },
          { serialNumber: 'INVT-STOCK-2', commSerialNumber: 'LG-INVT-2', type: 'battery' },
        ],
      },
    });
    expect(imported.json().status).toBe(0);
    await buildDevice(t.db, { stationId, deviceType: 'meter', serialNumber: 'INVT-ON-SITE' });
  });
  afterAll(() => t.close());

  it('lists each device in stock or on which site and whose, filtered by serial number', async () => {
    const all = await list('filterText=INVT&pageSize=10');
    expect(all.status).toBe(0);
    expect(all.data.total).toBe(3);
    const bySerial = Object.fromEntries(all.data.rows.map((r) => [r.serialNumber, r]));
    expect(bySerial['INVT-STOCK-1']).toMatchObject({
      state: 'stock',
      commSerialNumber: 'LG-INVT-1',
      type: 'inverter',
      model: 'X5',
      stationId: null,
      stationName: null,
      ownerName: null,
    });
    expect(bySerial['INVT-ON-SITE']).toMatchObject({
      state: 'site',
      stationId,
      stationName: 'Roof of the inventory test',
      ownerName,
    });
    // The secret never comes back after the import.
    expect(JSON.stringify(all)).not.toMatch(/secret/i);
  });

  it('narrows to the stock or the devices on a site, page by page', async () => {
    const stock = await list('filterText=INVT&state=stock&pageSize=1&pageNum=2');
    expect(stock.data.total).toBe(2);
    expect(stock.data.rows).toHaveLength(1);
    expect(stock.data.rows[0]!.state).toBe('stock');
    const onSite = await list('filterText=INVT&state=site');
    expect(onSite.data.rows.map((r) => r.serialNumber)).toEqual(['INVT-ON-SITE']);
    const bad = await list('state=lost&languageId=2');
    expect(bad).toMatchObject({ status: Status.ILLEGAL_INPUT, msg: '非法输入' });
  });

  it('answers an owner 无操作权限', async () => {
    const res = await list('languageId=2', owner);
    expect(res).toMatchObject({ status: Status.NO_PERMISSION, msg: '无操作权限' });
  });
});
