/**
 * Issue 31 item 4: a device past its message rate loses nothing it was told is stored. Through mqtt.js and
 * the embedded broker: 900 QoS 1 messages sent at full speed are all stored (the device is slowed to its
 * rate by held PUBACKs and an unread socket, not acknowledged and dropped); the ingest counts the
 * messages it held back. Rate settings are lowered so that the test takes seconds, not minutes.
 */
import { topics } from '@ems/contract/telemetry';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker';
import { type Ingest, startIngest } from './ingest';
import { createTestDevice } from './test-ingest';

let t: TestApp;
let broker: EmbeddedBroker;
let ingest: Ingest;
const clients: MqttClient[] = [];
const RATE = { perSecond: 200, burst: 100, burstWindowS: 600 };

beforeAll(async () => {
  t = await buildTestApp();
  const log = pino({ level: 'silent' });
  broker = await startEmbeddedBroker({
    db: t.db,
    config: { ...t.config, MQTT_PORT: 0, HOST: '127.0.0.1' },
    log,
    holdForIngest: true,
  });
  ingest = await startIngest({ db: t.db, log, broker, deviceRate: RATE });
  await ingest.ready;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await ingest?.stop();
  await broker?.stop();
  await t?.close();
});

const ts0 = Date.UTC(2026, 10, 22, 8, 0, 0);

describe('a device past its message rate (QoS 1)', () => {
  it('stores all 900 messages a logger replays at full speed: slowed, never acknowledged and dropped', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const c = await mqtt.connectAsync(
      broker.url,
      { username: d.sn, password: d.secret, clientId: d.sn, reconnectPeriod: 0 },
      false,
    );
    clients.push(c);
    const before = ingest.stats();
    const total = 900;
    // All at once: mqtt.js writes them as fast as the socket takes them, each resolving on its PUBACK.
    await Promise.all(
      Array.from({ length: total }, (_, k) =>
        c.publishAsync(topics.telemetry(d.sn), JSON.stringify({ ts: ts0 + k * 1000, points: { W: k } }), {
          qos: 1,
        }),
      ),
    );
    // Every PUBACK means committed (decision 0011): no flush needed before counting.
    const stored = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1',
      [d.id],
    );
    expect(stored.rows[0]!.n).toBe(total);
    const after = ingest.stats();
    expect(after.rateLimited - before.rateLimited).toBe(0);
    expect(after.throttled - before.throttled).toBeGreaterThan(0);
    expect(ingest.rateLimitedDevices(1)[0]?.serialNumber).toBe(d.sn);
  });
});
