/**
 * Test util: broker + ingest for a test database, and helpers to create devices and connect as them.
 * Uses the embedded broker on a free port (the ingest attached in-process), or the external broker of
 * MQTT_URL when that is set (then each call gets its own client id and a plain subscription, so parallel
 * test files each see every message, and device authentication is the external broker's business).
 */
import { randomBytes } from 'node:crypto';
import type { DeviceType } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { type Config, deviceRateOf } from '../config';
import type { DbHandle } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { embeddedDownlink, externalDownlink } from '../modules/commands/downlink';
import { type CommandRuntime, startCommandRuntime } from '../modules/commands/runtime';
import { buildDevice, buildStation } from '../test/factories';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker';
import { hashDeviceSecret } from './device-secret';
import { type Ingest, startIngest } from './ingest';

/** A device made for a test, with the secret it logs in with. */
export interface TestDevice {
  id: number;
  sn: string;
  secret: string;
  stationId: number;
}

/** Broker + ingest for one test file. */
export interface TestIngest {
  mqttUrl: string;
  /** The embedded broker, or null when MQTT_URL points at an external one. */
  broker: EmbeddedBroker | null;
  ingest: Ingest;
  /** Remote settings (dispatcher, answers, reports) when started `withCommands`, else null. */
  commands: CommandRuntime | null;
  /** Creates a site (owned by `ownerId`, else a new user) and returns its id. */
  addStation(ownerId?: number): Promise<number>;
  /** Creates a device of `type` with a fresh serial number and secret. */
  addDevice(type: string, stationId?: number): Promise<TestDevice>;
  /** Connects as a device (username SN, password secret, client id SN). */
  connectDevice(device: Pick<TestDevice, 'sn' | 'secret'>): Promise<MqttClient>;
  /** Connects with the broker's internal credentials (anonymous on an external broker). */
  connectInternal(): Promise<MqttClient>;
  /** Polls `check` every 20 ms until it returns true; throws after `timeoutMs`. */
  waitFor(check: () => boolean | Promise<boolean>, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Creates a PV site in Europe/Prague (owned by `ownerId`, else by a new user) and returns its id. */
export async function createTestStation(db: DbHandle, ownerId?: number): Promise<number> {
  const station = await buildStation(db, {
    ...(ownerId === undefined ? {} : { ownerId }),
    name: 'Test site',
    timeZone: 'Europe/Prague',
    country: 'CZ',
  });
  return station.id;
}

/** Creates a device of `type` (on a new site unless `stationId`) with a fresh serial number and secret. */
export async function createTestDevice(db: DbHandle, type: string, stationId?: number): Promise<TestDevice> {
  const station = stationId ?? (await createTestStation(db));
  const sn = `T${randomBytes(6).toString('hex').toUpperCase()}`;
  const secret = randomBytes(24).toString('base64url');
  const device = await buildDevice(db, {
    stationId: station,
    deviceType: type as DeviceType,
    name: `Test ${type}`,
    serialNumber: sn,
    secretHash: hashDeviceSecret(secret),
  });
  return { id: device.id, sn, secret, stationId: station };
}

/** Starts broker (unless MQTT_URL) and ingest against `db`. */
export async function startTestIngest(deps: {
  db: DbHandle;
  config: Config;
  log?: FastifyBaseLogger;
  /** startIngest's onBatch (metrics). */
  onBatch?(seconds: number, rows: number): void;
  /** Also run remote settings on this queue: dispatch worker, answers and reports (issue 21). */
  withCommands?: { queue: JobQueue };
  /** An external broker to use instead of MQTT_URL's (a benchmark's own Mosquitto); null: embedded. */
  mqttUrl?: string | null;
  /** startIngest's onMeterSample (solar charging, issue 33). */
  onMeterSample?(deviceId: number): void;
}): Promise<TestIngest> {
  const { db } = deps;
  const log = deps.log ?? pino({ level: 'silent' });
  const config: Config = { ...deps.config, MQTT_PORT: 0, HOST: '127.0.0.1' };
  const external = deps.mqttUrl === undefined ? process.env.MQTT_URL : deps.mqttUrl;
  const broker = external ? null : await startEmbeddedBroker({ db, config, log, holdForIngest: true });
  const mqttUrl = external ?? broker!.url;
  const tag = randomBytes(4).toString('hex');
  const { onBatch, onMeterSample } = deps;
  const deviceRate = deviceRateOf(config);
  // Also without commands: it publishes a gateway's device confirmations (issue 32).
  const downlink = broker ? embeddedDownlink(broker) : externalDownlink(mqttUrl, log);
  const commands = deps.withCommands
    ? await startCommandRuntime({ db, log, queue: deps.withCommands.queue, downlink })
    : null;
  const hooks = commands?.hooks;
  const { confirmGatewayDevices } = downlink;
  const ingest = broker
    ? await startIngest({
        db,
        log,
        broker,
        onBatch,
        deviceRate,
        commands: hooks,
        onMeterSample,
        confirmGatewayDevices,
      })
    : await startIngest({
        db,
        log,
        mqttUrl,
        clientId: `ems-ingest-test-${tag}`,
        persistentSession: false,
        onBatch,
        deviceRate,
        commands: hooks,
        onMeterSample,
        confirmGatewayDevices,
      });
  await ingest.ready;
  const clients: MqttClient[] = [];

  const connect = async (username: string | undefined, password: string | undefined, clientId: string) => {
    const c = await mqtt.connectAsync(mqttUrl, { username, password, clientId, reconnectPeriod: 0 }, false);
    clients.push(c);
    return c;
  };

  return {
    mqttUrl,
    broker,
    ingest,
    commands,
    addStation: (ownerId) => createTestStation(db, ownerId),
    addDevice: (type, stationId) => createTestDevice(db, type, stationId),
    connectDevice: (device) => connect(device.sn, device.secret, device.sn),
    connectInternal: () =>
      broker
        ? connect(
            broker.internal.username,
            broker.internal.password,
            `internal-${randomBytes(4).toString('hex')}`,
          )
        : connect(undefined, undefined, `internal-${randomBytes(4).toString('hex')}`),
    waitFor: async (check, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      while (!(await check())) {
        if (Date.now() > until) throw new Error('waitFor: condition not met in time');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: async () => {
      await Promise.all(clients.map((c) => c.endAsync(true)));
      await commands?.stop();
      await downlink.close();
      await ingest.stop();
      await broker?.stop();
    },
  };
}
