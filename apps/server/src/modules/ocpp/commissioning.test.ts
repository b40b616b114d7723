/**
 * Issue 22 item 3: charger/add and the id-tag calls. The owner of a charging site gets the key once (stored
 * hashed); identities are checked and unique; a friend the site is shared with, a stranger and a non-charging
 * site are refused in the caller's language, and nothing changes.
 */
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceSecret } from '../../ingest/device-secret';
import { buildStation, buildUser, shareStation, signIn } from '../../test/factories';
import { type OcppBench, startOcppBench } from './test-ocpp';

let b: OcppBench;
let friendToken = '';
beforeAll(async () => {
  b = await startOcppBench();
  const friend = await buildUser(b.t.db);
  friendToken = await signIn(b.t.app, friend);
  await shareStation(b.t.db, { stationId: b.stationId, ownerId: b.ownerId, viewerId: friend.id });
});
afterAll(async () => b?.close());

const post = (path: string, payload: Record<string, unknown>, token = b.token, languageId?: number) =>
  b.t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/station/${path}`,
    headers: { [TOKEN_HEADER]: token },
    payload: languageId ? { ...payload, languageId } : payload,
  });
const devicesNamed = async (sn: string) =>
  (await b.t.db.query('SELECT secret_hash FROM devices WHERE serial_number = $1', [sn])).rows;

describe('charger/add', () => {
  it('answers the device id and a key shown once, stored only as its hash', async () => {
    const res = await post('charger/add', { stationId: b.stationId, identity: 'CP.Garage-01' });
    const { deviceId, key } = res.json().data;
    expect(deviceId).toBeGreaterThan(0);
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(await devicesNamed('CP.Garage-01')).toEqual([{ secret_hash: hashDeviceSecret(key) }]);
  });

  it('refuses a taken identity, a bad one, a friend, a non-charging site, in the caller’s language', async () => {
    const taken = await post('charger/add', { stationId: b.stationId, identity: 'CP.Garage-01' }, b.token, 2);
    expect(taken.json()).toMatchObject({ status: 40900, msg: '标识为 CP.Garage-01 的充电桩或设备已存在' });
    const bad = await post('charger/add', { stationId: b.stationId, identity: 'CP:01' });
    expect(bad.json()).toMatchObject({ status: 40000 });
    const long = await post('charger/add', { stationId: b.stationId, identity: 'x'.repeat(49) });
    expect(long.json()).toMatchObject({ status: 40000 });
    const friend = await post('charger/add', { stationId: b.stationId, identity: 'CP-FRIEND' }, friendToken);
    expect(friend.json()).toMatchObject({ status: 40300 });
    const pv = await buildStation(b.t.db, { ownerId: b.ownerId });
    const notCharging = await post('charger/add', { stationId: pv.id, identity: 'CP-PV' });
    expect(notCharging.json()).toMatchObject({ status: 40000, data: { field: 'stationId' } });
    expect([...(await devicesNamed('CP-FRIEND')), ...(await devicesNamed('CP-PV'))]).toEqual([]);
  });
});

describe('id tags', () => {
  it('lets the owner add, list and delete, refuses a duplicate and the friend', async () => {
    expect((await post('idtag/add', { stationId: b.stationId, idTag: 'RFID-1' })).json().data).toHaveLength(
      1,
    );
    expect((await post('idtag/add', { stationId: b.stationId, idTag: 'rfid-1' })).json().status).toBe(40900);
    expect((await post('idtag/add', { stationId: b.stationId, idTag: 'RFID 2' })).json().status).toBe(40000);
    expect((await post('idtag/add', { stationId: b.stationId, idTag: 'X' }, friendToken)).json().status).toBe(
      40300,
    );
    expect(
      (await post('idtag/del', { stationId: b.stationId, idTag: 'RFID-1' }, friendToken)).json().status,
    ).toBe(40300);
    const list = await b.t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/webpvesc/ajax/station/idtag/list?stationId=${b.stationId}`,
      headers: { [TOKEN_HEADER]: b.token },
    });
    expect(list.json().data.map((r: { idTag: string }) => r.idTag)).toEqual(['RFID-1']);
    expect((await post('idtag/del', { stationId: b.stationId, idTag: 'RFID-1' })).json().data).toEqual([]);
  });
});
