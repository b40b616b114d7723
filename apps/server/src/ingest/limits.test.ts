/**
 * Device limits (issue 6 item 5, docs/device-protocol.md §4) through a real MQTT client: an oversize
 * packet closes the sender's connection on the embedded broker; a message with too many samples or
 * points is dropped whole, counted and logged once per device; valid traffic keeps being stored.
 */
import { DEVICE_LIMITS, topics } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker';
import { type Ingest, startIngest } from './ingest';
import { createPacketSizeGuard } from './packet-guard';
import { ingestStatusOf } from './status';
import { createTestDevice, type TestDevice } from './test-ingest';
import { startTestMosquitto, type TestMosquitto } from './test-mosquitto';

let t: TestApp;
let broker: EmbeddedBroker;
let ingest: Ingest;
const lines: { msg: string; sn?: string; limit?: string; clientId?: string }[] = [];
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  ) as unknown as FastifyBaseLogger;
  broker = await startEmbeddedBroker({
    db: t.db,
    config: { ...t.config, MQTT_PORT: 0, HOST: '127.0.0.1' },
    log,
    holdForIngest: true,
  });
  ingest = await startIngest({ db: t.db, log, broker });
  await ingest.ready;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await ingest?.stop();
  await broker?.stop();
  await t?.close();
});

async function connect(d: TestDevice): Promise<MqttClient> {
  const c = await mqtt.connectAsync(
    broker.url,
    { username: d.sn, password: d.secret, clientId: d.sn, reconnectPeriod: 0 },
    false,
  );
  clients.push(c);
  return c;
}

async function rows(deviceId: number): Promise<number[]> {
  const res = await t.db.query<{ w: number }>('SELECT w FROM telemetry WHERE device_id = $1 ORDER BY ts', [
    deviceId,
  ]);
  return res.rows.map((r) => r.w);
}

async function waitFor(check: () => Promise<boolean> | boolean): Promise<void> {
  const until = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const ts0 = Date.UTC(2026, 10, 22, 8, 0, 0);
const sample = (k: number, points: Record<string, number> = { W: k }) => ({ ts: ts0 + k * 60_000, points });
const manyPoints = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`P${i}`, i]));

describe('packet size guard', () => {
  it('reads packet sizes across chunk boundaries and trips on the first oversize header', () => {
    const seen: number[] = [];
    const guard = createPacketSizeGuard(200, (n) => seen.push(n));
    // PINGREQ (2 bytes), then a PUBLISH of 150 bytes body whose header is split over two chunks.
    expect(guard(Buffer.from([0xc0, 0x00, 0x30]))).toBe(true);
    expect(guard(Buffer.from([150, 0x01]))).toBe(true);
    expect(guard(Buffer.alloc(150))).toBe(true);
    // 0x30, length 300 = varint [0xac, 0x02]: 303 bytes in all.
    expect(guard(Buffer.from([0x30, 0xac, 0x02]))).toBe(false);
    expect(seen).toEqual([303]);
    expect(guard(Buffer.from([0xc0, 0x00]))).toBe(false);
  });
});

