/**
 * Issue 22 item 1: the central system at /ocpp/{identity}. Admission (identity and Basic-auth key, HTTP
 * 401 before any message), the ocpp1.6 subprotocol, every core message checked against the OCPP 1.6J
 * schemas (good ones answered, malformed ones answered with the CALLERROR and nothing stored), and the
 * upgrade listener refusing every other path.
 */
import { connect } from 'node:net';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceSecret } from '../../ingest/device-secret';
import { buildDevice } from '../../test/factories';
import { BOOT, type OcppBench, ocaValid, startOcppBench } from './test-ocpp';

let b: OcppBench;
let key = '';
beforeAll(async () => {
  b = await startOcppBench();
  ({ key } = await b.addCharger('CP-CORE-1'));
});
afterAll(async () => b?.close());

/** The HTTP status an upgrade attempt gets, or 101 when it is accepted. */
async function upgradeStatus(identity: string, password: string | undefined, protocols = ['ocpp1.6']) {
  const client = new RPCClient({
    endpoint: b.url,
    identity,
    password,
    protocols,
    reconnect: false,
  } as never);
  try {
    await client.connect();
    await client.close({ force: true });
    return 101;
  } catch (err) {
    return (err as { code?: number; statusCode?: number }).statusCode ?? (err as { code?: number }).code;
  }
}

const count = async (table: string) =>
  Number((await b.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

describe('admission (security profiles 1 and 2)', () => {
  it('admits the charger with its key and refuses a wrong key, no key or an unknown identity with 401', async () => {
    expect(await upgradeStatus('CP-CORE-1', key)).toBe(101);
    const wrong = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    expect(await upgradeStatus('CP-CORE-1', wrong)).toBe(401);
    expect(await upgradeStatus('CP-CORE-1', undefined)).toBe(401);
    expect(await upgradeStatus('CP-UNKNOWN', key)).toBe(401);
  });

  it('refuses an MQTT charger by its serial number and secret: it does not log in over OCPP', async () => {
    const secret = 'the-wallbox-mqtt-secret';
    const wallbox = {
      stationId: b.stationId,
      deviceType: 'charger' as const,
      serialNumber: 'WALLBOX-MQTT-1',
      secretHash: hashDeviceSecret(secret),
    };
    await buildDevice(b.t.db, wallbox);
    expect(await upgradeStatus('WALLBOX-MQTT-1', secret)).toBe(401);
  });

  it('refuses a client without the ocpp1.6 subprotocol', async () => {
    expect(await upgradeStatus('CP-CORE-1', key, ['ocpp2.0.1'])).toBe(400);
  });

  it('refuses an upgrade to any other path, and tells a plain GET of a charger address to upgrade', async () => {
    const line = await new Promise<string>((resolve) => {
      const s = connect((b.t.app.server.address() as { port: number }).port, '127.0.0.1', () =>
        s.write(
          'GET /owner_api/webpvesc/ajax/language/list HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
            'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        ),
      );
      s.once('data', (d) => {
        resolve(d.toString().split('\r\n')[0]!);
        s.destroy();
      });
    });
    expect(line).toBe('HTTP/1.1 404 Not Found');
    const plain = await b.t.app.inject({ method: 'GET', url: '/ocpp/CP-CORE-1' });
    expect(plain.statusCode).toBe(426);
    expect(plain.json().msg).toMatch(/WebSocket/);
  });
});

/** A good .req payload of every core action a charger sends, valid per the OCA schema. */
const GOOD: Record<string, Record<string, unknown>> = {
  BootNotification: BOOT,
  Heartbeat: {},
  StatusNotification: { connectorId: 1, errorCode: 'NoError', status: 'Available' },
  Authorize: { idTag: 'NOPE' },
  StartTransaction: { connectorId: 1, idTag: 'NOPE', meterStart: 0, timestamp: '2026-01-01T00:00:00Z' },
  MeterValues: {
    connectorId: 1,
    meterValue: [{ timestamp: '2026-01-01T00:01:00Z', sampledValue: [{ value: '12' }] }],
  },
  StopTransaction: { transactionId: 999_999, meterStop: 12, timestamp: '2026-01-01T00:02:00Z' },
};

/**
 * Malformed payloads (each breaks the OCA schema) and the CALLERROR code OCPP gives for it (spelled as the
 * 1.6J errata v1.0 corrects it: FormationViolation, OccurrenceConstraintViolation).
 */
const BAD: [string, Record<string, unknown>, string][] = [
  ['BootNotification', { chargePointVendor: 'Zaptec' }, 'OccurrenceConstraintViolation'],
  ['BootNotification', { ...BOOT, chargePointVendor: 'x'.repeat(21) }, 'FormationViolation'],
  ['StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Sleeping' }, 'FormationViolation'],
  [
    'StatusNotification',
    { connectorId: 1, errorCode: 'NoError', status: 'Available', mood: 'ok' },
    'PropertyConstraintViolation',
  ],
  [
    'StatusNotification',
    { connectorId: 'one', errorCode: 'NoError', status: 'Available' },
    'TypeConstraintViolation',
  ],
  ['Authorize', { idTag: 'x'.repeat(21) }, 'FormationViolation'],
  [
    'StartTransaction',
    { connectorId: 1, idTag: 'A', meterStart: 0, timestamp: 'yesterday' },
    'FormationViolation',
  ],
  [
    'MeterValues',
    { connectorId: 1, meterValue: [{ timestamp: '2026-01-01T00:00:00Z' }] },
    'OccurrenceConstraintViolation',
  ],
  [
    'StopTransaction',
    { transactionId: 1, meterStop: 1, timestamp: '2026-01-01T00:00:00Z', reason: 'Bored' },
    'FormationViolation',
  ],
];

describe('every core message against the OCPP 1.6J schemas', () => {
  it('the test payloads are what the OCA schemas say: the good valid, the bad not', () => {
    for (const [action, payload] of Object.entries(GOOD))
      expect(ocaValid(action, payload), action).toBe(true);
    for (const [action, payload] of BAD) expect(ocaValid(action, payload), `${action} bad`).toBe(false);
  });

  it('answers every good core call with a .conf valid per the OCA schema', async () => {
    const cp = await b.connect('CP-CORE-1', key);
    for (const [action, payload] of Object.entries(GOOD)) {
      const conf = await cp.call(action, payload);
      expect(ocaValid(`${action}Response`, conf), `${action}Response ${JSON.stringify(conf)}`).toBe(true);
    }
    await cp.close();
  });

  it('answers a malformed call with its CALLERROR and stores nothing', async () => {
    const cp = await b.connect('CP-CORE-1', key);
    const before = await Promise.all(['telemetry', 'charging_sessions', 'charger_connectors'].map(count));
    const device = await b.t.db.query('SELECT manufacturer, model FROM devices WHERE serial_number = $1', [
      'CP-CORE-1',
    ]);
    for (const [action, payload, code] of BAD) {
      const err = await cp.call(action, payload).then(
        () => null,
        (e: { rpcErrorCode?: string }) => e.rpcErrorCode,
      );
      expect(err, `${action} ${JSON.stringify(payload)}`).toBe(code);
    }
    expect(await Promise.all(['telemetry', 'charging_sessions', 'charger_connectors'].map(count))).toEqual(
      before,
    );
    expect(
      (await b.t.db.query('SELECT manufacturer, model FROM devices WHERE serial_number = $1', ['CP-CORE-1']))
        .rows,
    ).toEqual(device.rows);
    await cp.close();
  });
});
