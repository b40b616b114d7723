/**
 * Issue 33 item 3, end to end through real listeners: a grid meter publishing over MQTT (mqtt.js, the
 * ingest on the embedded broker) and an OCPP 1.6J charger (ocpp-rpc) in `pv` whose draw follows the
 * profile it is sent (reported in MeterValues). The site's surplus without the car steps 4 kW → 0.8 kW →
 * 4 kW; with a 3-s enable and a 6-s disable delay the charger's limit follows: 17.3 A, then its 6-A
 * minimum held for the disable delay, then 0 A, then after the enable delay 17.3 A again.
 */
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { topics } from '@ems/contract/telemetry';
import type { MqttClient } from 'mqtt';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngest, type TestIngest } from '../../../ingest/test-ingest';
import { sendChargerCommand, sendChargerCommands } from '../commands/send';
import { BOOT, type OcppBench, startOcppBench } from '../test-ocpp';

const ENABLE_S = 3;
const DISABLE_S = 6;

let b: OcppBench;
let ing: TestIngest;
let cp: RPCClient;
let meter: MqttClient;
let meterSn = '';
/** Surplus of the site without the car, W: what the test steps. */
let baseSurplusW = 4000;
/** The charger's limit, A (1 phase), as it holds it now; every profile it received, with when. */
let limitA: number | null = null;
const received: { a: number; at: number }[] = [];
let running = true;
let loop: Promise<void> = Promise.resolve();

beforeAll(async () => {
  b = await startOcppBench({
    chargerSend: (cmd) => sendChargerCommand(b.t.db, b.t.queue, cmd),
    chargerSendMany: (cmds) => sendChargerCommands(b.t.db, b.t.queue, cmds),
    calls: { callTimeoutS: 30 },
  });
  ing = await startTestIngest({
    db: b.t.db,
    config: b.t.config,
    onMeterSample: (id) => b.t.app.solarCharging?.meterSampled(id),
  });
  const m = await ing.addDevice('meter', b.stationId);
  meterSn = m.sn;
  meter = await ing.connectDevice(m);
  const { deviceId, key } = await b.addCharger('CP-SOLAR-E2E');
  cp = await b.connect('CP-SOLAR-E2E', key, { strict: true });
  cp.handle('SetChargingProfile', async ({ params }) => {
    const p = params!.csChargingProfiles as {
      chargingSchedule: { chargingSchedulePeriod: { limit: number }[] };
    };
    limitA = p.chargingSchedule.chargingSchedulePeriod[0]!.limit;
    received.push({ a: limitA, at: Date.now() });
    return { status: 'Accepted' };
  });
  await cp.call('BootNotification', BOOT);
  await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
  const api = (path: string, payload: Record<string, unknown>) =>
    b.t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/webpvesc/ajax/station/charger/${path}`,
      headers: { [TOKEN_HEADER]: b.token },
      payload,
    });
  const settings = {
    stationId: b.stationId,
    batteryPrioritySoc: 80,
    enableDelayS: ENABLE_S,
    disableDelayS: DISABLE_S,
  };
  expect((await api('solar/set', settings)).json()).toMatchObject({ status: 0 });
  expect((await api('mode', { deviceId, mode: 'pv', phases: 1 })).json()).toMatchObject({ status: 0 });
  // The site's physics, once a second: the car draws its limit; the meter reads what the site buys.
  loop = (async () => {
    while (running) {
      const drawW = (limitA ?? 0) * 230;
      const now = new Date().toISOString();
      await cp.call('MeterValues', {
        connectorId: 1,
        meterValue: [
          {
            timestamp: now,
            sampledValue: [{ value: String(drawW), measurand: 'Power.Active.Import', unit: 'W' }],
          },
        ],
      });
      const sample = { ts: now, points: { W: Math.round(drawW - baseSurplusW) } };
      await meter.publishAsync(topics.telemetry(meterSn), JSON.stringify({ samples: [sample] }), { qos: 1 });
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
}, 60_000);
afterAll(async () => {
  running = false;
  await loop.catch(() => undefined);
  await ing?.stop();
  await b?.close();
});

/** Waits (generously: the machine is shared) until the charger holds `a` amperes; @returns when it got it. */
async function holds(a: number): Promise<number> {
  await ing.waitFor(() => limitA === a, 120_000);
  return received.filter((r) => r.a === a).at(-1)!.at;
}

describe('a pv charger follows the surplus through MQTT and OCPP', () => {
  it('4 kW: 0 A first, then after the enable delay ⌊4,000 / 230⌋ = 17.3 A', async () => {
    await holds(17.3);
    expect(received[0]!.a).toBe(0);
  }, 150_000);

  it('0.8 kW: holds its 6-A minimum for the disable delay, then 0 A', async () => {
    const stepAt = Date.now();
    baseSurplusW = 800;
    const minAt = await holds(6);
    const offAt = await holds(0);
    // Never sooner than the delay (a lower bound: a slow machine only makes it later).
    expect(offAt - Math.max(stepAt, minAt - 1000)).toBeGreaterThanOrEqual((DISABLE_S - 1) * 1000);
  }, 300_000);

  it('4 kW again: 17.3 A after the enable delay', async () => {
    const stepAt = Date.now();
    baseSurplusW = 4000;
    const onAt = await holds(17.3);
    expect(onAt - stepAt).toBeGreaterThanOrEqual((ENABLE_S - 1) * 1000);
  }, 150_000);
});
