/**
 * Ingest load beside the list/real bench (issue 12 §4: list/real p99 while ingest runs at 10,000
 * points/s): an embedded broker and the real ingest on the bench server's database, and the
 * bench/ingest-publisher.ts child pacing one sample per message from 100 inverters of a site of their
 * own, until `stop()`.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import type { DbHandle } from '../apps/server/src/db/client';
import { startEmbeddedBroker } from '../apps/server/src/ingest/broker';
import { startIngest } from '../apps/server/src/ingest/ingest';
import { createTestDevice, createTestStation } from '../apps/server/src/ingest/test-ingest';
import { BENCH_DEVICE_RATE } from './harness';
import type { PublisherJob } from './ingest-publisher';

/** A running ingest load. */
export interface IngestLoad {
  /** Samples stored so far. */
  stored(): number;
  /** Stops the publisher, then the ingest and broker. */
  stop(): Promise<void>;
}

const DEVICES = 100;

/** Starts broker, ingest and a publisher of `samplesPerSecond` samples/s (10 points each). */
export async function startIngestLoad(db: DbHandle, samplesPerSecond: number): Promise<IngestLoad> {
  const log = pino({ level: 'silent' });
  const config = loadConfig({ MQTT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
  const broker = await startEmbeddedBroker({ db, config, log, holdForIngest: true });
  const ingest = await startIngest({ db, log, broker, deviceRate: BENCH_DEVICE_RATE });
  const station = await createTestStation(db);
  const devices = [];
  for (let i = 0; i < DEVICES; i++) devices.push(await createTestDevice(db, 'inverter', station));
  const hours = 6;
  const job: PublisherJob = {
    url: broker.url,
    devices: devices.map((d) => ({ sn: d.sn, secret: d.secret })),
    samplesPerMessage: 1,
    seconds: hours * 3600,
    maxSamples: samplesPerSecond * hours * 3600,
    // Each device's samples are 1 s apart, so they run ahead of real time at >1 sample/s per device.
    startTs: Date.now() - 24 * 3600_000,
    rate: samplesPerSecond,
  };
  const file = fileURLToPath(new URL('./ingest-publisher.ts', import.meta.url));
  const child: ChildProcess = fork(file, [], { execArgv: ['--import', 'tsx'] });
  child.send(job as object);
  return {
    stored: () => ingest.stats().stored,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await ingest.stop();
      await broker.stop();
    },
  };
}
