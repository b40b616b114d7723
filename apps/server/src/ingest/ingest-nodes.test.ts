/**
 * Issue 23 §3: several ingest nodes divide the devices' messages on RabbitMQ (INGEST_AMQP_URL,
 * docs/decisions/0023-rabbitmq-ingest-queue.md). On a throwaway RabbitMQ running deploy/rabbitmq.conf:
 * the MQTT plugin acknowledges a device's QoS 1 message only once a queue has confirmed it, and two
 * in-process ingest nodes on one database each take a share of N messages, every message handled by
 * exactly one of them. The restart scenarios (a node killed, RabbitMQ restarted) are in
 * ingest-nodes-restart.test.ts. Defined wherever rabbitmq-server is installed (CI installs it).
 */
import { topics } from '@ems/contract/telemetry';
import amqplib from 'amqplib';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/helper';
import { type Ingest, startIngest } from './ingest';
import { INGEST_BINDINGS, MQTT_EXCHANGE, swapTopic, TELEMETRY_BINDINGS } from './ingest-amqp';
import { until } from './restart-harness';
import { createTestDevice, createTestStation } from './test-ingest';
import { startTestRabbitmq, type TestRabbitmq } from './test-rabbitmq';

const log = pino({ level: 'silent' });
const UNLIMITED = { perSecond: 1_000_000, burst: 1_000_000, burstWindowS: 1 };

describe('INGEST_AMQP_URL', () => {
  it('takes an amqp:// or amqps:// URL beside MQTT_URL, and says what is wrong otherwise', () => {
    const mqtt = 'mqtt://rabbit:1883';
    expect(loadConfig({ MQTT_URL: mqtt, INGEST_AMQP_URL: 'amqp://u:p@rabbit:5672' }).INGEST_AMQP_URL).toBe(
      'amqp://u:p@rabbit:5672',
    );
    expect(loadConfig({}).INGEST_AMQP_URL).toBeUndefined();
    expect(() => loadConfig({ MQTT_URL: mqtt, INGEST_AMQP_URL: 'http://rabbit' })).toThrow(
      /INGEST_AMQP_URL: an amqp:\/\/ or amqps:\/\/ URL/,
    );
    expect(() => loadConfig({ INGEST_AMQP_URL: 'amqp://rabbit' })).toThrow(/INGEST_AMQP_URL: needs MQTT_URL/);
  });

  it('binds the four device topics and the gateways’ announcements as RabbitMQ’s MQTT plugin names them, and maps them back', () => {
    expect(INGEST_BINDINGS).toEqual([
      'ems.v1.*.telemetry',
      'ems.v1.*.status',
      'ems.v1.*.alarm',
      'ems.v1.*.command.ack',
      'ems.v1.*.gateway.devices',
    ]);
    expect(TELEMETRY_BINDINGS).toEqual(['ems.v1.*.telemetry']);
    // A '.' in a serial number travels as '/' in the routing key, one word of it.
    expect(swapTopic('ems/v1/SN.1/command/ack')).toBe('ems.v1.SN/1.command.ack');
    expect(swapTopic('ems.v1.SN/1.command.ack')).toBe('ems/v1/SN.1/command/ack');
  });
});

