/**
 * Child process of bench/ingest.ts: plays `devices` data loggers, each connected as itself, publishing
 * inverter samples (10 numeric points) with QoS 1 for `seconds` (or until `maxSamples`), a few
 * messages in flight per device. Reports how many samples were acknowledged by the broker.
 */
import { topics } from '@ems/contract/telemetry';
import mqtt from 'mqtt';

/** What the parent asks for. */
export interface PublisherJob {
  url: string;
  devices: { sn: string; secret: string }[];
  samplesPerMessage: number;
  seconds: number;
  maxSamples: number;
  /** First sample time (ms); each device's samples are 1 s apart from there. */
  startTs: number;
}

/** What the child reports. */
export interface PublisherResult {
  samples: number;
  ms: number;
}

const IN_FLIGHT = 8;

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
  const started = performance.now();
  await Promise.all(
    clients.map(async (c, i) => {
      const sn = job.devices[i]!.sn;
      let k = 0;
      const worker = async () => {
        while (Date.now() < until && k < perDevice) {
          const n = Math.min(job.samplesPerMessage, perDevice - k);
          const first = k;
          k += n;
          const samples = Array.from({ length: n }, (_, j) =>
            sample(job.startTs + (first + j) * 1000, first + j),
          );
          const body = n === 1 && job.samplesPerMessage === 1 ? samples[0] : { samples };
          await c.publishAsync(topics.telemetry(sn), JSON.stringify(body), { qos: 1 });
          acked += n;
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    }),
  );
  const ms = performance.now() - started;
  await Promise.all(clients.map((c) => c.endAsync()));
  return { samples: acked, ms };
}

process.once('message', (job: PublisherJob) => {
  run(job).then(
    (r) => {
      process.send?.(r);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
