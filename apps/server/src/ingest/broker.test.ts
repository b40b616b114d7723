import { topics } from '@ems/contract/telemetry';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker';
import { hashDeviceSecret, verifyDeviceSecret } from './device-secret';
import { createTestDevice, createTestStation, type TestDevice } from './test-ingest';

let t: TestApp;
let broker: EmbeddedBroker;
let a: TestDevice;
let b: TestDevice;
const clients: MqttClient[] = [];

async function connect(username: string, password: string, clientId = username): Promise<MqttClient> {
  const c = await mqtt.connectAsync(broker.url, { username, password, clientId, reconnectPeriod: 0 }, false);
  clients.push(c);
  return c;
}

let internalCount = 0;
const internal = () =>
  connect(broker.internal.username, broker.internal.password, `test-internal-${++internalCount}`);

function nextMessage(c: MqttClient): Promise<{ topic: string; text: string }> {
  return new Promise((resolve) =>
    c.once('message', (topic, payload) => resolve({ topic, text: payload.toString() })),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  broker = await startEmbeddedBroker({
    db: t.db,
    config: { ...t.config, MQTT_PORT: 0, HOST: '127.0.0.1' },
    log: pino({ level: 'silent' }),
  });
  const station = await createTestStation(t.db);
  a = await createTestDevice(t.db, 'inverter', station);
  b = await createTestDevice(t.db, 'meter', station);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await broker?.stop();
  await t?.close();
});

describe('device secrets', () => {
  it('verifies a secret against its stored SHA-256 only', () => {
    const hash = hashDeviceSecret('s3cret');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyDeviceSecret('s3cret', hash)).toBe(true);
    expect(verifyDeviceSecret('s3cret ', hash)).toBe(false);
    expect(verifyDeviceSecret('s3cret', 'abc')).toBe(false);
  });
});

describe('embedded broker authentication', () => {
  it('binds a free port when MQTT_PORT is 0', () => {
    expect(broker.port).toBeGreaterThan(0);
    expect(broker.port).not.toBe(1883);
  });

  it('accepts a device with its serial number and secret', async () => {
    const c = await connect(a.sn, a.secret);
    expect(c.connected).toBe(true);
  });

  it('refuses a wrong secret, an unknown serial number and a missing password', async () => {
    await expect(connect(a.sn, `${a.secret}x`)).rejects.toThrow(/bad username or password/i);
    await expect(connect('NO-SUCH-SN', a.secret)).rejects.toThrow(/bad username or password/i);
    await expect(connect(a.sn, '')).rejects.toThrow(/bad username or password/i);
  });

  it('refuses a client id other than the serial number', async () => {
    await expect(connect(a.sn, a.secret, 'someone-else')).rejects.toThrow(/not authorized/i);
  });

  it('accepts a device added after the broker started, without a restart', async () => {
    const late = await createTestDevice(t.db, 'battery');
    const c = await connect(late.sn, late.secret);
    expect(c.connected).toBe(true);
  });
});

describe('embedded broker topic authorisation', () => {
  it("drops a device's publish on another device's topic and disconnects it", async () => {
    const watcher = await internal();
    await watcher.subscribeAsync('ems/v1/#', { qos: 1 });
    const seen: string[] = [];
    watcher.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`));

    const ca = await connect(a.sn, a.secret);
    const closed = new Promise<void>((resolve) => ca.once('close', () => resolve()));
    ca.publish(topics.telemetry(b.sn), JSON.stringify({ ts: Date.now(), points: { W: 666 } }), { qos: 1 });
    await closed;

    const cb = await connect(b.sn, b.secret);
    await cb.publishAsync(topics.telemetry(b.sn), 'from b', { qos: 1 });
    await cb.publishAsync(topics.status(b.sn), '{"online":true}', { qos: 1, retain: true });
    await cb.publishAsync(topics.commandAck(b.sn), '{"id":"1"}', { qos: 1 });
    while (seen.length < 3) await nextMessage(watcher);
    expect(seen).toEqual([
      `${topics.telemetry(b.sn)} from b`,
      `${topics.status(b.sn)} {"online":true}`,
      `${topics.commandAck(b.sn)} {"id":"1"}`,
    ]);
  });

  it("refuses a subscription to another device's commands and delivers the device's own", async () => {
    const ca = await connect(a.sn, a.secret);
    await expect(ca.subscribeAsync(topics.command(b.sn), { qos: 1 })).rejects.toThrow(/subscribe error/i);
    await expect(ca.subscribeAsync('ems/v1/#', { qos: 1 })).rejects.toThrow(/subscribe error/i);
    await ca.subscribeAsync(topics.command(a.sn), { qos: 1 });

    const first = nextMessage(ca);
    const sender = await internal();
    await sender.publishAsync(topics.command(b.sn), 'for b', { qos: 1 });
    await sender.publishAsync(topics.command(a.sn), 'for a', { qos: 1 });
    expect(await first).toEqual({ topic: topics.command(a.sn), text: 'for a' });
  });

  it('does not let a device publish commands to itself or others', async () => {
    const watcher = await internal();
    await watcher.subscribeAsync(topics.command(a.sn), { qos: 1 });
    const ca = await connect(a.sn, a.secret);
    const closed = new Promise<void>((resolve) => ca.once('close', () => resolve()));
    ca.publish(topics.command(a.sn), 'self-command', { qos: 1 });
    await closed;
    const got = nextMessage(watcher);
    const sender = await internal();
    await sender.publishAsync(topics.command(a.sn), 'real command', { qos: 1 });
    expect((await got).text).toBe('real command');
  });
});
