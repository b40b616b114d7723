/**
 * Child process of bench/ingest.ts: plays `devices` data loggers, each connected as itself, publishing
 * inverter samples (10 numeric points) with QoS 1 for `seconds` (or until `maxSamples`), a few
 * messages in flight per device; with `alarms`, alarm events too. Reports how many samples were
 * acknowledged by the broker.
 */
import { topics } from '@ems/contract/telemetry';
import mqtt from 'mqtt';
import { connectRawDevice, hostPort, type RawDevice } from './raw-device';
import { wallMs } from './stats';

/** What the parent asks for. */
export interface PublisherJob {
  url: string;
  devices: { sn: string; secret: string }[];
  samplesPerMessage: number;
  seconds: number;
  maxSamples: number;
  /** First sample time (ms); each device's samples are 1 s apart from there. */
  startTs: number;
  /** Paced: total samples per second over all devices (default: as fast as acknowledgements come). */
  rate?: number;
  /**
   * A probe device that publishes one sample every `everyMs` beside the load and notes when it sent
   * each (wall clock, ms), so the parent can time publish → queryable.
   */
  probe?: { sn: string; secret: string; everyMs: number };
  /**
   * Unpaced runs only: alarm events beside the samples, `perMinute` in all at an even pace, device after
   * device, each raising a new code `PB00000`… (docs/device-protocol.md §10) with the current time.
   */
  alarms?: { perMinute: number };
}

/** One probe sample: its `ts` and when it was handed to the client (performance.timeOrigin-based ms). */
export interface ProbeSent {
  ts: number;
  at: number;
}

/** What the child reports. */
export interface PublisherResult {
  samples: number;
  ms: number;
  probes: ProbeSent[];
  /** CPU time this process used while publishing (user + system, ms): the load generator's own cost. */
  cpuMs: number;
  /** The alarm events published (`alarms`): each code and when it was handed to the socket (Date.now()). */
  alarms: AlarmSent[];
}

/** One alarm event the publisher raised. */
export interface AlarmSent {
  code: string;
  at: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Unacknowledged messages per device (INGEST_BENCH_WINDOW, default 8). The ingest acknowledges after the
 * commit, so the window bounds how many rows one write can gather: 8 × 100 devices gave ≈ 400 rows a
 * write, 32 ≈ 1,570 (docs/benchmarks.md "eighteenth pass").
 */
const IN_FLIGHT = Number(process.env.INGEST_BENCH_WINDOW ?? 8);

function sample(ts: number, k: number) {
  const w = 2000 + (k % 3000);
  return {
    ts,
    points: {
      W: w,
      WH: 1_000_000 + k * 3,
      DCW: w + 60,
      DCV: 380.5,
      DCA: 5.4,
      PhVphA: 230.1,
      A: 8.7,
      Hz: 50.01,
      TmpCab: 41.2,
      St: 4,
    },
  };
}

async function run(job: PublisherJob): Promise<PublisherResult> {
  return job.rate ? runPaced(job, job.rate) : runFlat(job);
}

/**
 * As fast as acknowledgements come: lean connections (bench/raw-device.ts), IN_FLIGHT messages in
 * flight per device, each batch of PUBACKs answered with one socket write.
 */
async function runFlat(job: PublisherJob): Promise<PublisherResult> {
  const at = hostPort(job.url);
  const devices = await Promise.all(
    job.devices.map((d) => connectRawDevice({ ...at, sn: d.sn, secret: d.secret })),
  );
  const until = Date.now() + job.seconds * 1000;
  const perDevice = Math.floor(job.maxSamples / job.devices.length);
  const started = performance.now();
  const cpuAt = process.cpuUsage();
  const alarms: AlarmSent[] = [];
  const alarming = job.alarms ? raiseAlarms(job, job.alarms.perMinute, devices, until, alarms) : null;
  const counts = await Promise.all(
    devices.map((dev, i) => {
      let k = 0;
      return dev.run(topics.telemetry(job.devices[i]!.sn), IN_FLIGHT, () => {
        if (k >= perDevice || Date.now() >= until) return null;
        const n = Math.min(job.samplesPerMessage, perDevice - k);
        const first = k;
        k += n;
        if (n === 1 && job.samplesPerMessage === 1)
          return JSON.stringify(sample(job.startTs + first * 1000, first));
        const samples = Array.from({ length: n }, (_, j) =>
          sample(job.startTs + (first + j) * 1000, first + j),
        );
        return JSON.stringify({ samples });
      });
    }),
  );
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuAt);
  await alarming;
  await Promise.all(devices.map((d) => d.end()));
  // Only a device's last message can be short (perDevice not a multiple of samplesPerMessage).
  const samples = counts.reduce((sum, n) => sum + Math.min(n * job.samplesPerMessage, perDevice), 0);
  return { samples, ms, probes: [], cpuMs: (cpu.user + cpu.system) / 1000, alarms };
}

