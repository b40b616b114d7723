/**
 * Issue 22 item 3: the administrator imports OCPP chargers into the inventory like other devices (protocol
 * ocpp, serial number = identity). The secrets answer gives each one's Basic-auth key, hashed as charger/add
 * hashes it; the charger is refused until an owner puts it on a site, then connects with identity + key. Bad
 * OCPP rows are refused in the caller's language and nothing is added.
 */
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceSecret } from '../../ingest/device-secret';
import { signInAdmin } from '../admin/test-admin';
import { BOOT, type OcppBench, startOcppBench } from './test-ocpp';

let b: OcppBench;
let admin = '';
beforeAll(async () => {
  b = await startOcppBench();
  admin = await signInAdmin(b.t.app);
});
afterAll(async () => b?.close());

const importRows = (devices: Record<string, unknown>[], languageId?: number) =>
  b.t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/manage/devices/import`,
    headers: { [TOKEN_HEADER]: admin },
    payload: languageId ? { devices, languageId } : { devices },
  });
const hashOf = async (sn: string) =>
  (await b.t.db.query<{ h: string }>('SELECT secret_hash AS h FROM devices WHERE serial_number = $1', [sn]))
    .rows[0]?.h;

/** Whether the charger gets in: its BootNotification answer, or the refusal's HTTP status. */
async function boot(identity: string, key: string): Promise<string | number> {
  const cp = new RPCClient({
    endpoint: b.url,
    identity,
    password: key,
    protocols: ['ocpp1.6'],
    reconnect: false,
  } as never);
  try {
    await cp.connect();
    const res = (await cp.call('BootNotification', BOOT)) as { status: string };
    await cp.close({ force: true });
    return res.status;
  } catch (err) {
    return (err as { statusCode?: number }).statusCode ?? (err as { code?: number }).code ?? String(err);
  }
}

describe('importing OCPP chargers into the inventory', () => {
  it('answers a charger’s Basic-auth key, with which it connects once on a site', async () => {
    const res = await importRows([
      { serialNumber: 'INV-MQTT-1', commSerialNumber: 'LG-MQTT-1', type: 'meter' },
      { serialNumber: 'CP-IMP-1', commSerialNumber: 'LBL-IMP-1', type: 'charger', protocol: 'ocpp' },
    ]);
    const body = res.json() as {
      status: number;
      data: { serialNumber: string; secret: string; protocol: string }[];
    };
    expect(body.status).toBe(0);
    const [mqtt, ocpp] = body.data;
    expect(mqtt).toMatchObject({
      serialNumber: 'INV-MQTT-1',
      protocol: 'mqtt',
      secret: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(ocpp).toMatchObject({
      serialNumber: 'CP-IMP-1',
      protocol: 'ocpp',
      secret: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(await hashOf('CP-IMP-1')).toBe(hashDeviceSecret(ocpp!.secret));
    // In stock: refused before any message.
    expect(await boot('CP-IMP-1', ocpp!.secret)).toBe(401);
    const added = await b.t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/webpvesc/ajax/station/device/add`,
      headers: { [TOKEN_HEADER]: b.token },
      payload: { stationId: b.stationId, serialNumber: 'CP-IMP-1', commSerialNumber: 'LBL-IMP-1' },
    });
    expect(added.json().status).toBe(0);
    expect(await boot('CP-IMP-1', ocpp!.secret)).toBe('Accepted');
    expect(await boot('CP-IMP-1', 'f'.repeat(40))).toBe(401);
  });

  it('refuses an OCPP row that is not a charger or whose serial number is no identity, adding nothing', async () => {
    const notCharger = await importRows(
      [
        { serialNumber: 'CP-IMP-2', commSerialNumber: 'LBL-2', type: 'charger', protocol: 'ocpp' },
        { serialNumber: 'CP-IMP-3', commSerialNumber: 'LBL-3', type: 'inverter', protocol: 'ocpp' },
      ],
      1,
    );
    expect(notCharger.json()).toMatchObject({
      status: 40000,
      msg: expect.stringContaining('Only chargers connect over OCPP'),
    });
    const badIdentity = await importRows(
      [{ serialNumber: 'CP:IMP:4', commSerialNumber: 'LBL-4', type: 'charger', protocol: 'ocpp' }],
      2,
    );
    expect(badIdentity.json()).toMatchObject({
      status: 40000,
      msg: expect.stringContaining('OCPP 充电桩的序列号即其标识'),
    });
    const badProtocol = await importRows([
      { serialNumber: 'CP-IMP-5', commSerialNumber: 'LBL-5', type: 'charger', protocol: 'modbus' },
    ]);
    expect(badProtocol.json().status).toBe(40000);
    for (const sn of ['CP-IMP-2', 'CP-IMP-3', 'CP:IMP:4', 'CP-IMP-5'])
      expect(await hashOf(sn)).toBeUndefined();
  });
});
