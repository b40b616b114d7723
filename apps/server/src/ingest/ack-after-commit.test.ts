/**
 * Acknowledge after commit (issue 11, docs/decisions/0011-acknowledge-after-commit.md), on both paths,
 * with a database that refuses telemetry writes for a while (as while PostgreSQL restarts):
 * - embedded broker: the device gets no PUBACK until its sample is committed, and at the PUBACK the row
 *   is already stored;
 * - external broker (Mosquitto with deploy/mosquitto.conf; MQTT_URL's, else a throwaway one): the ingest
 *   does not acknowledge an uncommitted message, so after the ingest stops without committing, the broker
 *   hands the message to the restarted ingest (same client id, persistent session), which stores it.
 */
import { randomBytes } from 'node:crypto';
import { topics } from '@ems/contract/telemetry';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { buildTestApp, type TestApp } from '../test/helper';
import { startEmbeddedBroker } from './broker';
import { startIngest } from './ingest';
import { createTestDevice } from './test-ingest';
import { startTestMosquitto, type TestMosquitto } from './test-mosquitto';

const log = pino({ level: 'silent' });
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The test database, with telemetry writes failing as a restarting server's would while `down`. */
function withOutage(db: DbHandle) {
  let down = false;
  const handle: DbHandle = {
    ...db,
    query: (text, params) =>
      down && text.includes('INSERT INTO telemetry')
        ? Promise.reject(Object.assign(new Error('terminating connection'), { code: '57P01' }))
        : db.query(text, params),
  };
  return {
    db: handle,
    setDown: (v: boolean) => {
      down = v;
    },
  };
}

async function rows(deviceId: number): Promise<number[]> {
  const res = await t.db.query<{ w: number }>('SELECT w FROM telemetry WHERE device_id = $1 ORDER BY ts', [
    deviceId,
  ]);
  return res.rows.map((r) => r.w);
}

async function waitFor(check: () => boolean | Promise<boolean>): Promise<void> {
  const until = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const message = (w: number) => JSON.stringify({ ts: Date.UTC(2026, 10, 22, 9, 0, w), points: { W: w } });

describe('embedded broker', () => {
  it('sends the PUBACK only after the commit, and the row is there when it arrives', async () => {
    const outage = withOutage(t.db);
    const broker = await startEmbeddedBroker({
      db: t.db,
      config: { ...t.config, MQTT_PORT: 0, HOST: '127.0.0.1' },
      log,
      holdForIngest: true,
    });
    const ingest = await startIngest({ db: outage.db, log, broker });
    const dev = await createTestDevice(t.db, 'inverter');
    const c = await mqtt.connectAsync(broker.url, {
      username: dev.sn,
      password: dev.secret,
      clientId: dev.sn,
      reconnectPeriod: 0,
    });
    try {
      outage.setDown(true);
      let acked = false;
      const published = c.publishAsync(topics.telemetry(dev.sn), message(1), { qos: 1 }).then(() => {
        acked = true;
      });
      await waitFor(() => ingest.stats().writeErrors >= 2);
      expect(acked).toBe(false);
      outage.setDown(false);
      await published;
      expect(await rows(dev.id)).toEqual([1]);
    } finally {
      await c.endAsync(true);
      await ingest.stop();
      await broker.stop();
    }
  });
});

describe('external broker (Mosquitto)', () => {
  let mq: TestMosquitto | null = null;
  let url: string;
  beforeAll(async () => {
    mq = process.env.MQTT_URL ? null : await startTestMosquitto();
    url = process.env.MQTT_URL ?? mq!.url;
  });
  afterAll(async () => {
    await mq?.dispose();
  });

  it('leaves an uncommitted message unacknowledged, so the restarted ingest still gets it', async () => {
    const outage = withOutage(t.db);
    const clientId = `ems-ingest-ack-test-${randomBytes(4).toString('hex')}`;
    const dev = await createTestDevice(t.db, 'inverter');
    const first = await startIngest({ db: outage.db, log, mqttUrl: url, clientId });
    await first.ready;
    outage.setDown(true);
    const c = await mqtt.connectAsync(url, { clientId: dev.sn, reconnectPeriod: 0 });
    try {
      await c.publishAsync(topics.telemetry(dev.sn), message(2), { qos: 1 });
      await waitFor(() => first.stats().writeErrors >= 2);
      await first.stop(); // gives up on the batch: nothing committed, nothing acknowledged
      expect(await rows(dev.id)).toEqual([]);

      outage.setDown(false);
      const second = await startIngest({ db: t.db, log, mqttUrl: url, clientId });
      try {
        await waitFor(async () => (await rows(dev.id)).length === 1);
        expect(await rows(dev.id)).toEqual([2]);
      } finally {
        await second.stop();
      }
    } finally {
      await c.endAsync(true);
      // Remove the persistent session so the broker stops queueing for it.
      const cleaner = await mqtt.connectAsync(url, {
        clientId,
        clean: true,
        protocolVersion: 5,
        reconnectPeriod: 0,
      });
      await cleaner.endAsync();
    }
  });
});
