/**
 * Load generator of bench/device-flood.ts, run as a child process (its event loop apart from the server's
 * and the API prober's): ONE device sending as fast as the server lets it, until told to stop.
 * - `ocpp`: an ocpp-rpc RPCClient (the charger `identity`), BootNotification, then `window` calls always
 *   outstanding, MeterValues and Heartbeat in turn (each MeterValues a new reading one second after the
 *   last); every answer, result or CALLERROR, is followed at once by the next call.
 * - `mqtt`: a raw MQTT 3.1.1 device (raw-device.ts), QoS 1 telemetry samples (one per message, one second
 *   apart) with `window` publishes always unacknowledged.
 * Answers `{}` once connected (the flood has begun), and at `finish` what was sent and answered.
 */
import { topics } from '@ems/contract/telemetry';
import { RPCClient } from 'ocpp-rpc';
import { connectRawDevice } from './raw-device';

/** The job the parent sends. */
export interface FloodJob {
  mode: 'ocpp' | 'mqtt';
  /** `ws://host:port/ocpp` (ocpp) or the broker's host and port (mqtt). */
  url: string;
  host: string;
  port: number;
  /** Charger identity or device serial number. */
  identity: string;
  /** Charger key or device secret. */
  key: string;
  /** Calls or publishes kept outstanding. */
  window: number;
  /** Time of the first reading (epoch ms); each next one is 1 s later. */
  startTs: number;
}

/** What the flood did, from the first call to `finish`. */
export interface FloodDone {
  seconds: number;
  /** Calls or publishes sent. */
  sent: number;
  /** OCPP: CALLRESULTs; MQTT: PUBACKs (the broker acknowledged: stored, decision 0011). */
  answered: number;
  /** OCPP: CALLERRORs (the server's refusals, e.g. too many calls in flight). */
  refused: number;
}

const done: FloodDone = { seconds: 0, sent: 0, answered: 0, refused: 0 };
let stopped = false;
let ts = 0;
let wh = 0;

function nextReading(): { at: string; ms: number; wh: number } {
  ts += 1000;
  wh += 3;
  return { at: new Date(ts).toISOString(), ms: ts, wh };
}

async function floodOcpp(job: FloodJob): Promise<() => Promise<void>> {
  const client = new RPCClient({
    endpoint: job.url,
    identity: job.identity,
    password: job.key,
    protocols: ['ocpp1.6'],
    reconnect: false,
    callConcurrency: job.window,
  } as never);
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Bench', chargePointModel: 'Flood' });
  let turn = 0;
  const worker = async () => {
    while (!stopped) {
      const meter = turn++ % 2 === 0;
      const r = meter ? nextReading() : null;
      const call = r
        ? client.call('MeterValues', {
            connectorId: 1,
            meterValue: [
              {
                timestamp: r.at,
                sampledValue: [
                  { value: String(r.wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
                  { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
                ],
              },
            ],
          })
        : client.call('Heartbeat', {});
      done.sent++;
      try {
        await call;
        if (!stopped) done.answered++;
      } catch {
        if (!stopped) done.refused++;
      }
    }
  };
  for (let i = 0; i < job.window; i++) void worker();
  return async () => {
    await client.close({ force: true }).catch(() => undefined);
  };
}

async function floodMqtt(job: FloodJob): Promise<() => Promise<void>> {
  const device = await connectRawDevice({
    host: job.host,
    port: job.port,
    sn: job.identity,
    secret: job.key,
  });
  const topic = topics.telemetry(job.identity);
  const worker = async () => {
    while (!stopped) {
      const r = nextReading();
      const body = JSON.stringify({ ts: r.ms, points: { W: 2000 + (r.wh % 3000), WH: 1_000_000 + r.wh } });
      done.sent++;
      await device.publish(topic, body);
      if (!stopped) done.answered++;
    }
  };
  for (let i = 0; i < job.window; i++) void worker();
  // Publishes still held back by the server at the stop are not counted as acknowledged.
  return () => device.end();
}

process.once('message', async (job: FloodJob) => {
  ts = job.startTs - 1000;
  const close = job.mode === 'ocpp' ? await floodOcpp(job) : await floodMqtt(job);
  const t0 = performance.now();
  process.send?.({});
  process.once('message', async () => {
    stopped = true;
    done.seconds = (performance.now() - t0) / 1000;
    const result = { ...done };
    await close();
    process.send?.(result, () => process.exit(0));
  });
});
