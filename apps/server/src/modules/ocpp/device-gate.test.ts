/**
 * Issue 31 item 1: OCPP calls pass the device-input gate (ingest/device-gate.ts) through a real ocpp-rpc
 * charger: far dates, connector ids out of range and unstorable numbers are answered with a CALLERROR
 * that names the field (never the database's text) and store nothing; an upgrade whose identity does not
 * decode is a clean 400 carrying the platform's security headers.
 */
import { connect } from 'node:net';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateCounts } from '../../ingest/device-gate';
import { BOOT, type OcppBench, startOcppBench } from './test-ocpp';

let b: OcppBench;
let deviceId = 0;
let cp: RPCClient;
beforeAll(async () => {
  b = await startOcppBench();
  const charger = await b.addCharger('CP-GATE-1');
  deviceId = charger.deviceId;
  cp = await b.connect('CP-GATE-1', charger.key);
  await cp.call('BootNotification', BOOT);
});
afterAll(async () => b?.close());

const count = async (sql: string) => Number((await b.t.db.query<{ n: number }>(sql, [deviceId])).rows[0]!.n);
const stored = async () => ({
  telemetry: await count('SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1'),
  sessions: await count('SELECT count(*)::int AS n FROM charging_sessions WHERE device_id = $1'),
  connectors: await count('SELECT count(*)::int AS n FROM charger_connectors WHERE device_id = $1'),
  stops: await count('SELECT count(*)::int AS n FROM charging_unmatched_stops WHERE device_id = $1'),
});

/** The CALLERROR a call is answered with ({code, message}), or 'answered' when it succeeded. */
async function refusal(action: string, params: Record<string, unknown>) {
  try {
    await cp.call(action, params);
    return 'answered';
  } catch (err) {
    const e = err as { rpcErrorCode?: string; message: string };
    return { code: e.rpcErrorCode, message: e.message };
  }
}

const FAR_DATES = ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'];
const meterValue = (timestamp: string, value: string, measurand = 'Energy.Active.Import.Register') => ({
  connectorId: 1,
  meterValue: [{ timestamp, sampledValue: [{ value, measurand, unit: 'Wh' }] }],
});

describe('the OCPP device gate', () => {
  it('refuses MeterValues, StartTransaction and StopTransaction dated 0001-01-01 or 9999-12-31', async () => {
    const before = await stored();
    for (const ts of FAR_DATES) {
      expect(await refusal('MeterValues', meterValue(ts, '1000'))).toMatchObject({
        code: 'PropertyConstraintViolation',
        message: 'meterValue[0].timestamp out of range',
      });
      expect(
        await refusal('StartTransaction', { connectorId: 1, idTag: 'T1', meterStart: 0, timestamp: ts }),
      ).toMatchObject({ code: 'PropertyConstraintViolation', message: 'timestamp out of range' });
      expect(
        await refusal('StopTransaction', { transactionId: 7, meterStop: 10, timestamp: ts }),
      ).toMatchObject({ code: 'PropertyConstraintViolation' });
      expect(
        await refusal('StatusNotification', {
          connectorId: 1,
          status: 'Available',
          errorCode: 'NoError',
          timestamp: ts,
        }),
      ).toMatchObject({ code: 'PropertyConstraintViolation' });
    }
    expect(await stored()).toEqual(before);
    // A reading of now is stored: the gate refuses the far dates, not the call.
    expect(await refusal('MeterValues', meterValue(new Date().toISOString(), '1000'))).toBe('answered');
    expect((await stored()).telemetry).toBe(before.telemetry + 1);
  });

  it('refuses connector ids outside 0..100 and keeps connector 0 (the charger) and 1', async () => {
    const status = (connectorId: number) =>
      refusal('StatusNotification', { connectorId, status: 'Available', errorCode: 'NoError' });
    const before = await stored();
    for (const id of [-1, 101, 1_000_000_000]) {
      expect(await status(id)).toMatchObject({
        code: 'PropertyConstraintViolation',
        message: 'connectorId out of range',
      });
      expect(
        await refusal('StartTransaction', {
          connectorId: id,
          idTag: 'T1',
          meterStart: 0,
          timestamp: new Date().toISOString(),
        }),
      ).toMatchObject({ code: 'PropertyConstraintViolation' });
    }
    expect(await stored()).toEqual(before);
    expect(await status(0)).toBe('answered');
    expect(await status(1)).toBe('answered');
    expect((await stored()).connectors).toBe(before.connectors + 2);
  });

  it('refuses 1e308, NaN and Infinity readings without the database text, storing nothing', async () => {
    const before = await stored();
    const refusedBefore = gateCounts().ocpp.value;
    const now = new Date().toISOString();
    for (const value of ['1e308', 'NaN', 'Infinity', '-Infinity', '1e400']) {
      for (const measurand of ['Energy.Active.Import.Register', 'Power.Active.Import']) {
        const r = await refusal('MeterValues', meterValue(now, value, measurand));
        expect(r).toMatchObject({ code: 'PropertyConstraintViolation' });
        expect((r as { message: string }).message).toMatch(
          /^meterValue\[0\]\.sampledValue\[0\]\.value out of range$/,
        );
      }
    }
    expect(
      await refusal('StartTransaction', { connectorId: 1, idTag: 'T1', meterStart: 1e308, timestamp: now }),
    ).toMatchObject({ code: 'PropertyConstraintViolation', message: 'meterStart out of range' });
    expect(await stored()).toEqual(before);
    expect(gateCounts().ocpp.value - refusedBefore).toBe(11);
  });

  it('answers an upgrade to /ocpp/ID%00 with a clean 400 and the security headers', async () => {
    for (const path of ['/ocpp/ID%00', '/ocpp/%E0%A4%A', '/ocpp/CP%20GATE']) {
      const answer = await upgrade(path);
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff');
    }
  });

  it('gives every handshake refusal (401, 400 subprotocol, 404) the security headers (item 6)', async () => {
    const refusals = [
      ['/ocpp/CP-GATE-1', 'ocpp1.6', 'HTTP/1.1 401 Unauthorized'],
      ['/ocpp/CP-GATE-1', 'ocpp2.0.1', 'HTTP/1.1 400 Bad Request'],
      ['/elsewhere', 'ocpp1.6', 'HTTP/1.1 404 Not Found'],
    ];
    for (const [path, protocol, status] of refusals) {
      const answer = (await upgrade(path!, protocol)).toLowerCase();
      expect(answer.split('\r\n')[0]).toBe(status!.toLowerCase());
      expect(answer).toContain('x-content-type-options: nosniff');
      expect(answer).toContain("content-security-policy: default-src 'self'");
      expect(answer).toContain('x-frame-options: deny');
    }
  });
});

/** The raw HTTP answer to a WebSocket upgrade of `path` (no credentials) offering `protocol`. */
function upgrade(path: string, protocol = 'ocpp1.6'): Promise<string> {
  const port = new URL(b.url).port;
  return new Promise<string>((resolve, reject) => {
    const s = connect(Number(port), '127.0.0.1', () =>
      s.write(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
          `Sec-WebSocket-Protocol: ${protocol}\r\n\r\n`,
      ),
    );
    let text = '';
    s.on('data', (d) => {
      text += d.toString();
    });
    s.on('close', () => resolve(text));
    s.on('error', reject);
  });
}