describe('ingest nodes on RabbitMQ', () => {
  let t: TestApp;
  let rabbit: TestRabbitmq;
  const nodes: Ingest[] = [];
  beforeAll(async () => {
    [t, rabbit] = await Promise.all([buildTestApp(), startTestRabbitmq()]);
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) await n.stop();
    await rabbit?.dispose();
    await t?.close();
  });

  it('the MQTT plugin acknowledges a device’s message only once its queue accepted it', async () => {
    const amqp = await amqplib.connect(rabbit.amqpUrl);
    const ch = await amqp.createChannel();
    // A queue that holds one message and refuses (nacks) more.
    await ch.assertQueue('probe.full', {
      arguments: { 'x-max-length': 1, 'x-overflow': 'reject-publish' },
    });
    await ch.bindQueue('probe.full', MQTT_EXCHANGE, 'probe.full');
    const device = await mqtt.connectAsync(rabbit.mqttUrl, {
      clientId: 'probe',
      clean: false,
      protocolVersion: 4,
      reconnectPeriod: 100,
    });
    device.on('error', () => {});
    let drops = 0;
    device.on('close', () => drops++);
    const acked: string[] = [];
    const send = (body: string) =>
      device.publishAsync('probe/full', body, { qos: 1 }).then(() => void acked.push(body));
    await send('first');
    // The queue is full: RabbitMQ 3.10 answers the refusal by closing the device's connection, with no
    // PUBACK; the device keeps the message and resends it after each reconnect.
    const second = send('second');
    await until(() => drops >= 2, 30_000, 'the refused message to be resent');
    expect(acked).toEqual(['first']);
    // Room in the queue: the next resend is accepted, then acknowledged.
    expect(await ch.get('probe.full', { noAck: true })).toMatchObject({ content: Buffer.from('first') });
    await second;
    expect(acked).toEqual(['first', 'second']);
    expect(await ch.get('probe.full', { noAck: true })).toMatchObject({ content: Buffer.from('second') });
    await device.endAsync();
    await amqp.close();
  }, 60_000);

  it('two nodes divide N messages: each handled by exactly one node, both take a share', async () => {
    for (let i = 0; i < 2; i++) {
      const ingest = await startIngest({ db: t.db, log, amqpUrl: rabbit.amqpUrl, deviceRate: UNLIMITED });
      await ingest.ready;
      nodes.push(ingest);
    }
    const station = await createTestStation(t.db);
    const devices = await Promise.all([1, 2, 3, 4].map(() => createTestDevice(t.db, 'inverter', station)));
    const perDevice = 500;
    const total = devices.length * perDevice;
    const t0 = Date.now() - 86_400_000;
    await Promise.all(
      devices.map(async (d) => {
        const client = await mqtt.connectAsync(rabbit.mqttUrl, { clientId: d.sn, protocolVersion: 4 });
        // 50 in flight per device.
        for (let i = 0; i < perDevice; i += 50) {
          await Promise.all(
            Array.from({ length: 50 }, (_, k) =>
              client.publishAsync(
                topics.telemetry(d.sn),
                JSON.stringify({ ts: t0 + (i + k) * 1000, points: { W: 1 } }),
                {
                  qos: 1,
                },
              ),
            ),
          );
        }
        await client.endAsync();
      }),
    );
    const stored = () => nodes.reduce((sum, n) => sum + n.stats().stored, 0);
    await until(() => stored() >= total, 60_000, 'every message stored');
    const handled = nodes.map((n) => n.stats().messages);
    expect(handled[0]! + handled[1]!).toBe(total);
    expect(Math.min(...handled)).toBeGreaterThan(0);
    expect(nodes.map((n) => n.stats().duplicates)).toEqual([0, 0]);
    const r = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM telemetry WHERE device_id = ANY($1::int[])',
      [devices.map((d) => d.id)],
    );
    expect(r.rows[0]!.n).toBe(total);
  }, 90_000);

  it('one node at a time takes the devices’ events, in the order sent: a raise then a clear leaves no alarm open', async () => {
    const station = await createTestStation(t.db);
    const devices = await Promise.all([1, 2, 3].map(() => createTestDevice(t.db, 'inverter', station)));
    const before = nodes.map((n) => n.stats().events);
    const rounds = 20;
    const t0 = Date.now() - 3_600_000;
    await Promise.all(
      devices.map(async (d) => {
        const client = await mqtt.connectAsync(rabbit.mqttUrl, { clientId: d.sn, protocolVersion: 4 });
        // Back to back, all in flight at once: raised, cleared, raised, cleared, …
        await Promise.all(
          Array.from({ length: rounds * 2 }, (_, k) =>
            client.publishAsync(
              topics.alarm(d.sn),
              JSON.stringify({ ts: t0 + k * 1000, code: 'ID001', active: k % 2 === 0 }),
              { qos: 1 },
            ),
          ),
        );
        await client.endAsync();
      }),
    );
    const handled = () => nodes.map((n, i) => n.stats().events - before[i]!);
    await until(
      () => handled().reduce((a, b) => a + b, 0) >= devices.length * rounds * 2,
      60_000,
      'every event',
    );
    // Every event went to one node (the queue's single active consumer), not divided.
    expect(handled().sort((a, b) => a - b)).toEqual([0, devices.length * rounds * 2]);
    // Every device's last event clears its alarm at t0 + 39 s: once each has that clearing committed, none
    // may be open (a raise applied after its clearing would be).
    const ids = devices.map((d) => d.id);
    const lastClear = new Date(t0 + (rounds * 2 - 1) * 1000);
    const count = async (where: string, params: unknown[] = []) =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM alarms WHERE device_id = ANY($1::int[]) AND ${where}`,
          [ids, ...params],
        )
      ).rows[0]!.n;
    await until(
      async () => (await count('cleared_at = $2', [lastClear])) === devices.length,
      30_000,
      'the last clearing of every device committed',
    );
    expect(await count('cleared_at IS NULL')).toBe(0);
  }, 90_000);

  it('a node whose queue is deleted declares it again and consumes on', async () => {
    const amqp = await amqplib.connect(rabbit.amqpUrl);
    await (await amqp.createChannel()).deleteQueue('ems.ingest');
    await amqp.close();
    const device = await createTestDevice(t.db, 'inverter', await createTestStation(t.db));
    const client = await mqtt.connectAsync(rabbit.mqttUrl, { clientId: device.sn, protocolVersion: 4 });
    const handled = () => nodes.reduce((sum, n) => sum + n.stats().messages, 0);
    const before = handled();
    // Until the queue is back a message is routed nowhere: the device sends until one is handled.
    let ts = Date.now() - 3_600_000;
    await until(
      async () => {
        await client.publishAsync(
          topics.telemetry(device.sn),
          JSON.stringify({ ts: ts++, points: { W: 1 } }),
          {
            qos: 1,
          },
        );
        await new Promise((r) => setTimeout(r, 100));
        return handled() > before;
      },
      30_000,
      'a message handled after the queue was deleted',
    );
    await client.endAsync();
  }, 60_000);
});
