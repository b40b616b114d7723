/**
 * Load generator of bench/ocpp-chargers.ts, run as a child process (its memory and event loop apart from
 * the server's): ocpp-rpc RPCClients as chargers `BENCH-CP-{i}`.
 * - `idle`: connects `count` chargers (`concurrency` handshakes at a time), each BootNotification then a
 *   Heartbeat at the interval it is told; answers `{connected, failed, connectMs}`, and at `finish` the
 *   heartbeats answered during the hold (after the answer) and their mean time, after closing every connection.
 * - `meter`: connects `count` chargers, then each sends MeterValues (energy register and power, its own
 *   timestamps one second apart) one after the other for `seconds`; answers the calls answered.
 */
import { RPCClient } from 'ocpp-rpc';

/** The job the parent sends. */
export interface OcppLoadJob {
  mode: 'idle' | 'meter';
  url: string;
  key: string;
  count: number;
  concurrency: number;
  seconds: number;
}

/** The child's first answer. */
export interface OcppLoadReady {
  connected: number;
  failed: number;
  connectMs: number;
  meterCalls?: number;
  meterErrors?: number;
}

/** The child's answer at finish (idle mode). */
export interface OcppLoadDone {
  heartbeats: number;
  heartbeatErrors: number;
  heartbeatMeanMs: number;
}

const clients: RPCClient[] = [];
const timers: NodeJS.Timeout[] = [];
const hb = { n: 0, errors: 0, ms: 0 };

async function connectOne(job: OcppLoadJob, i: number): Promise<RPCClient> {
  const client = new RPCClient({
    endpoint: job.url,
    identity: `BENCH-CP-${i}`,
    password: job.key,
    protocols: ['ocpp1.6'],
    reconnect: false,
  } as never);
  await client.connect();
  const boot = (await client.call('BootNotification', {
    chargePointVendor: 'Bench',
    chargePointModel: 'Idle',
  })) as { interval: number };
  if (job.mode === 'idle') {
    timers.push(
      setInterval(() => {
        const t0 = performance.now();
        client.call('Heartbeat', {}).then(
          () => {
            hb.n++;
            hb.ms += performance.now() - t0;
          },
          () => hb.errors++,
        );
      }, boot.interval * 1000),
    );
  }
  return client;
}

/** Connects chargers 1..count, `concurrency` at a time. */
async function connectAll(job: OcppLoadJob): Promise<{ failed: number }> {
  let next = 1;
  let failed = 0;
  const worker = async () => {
    while (next <= job.count) {
      const i = next++;
      try {
        clients.push(await connectOne(job, i));
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  return { failed };
}

async function meterLoop(
  client: RPCClient,
  until: number,
  counts: { n: number; errors: number },
  seq: number,
) {
  let ts = Date.now() - 3_600_000 + seq; // a past hour, distinct per charger, one second per reading
  let wh = 0;
  while (Date.now() < until) {
    ts += 1000;
    wh += 3;
    try {
      await client.call('MeterValues', {
        connectorId: 1,
        meterValue: [
          {
            timestamp: new Date(ts).toISOString(),
            sampledValue: [
              { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        ],
      });
      counts.n++;
    } catch {
      counts.errors++;
    }
  }
}

process.once('message', async (job: OcppLoadJob) => {
  const t0 = performance.now();
  const { failed } = await connectAll(job);
  const ready: OcppLoadReady = { connected: clients.length, failed, connectMs: performance.now() - t0 };
  if (job.mode === 'meter') {
    const counts = { n: 0, errors: 0 };
    const until = Date.now() + job.seconds * 1000;
    await Promise.all(clients.map((c, i) => meterLoop(c, until, counts, i)));
    ready.meterCalls = counts.n;
    ready.meterErrors = counts.errors;
  }
  process.send?.(ready);
  // Heartbeats are counted from here: the hold with every charger connected.
  Object.assign(hb, { n: 0, errors: 0, ms: 0 });
  process.once('message', async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
    const done: OcppLoadDone = {
      heartbeats: hb.n,
      heartbeatErrors: hb.errors,
      heartbeatMeanMs: hb.ms / Math.max(1, hb.n),
    };
    process.send?.(done, () => process.exit(0));
  });
});