describe('embedded broker and ingest limits', () => {
  it('closes the connection of a device that sends a packet over 256 KB, stores nothing of it', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const c = await connect(d);
    const before = broker.stats().oversizePackets;
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    const filler = 'x'.repeat(DEVICE_LIMITS.maxPacketBytes);
    c.publish(topics.telemetry(d.sn), JSON.stringify({ ts: ts0, points: { W: 1, Note: filler } }), {
      qos: 1,
    });
    await closed;
    expect(broker.stats().oversizePackets).toBe(before + 1);
    expect(lines.filter((l) => l.clientId === d.sn && /size limit/.test(l.msg))).toHaveLength(1);

    // The device reconnects and its normal traffic is stored.
    const again = await connect(d);
    await again.publishAsync(topics.telemetry(d.sn), JSON.stringify(sample(1)), { qos: 1 });
    await waitFor(async () => (await rows(d.id)).length === 1);
    expect(await rows(d.id)).toEqual([1]);
  });

  it('drops messages with too many samples or points whole, counts them, logs once per device', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const c = await connect(d);
    const before = ingest.stats().droppedByLimits;
    const topic = topics.telemetry(d.sn);
    const tooManySamples = Array.from({ length: DEVICE_LIMITS.maxSamplesPerMessage + 1 }, (_, k) => ({
      ts: ts0 + k * 1000,
      points: { W: 7 },
    }));
    await c.publishAsync(topic, JSON.stringify({ samples: tooManySamples }), { qos: 1 });
    await c.publishAsync(topic, JSON.stringify(sample(2, manyPoints(DEVICE_LIMITS.maxPointsPerSample + 1))), {
      qos: 1,
    });
    await c.publishAsync(
      topic,
      JSON.stringify({ samples: [sample(3), sample(4, manyPoints(DEVICE_LIMITS.maxPointsPerSample + 1))] }),
      { qos: 1 },
    );
    // At the limits exactly: stored.
    await c.publishAsync(
      topic,
      JSON.stringify(sample(5, { W: 5, ...manyPoints(DEVICE_LIMITS.maxPointsPerSample - 1) })),
      {
        qos: 1,
      },
    );
    await waitFor(async () => (await rows(d.id)).length === 1);
    expect(await rows(d.id)).toEqual([5]);
    expect(ingest.stats().droppedByLimits).toBe(before + 3);
    const logged = lines.filter((l) => l.sn === d.sn && /device limits/.test(l.msg));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.limit).toBe('samples');
  });

  it('stores a full message of 1,000 samples', async () => {
    const d = await createTestDevice(t.db, 'meter');
    const c = await connect(d);
    const samples = Array.from({ length: DEVICE_LIMITS.maxSamplesPerMessage }, (_, k) => ({
      ts: ts0 + k * 1000,
      points: { W: k, TotWhImp: k },
    }));
    await c.publishAsync(topics.telemetry(d.sn), JSON.stringify({ samples }), { qos: 1 });
    await waitFor(async () => (await rows(d.id)).length === DEVICE_LIMITS.maxSamplesPerMessage);
  });
});

describe('each device’s message rate (issue 19 §7)', () => {
  it('stores a burst a logger replays, refuses and counts a QoS 0 flood past it, and leaves other devices alone', async () => {
    const flooder = await createTestDevice(t.db, 'inverter');
    const neighbour = await createTestDevice(t.db, 'inverter');
    const [f, n] = [await connect(flooder), await connect(neighbour)];
    const before = ingest.stats().rateLimited;
    const receivedBefore = ingest.stats().received;
    const started = Date.now();
    const total = 1_000;
    // The flood: QoS 0 (which may be dropped past the rate; QoS 1 is slowed instead: rate-backpressure.test.ts).
    for (let k = 0; k < total; k += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          f.publishAsync(topics.telemetry(flooder.sn), JSON.stringify(sample(k + i)), { qos: 0 }),
        ),
      );
      if (k % 200 === 0) {
        await n.publishAsync(topics.telemetry(neighbour.sn), JSON.stringify(sample(k)), { qos: 1 });
      }
    }
    // QoS 0 has no acknowledgement to wait for: every message is either taken or refused.
    await waitFor(() => {
      const s = ingest.stats();
      return s.received - receivedBefore + s.rateLimited - before === total + 5;
    });
    const seconds = (Date.now() - started) / 1000;
    await ingest.flush();
    const stored = (await rows(flooder.id)).length;
    // The burst and the steady rate over the flood's duration are stored; the rest is refused.
    expect(stored).toBeGreaterThanOrEqual(DEVICE_LIMITS.burstMessages);
    expect(stored).toBeLessThanOrEqual(
      DEVICE_LIMITS.burstMessages + DEVICE_LIMITS.messagesPerSecond * Math.ceil(seconds + 1),
    );
    expect(ingest.stats().rateLimited - before).toBe(total - stored);
    // What the console's Ingest page reads (manage/ingest).
    const status = ingestStatusOf(ingest, broker, { count: 0, sumSeconds: 0 });
    expect(status.rateLimited).toBe(ingest.stats().rateLimited);
    expect(status.rateLimitedDevices[0]).toMatchObject({
      serialNumber: flooder.sn,
      messages: total - stored,
    });
    expect(lines.filter((l) => l.sn === flooder.sn && /message rate/.test(l.msg))).toHaveLength(1);
    expect((await rows(neighbour.id)).length).toBe(5);
  });
});