/** Raises `perMinute` new alarm codes a minute on `devices` in turn until `until`; resolves once all are acknowledged. */
async function raiseAlarms(
  job: PublisherJob,
  perMinute: number,
  devices: RawDevice[],
  until: number,
  out: AlarmSent[],
): Promise<void> {
  const every = 60_000 / perMinute;
  const start = Date.now();
  const acks: Promise<void>[] = [];
  for (let i = 0; start + i * every < until; i++) {
    const wait = start + i * every - Date.now();
    if (wait >= 1) await sleep(wait);
    const code = `PB${String(i).padStart(5, '0')}`;
    const at = Date.now();
    const sn = job.devices[i % devices.length]!.sn;
    acks.push(
      devices[i % devices.length]!.publish(topics.alarm(sn), JSON.stringify({ ts: at, code, active: true })),
    );
    out.push({ code, at });
  }
  await Promise.all(acks);
}

/**
 * Paced (mqtt.js clients): device i's sample k is due at (k + i / devices) × (devices / rate) s, up to
 * IN_FLIGHT unacknowledged. The devices' phases are spread over the period, as independent loggers'
 * clocks are, rather than all publishing at the same instant.
 */
async function runPaced(job: PublisherJob, rate: number): Promise<PublisherResult> {
  const clients = await Promise.all(
    job.devices.map((d) =>
      mqtt.connectAsync(
        job.url,
        { clientId: d.sn, username: d.sn, password: d.secret, reconnectPeriod: 0 },
        false,
      ),
    ),
  );
  const until = Date.now() + job.seconds * 1000;
  const perDevice = Math.floor(job.maxSamples / job.devices.length);
  let acked = 0;
  const probes: ProbeSent[] = [];
  const started = performance.now();
  const cpuAt = process.cpuUsage();
  const probing = job.probe ? runProbe(job, job.probe, until, probes) : Promise.resolve();
  const every = (job.devices.length / rate) * 1000;
  await Promise.all(
    clients.map(async (c, i) => {
      const sn = job.devices[i]!.sn;
      const inflight = new Set<Promise<void>>();
      for (let k = 0; Date.now() < until && k < perDevice; k++) {
        const wait = started + (k + i / clients.length) * every - performance.now();
        if (wait >= 1) await sleep(wait);
        if (inflight.size >= IN_FLIGHT) await Promise.race(inflight);
        const p: Promise<void> = c
          .publishAsync(topics.telemetry(sn), JSON.stringify(sample(job.startTs + k * 1000, k)), { qos: 1 })
          .then(() => {
            acked += 1;
            inflight.delete(p);
          });
        inflight.add(p);
      }
      await Promise.all(inflight);
    }),
  );
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuAt);
  await probing;
  await Promise.all(clients.map((c) => c.endAsync()));
  return { samples: acked, ms, probes, cpuMs: (cpu.user + cpu.system) / 1000, alarms: [] };
}

async function runProbe(
  job: PublisherJob,
  probe: NonNullable<PublisherJob['probe']>,
  until: number,
  out: ProbeSent[],
): Promise<void> {
  const c = await mqtt.connectAsync(
    job.url,
    { clientId: probe.sn, username: probe.sn, password: probe.secret, reconnectPeriod: 0 },
    false,
  );
  // Not awaited one by one: an acknowledgement waits for the commit, and the probes must not slow down.
  const pending: Promise<unknown>[] = [];
  for (let j = 0; Date.now() < until; j++) {
    const ts = job.startTs + j * 1000;
    out.push({ ts, at: wallMs() });
    pending.push(c.publishAsync(topics.telemetry(probe.sn), JSON.stringify(sample(ts, j)), { qos: 1 }));
    await sleep(probe.everyMs);
  }
  await Promise.all(pending);
  await c.endAsync();
}

process.once('message', (job: PublisherJob) => {
  run(job).then(
    (r) => {
      // Exits once the result is handed over: an exit right after send() could drop it, and the parent
      // then waited on a child that was gone (the "unsettled top-level await" of some PGlite rounds).
      process.send?.(r, () => process.exit(0));
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
