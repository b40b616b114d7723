/**
 * The server side of bench/commands.ts: the real HTTP app (auth, `device/params/set`), the job queue
 * with the command dispatcher, the ingest taking answers and reports, and the MQTT downlink, wired as
 * main.ts wires them, on a bench database, through the embedded broker (aedes) or a throwaway Mosquitto
 * (the shipped deploy/mosquitto.conf on a free loopback port). An owner is signed in and `devices`
 * inverters are made on one site of theirs. The periodic command sweep (timeouts after 30 s) does not
 * run: a command without an answer simply never counts as applied here.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config';
import type { DbHandle } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed';
import { buildApp } from '../apps/server/src/http/app';
import {
  createTestDevice,
  createTestStation,
  startTestIngest,
  type TestDevice,
  type TestIngest,
} from '../apps/server/src/ingest/test-ingest';
import { startTestMosquitto, type TestMosquitto } from '../apps/server/src/ingest/test-mosquitto';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { createAuthService } from '../apps/server/src/modules/auth/service';
import { buildUser, signIn } from '../apps/server/src/test/factories';
import { BENCH_DEVICE_RATE, type BenchDbKind, openBenchDb } from './harness';

/** The brokers a case runs through. */
export type BenchBroker = 'aedes (embedded)' | 'Mosquitto';

/** A running command path and the owner's devices. */
export interface CommandServer {
  app: FastifyInstance;
  db: DbHandle;
  ti: TestIngest;
  token: string;
  devices: TestDevice[];
  /** How many of the devices' statuses "online" the ingest has taken. */
  onlineCount(): number;
  stop(): Promise<void>;
}

/** Starts the command path on a new `kind` database through `broker`, with `devices` inverters. */
export async function startCommandServer(
  kind: BenchDbKind,
  broker: BenchBroker,
  devices: number,
): Promise<CommandServer> {
  const { db, close } = await openBenchDb(kind, 'commands');
  const mosquitto: TestMosquitto | null = broker === 'Mosquitto' ? await startTestMosquitto() : null;
  // The devices' rate limit is lifted: one bench logger answers and reports many commands a second.
  const config = loadConfig({
    SIMULATOR: 'off',
    ADMIN_PASSWORD: 'Bench@Admin2024',
    LOG_LEVEL: 'silent',
    DEVICE_RATE_PER_S: String(BENCH_DEVICE_RATE.perSecond),
  });
  const auth = createAuthService({ db, config });
  const queue = createJobQueue(db);
  const app = await buildApp({ config, db, authenticate: auth.authenticate, queue }, { logger: false });
  await queue.start(app.log);
  await seed(db, config, app.log, () => {});
  await app.ready();
  const ti = await startTestIngest({
    db,
    config,
    log: app.log,
    withCommands: { queue },
    mqttUrl: mosquitto?.url ?? null,
  });
  // Devices whose status "online" reached the ingest: a burst before that would find them offline and
  // measure their waiting, not the command path.
  const online = new Set<string>();
  const hooks = ti.commands?.hooks;
  if (hooks) {
    const seen = hooks.seen.bind(hooks);
    hooks.seen = (device, sn, isOnline) => {
      if (isOnline) online.add(sn);
      seen(device, sn, isOnline);
    };
  }
  const owner = await buildUser(db);
  const token = await signIn(app, owner);
  const station = await createTestStation(db, owner.id);
  const made: TestDevice[] = [];
  for (let i = 0; i < devices; i++) made.push(await createTestDevice(db, 'inverter', station));
  return {
    app,
    db,
    ti,
    token,
    devices: made,
    onlineCount: () => online.size,
    stop: async () => {
      await ti.stop();
      await app.close();
      await queue.stop();
      await mosquitto?.dispose();
      await close();
    },
  };
}