describe('the device gate on MQTT (issue 31)', () => {
  it('drops a message with a number out of the gate bounds whole, counts it, and stores the next one', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const c = await connect(d);
    const before = ingest.stats();
    // JSON carries no NaN or Infinity; 1e308 and 1e16 are where columns and sums break.
    for (const W of [1e308, -1e308, 1e16]) {
      await c.publishAsync(topics.telemetry(d.sn), JSON.stringify(sample(1, { W })), { qos: 1 });
    }
    await c.publishAsync(topics.telemetry(d.sn), JSON.stringify(sample(2, { W: -0 })), { qos: 1 });
    expect(await rows(d.id)).toEqual([0]);
    const after = ingest.stats();
    expect(after.droppedByLimits - before.droppedByLimits).toBe(3);
    expect(after.failed).toBe(before.failed);
  });
});

describe('the device gate on MQTT alarms (issue 31)', () => {
  it('refuses an alarm event dated 0001 or 9999 and raises nothing', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const c = await connect(d);
    const before = ingest.alarmStats().invalid;
    for (const ts of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      await c.publishAsync(topics.alarm(d.sn), JSON.stringify({ ts, code: 'ID001', active: true }), {
        qos: 1,
      });
    }
    await ingest.flush();
    const raised = await t.db.query('SELECT id FROM alarms WHERE device_id = $1', [d.id]);
    expect(raised.rows).toEqual([]);
    expect(ingest.alarmStats().invalid - before).toBe(2);
  });
});

describe('invalid point names', () => {
  it('refuses a point name or text value with a NUL as an invalid message, not a failed write', async () => {
    const d = await createTestDevice(t.db, 'inverter');
    const c = await connect(d);
    const before = ingest.stats();
    await c.publishAsync(topics.telemetry(d.sn), JSON.stringify({ ts: ts0, points: { 'W\u0000': 1 } }), {
      qos: 1,
    });
    await c.publishAsync(
      topics.telemetry(d.sn),
      JSON.stringify({ ts: ts0 + 1000, points: { W: 1, Note: 'a\u0000b' } }),
      { qos: 1 },
    );
    await c.publishAsync(topics.telemetry(d.sn), JSON.stringify(sample(9)), { qos: 1 });
    await waitFor(async () => (await rows(d.id)).length === 1);
    const after = ingest.stats();
    expect(after.invalid - before.invalid).toBe(2);
    expect(after.failed).toBe(before.failed);
    expect(after.writeErrors).toBe(before.writeErrors);
  });
});

describe('Mosquitto with deploy/mosquitto.conf', () => {
  let mq: TestMosquitto | null = null;
  afterAll(async () => {
    await mq?.dispose();
  });

  it('disconnects a client that publishes a packet over 256 KB, and takes one just under it', async () => {
    mq = process.env.MQTT_URL ? null : await startTestMosquitto();
    const url = process.env.MQTT_URL ?? mq!.url;
    const sn = `LIMIT${Date.now().toString(36)}`;
    const ok = await mqtt.connectAsync(url, { clientId: `${sn}-ok`, reconnectPeriod: 0 }, false);
    clients.push(ok);
    // 256 KB in all: 2-byte fixed header + 4-byte length, 2 + topic, 2-byte packet id, then the payload.
    const topic = topics.telemetry(sn);
    const fits = DEVICE_LIMITS.maxPacketBytes - (1 + 3 + 2 + topic.length + 2);
    await ok.publishAsync(topic, 'x'.repeat(fits), { qos: 1 });

    const big = await mqtt.connectAsync(url, { clientId: sn, reconnectPeriod: 0 }, false);
    clients.push(big);
    const closed = new Promise<void>((resolve) => big.once('close', () => resolve()));
    big.publish(topic, 'x'.repeat(DEVICE_LIMITS.maxPacketBytes), { qos: 1 });
    await closed;
    expect(big.connected).toBe(false);
    expect(ok.connected).toBe(true);
  });
});
