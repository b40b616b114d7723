/**
 * Issue 22 item 2: boot → device record and online; StatusNotification → live ConnectorStatus and the
 * catalogue's alarm raised once and cleared once; Authorize against the site's id tags.
 */
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT, type OcppBench, startOcppBench } from './test-ocpp';

let b: OcppBench;
let deviceId = 0;
let key = '';
beforeAll(async () => {
  b = await startOcppBench();
  ({ deviceId, key } = await b.addCharger('CP-STATUS-1'));
});
afterAll(async () => b?.close());

const deviceList = async () =>
  (
    await b.t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/webpvesc/ajax/station/device/list?stationId=${b.stationId}`,
      headers: { [TOKEN_HEADER]: b.token },
    })
  ).json().data as {
    deviceId: number;
    online: boolean;
    model: string | null;
    softwareVersion: string | null;
  }[];

const alarms = async () =>
  (
    await b.t.db.query<{ alarm_code: string; cleared: boolean; alarm_level: number }>(
      'SELECT alarm_code, cleared_at IS NOT NULL AS cleared, alarm_level FROM alarms WHERE device_id = $1 ORDER BY id',
      [deviceId],
    )
  ).rows;

describe('core profile', () => {
  it('is offline until its first BootNotification, then online with vendor, model and firmware', async () => {
    expect((await deviceList()).find((d) => d.deviceId === deviceId)?.online).toBe(false);
    const cp = await b.connect('CP-STATUS-1', key);
    const conf = await cp.call('BootNotification', BOOT);
    expect(conf).toMatchObject({ status: 'Accepted', interval: 30 });
    const d = (await deviceList()).find((x) => x.deviceId === deviceId)!;
    expect(d).toMatchObject({ online: true, model: 'Go', softwareVersion: '2.1.0' });
    const row = await b.t.db.query('SELECT manufacturer FROM devices WHERE id = $1', [deviceId]);
    expect(row.rows[0]).toEqual({ manufacturer: 'Zaptec' });
    expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime');
    await cp.close();
  });

  it('keeps the connector status live and raises a fault alarm once, clearing it once at NoError', async () => {
    const cp = await b.connect('CP-STATUS-1', key);
    const status = (s: string, errorCode: string, at: string) =>
      cp.call('StatusNotification', { connectorId: 1, status: s, errorCode, timestamp: at });
    await status('Charging', 'NoError', '2026-03-01T10:00:00Z');
    const live = async () =>
      (
        await b.t.db.query<{ s: string }>(
          `SELECT points->>'ConnectorStatus' AS s FROM device_latest WHERE device_id = $1`,
          [deviceId],
        )
      ).rows[0]?.s;
    expect(await live()).toBe('Charging');
    await status('Faulted', 'GroundFailure', '2026-03-01T10:05:00Z');
    await status('Faulted', 'GroundFailure', '2026-03-01T10:06:00Z');
    expect(await live()).toBe('Faulted');
    expect(await alarms()).toEqual([{ alarm_code: 'GroundFailure', cleared: false, alarm_level: 4 }]);
    // An older notification replayed late changes nothing.
    await status('Available', 'NoError', '2026-03-01T10:01:00Z');
    expect(await live()).toBe('Faulted');
    await status('Available', 'NoError', '2026-03-01T10:10:00Z');
    await status('Available', 'NoError', '2026-03-01T10:11:00Z');
    expect(await live()).toBe('Available');
    expect(await alarms()).toEqual([{ alarm_code: 'GroundFailure', cleared: true, alarm_level: 4 }]);
    await cp.close();
  });

  it('authorizes the site’s id tags (case-insensitively) and no other', async () => {
    const add = await b.t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/webpvesc/ajax/station/idtag/add`,
      headers: { [TOKEN_HEADER]: b.token },
      payload: { stationId: b.stationId, idTag: 'CARD-0042', name: 'Anna' },
    });
    expect(add.json().status).toBe(0);
    const cp = await b.connect('CP-STATUS-1', key);
    expect(await cp.call('Authorize', { idTag: 'card-0042' })).toEqual({ idTagInfo: { status: 'Accepted' } });
    expect(await cp.call('Authorize', { idTag: 'CARD-0043' })).toEqual({ idTagInfo: { status: 'Invalid' } });
    await cp.close();
  });
});
