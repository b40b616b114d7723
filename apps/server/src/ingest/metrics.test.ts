/**
 * Visible (issue 11): the ingest's counters reach the administrator's console route (admin only) and
 * Prometheus at /metrics on the metrics port, and they move with real MQTT traffic.
 */
import { topics } from '@ems/contract/telemetry';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../modules/admin/test-admin';
import { buildUser, signIn } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/helper';
import { gateRefusedList } from './device-gate';
import { createIngestMetrics, startMetricsServer } from './metrics';
import { ingestStatusOf, publishIngestStatus, readIngestStatus } from './status';
import { startTestIngest, type TestIngest } from './test-ingest';

let t: TestApp;
let ing: TestIngest;
let retract: () => void;
let server: { port: number; close(): Promise<void> };
const ROUTE = '/owner_api/webpvesc/ajax/manage/ingest';

beforeAll(async () => {
  t = await buildTestApp();
  const metrics = createIngestMetrics(readIngestStatus);
  ing = await startTestIngest({ db: t.db, config: t.config, onBatch: metrics.observeBatch });
  retract = publishIngestStatus(() => ingestStatusOf(ing.ingest, ing.broker, metrics.times));
  server = await startMetricsServer({
    registry: metrics.registry,
    host: '127.0.0.1',
    port: 0,
    log: pino({ level: 'silent' }),
  });
});

afterAll(async () => {
  retract?.();
  await server?.close();
  await ing?.stop();
  await t?.close();
});

/** One counter's value in Prometheus text. */
function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no metric ${name}`);
  return Number(line.split(' ')[1]);
}

describe('ingest status and metrics', () => {
  it('counts a stored sample on the console route and at /metrics', async () => {
    const admin = await signInAdmin(t.app);
    const before = (await t.app.inject({ method: 'GET', url: ROUTE, headers: { token: admin } })).json();
    expect(before.status).toBe(0);

    type Gate = { protocol: string; reason: string; messages: number };
    const gate = (d: { gateRefused: Gate[] }, protocol: string, reason: string) =>
      d.gateRefused.find((x) => x.protocol === protocol && x.reason === reason)?.messages;

    const dev = await ing.addDevice('inverter');
    const c = await ing.connectDevice(dev);
    await c.publishAsync(
      topics.telemetry(dev.sn),
      JSON.stringify({ ts: Date.UTC(2026, 10, 22, 10), points: { W: 5 } }),
      { qos: 1 },
    );
    await c.publishAsync(topics.telemetry(dev.sn), '{broken', { qos: 1 });
    // A sample dated 0001 is refused by the device gate (issue 31), counted by protocol and reason.
    await c.publishAsync(
      topics.telemetry(dev.sn),
      JSON.stringify({ ts: '0001-01-01T00:00:00Z', points: { W: 5 } }),
      { qos: 1 },
    );
    // A SunSpec gateway's refused input is counted under `gateway`, apart from other MQTT devices.
    const gw = await ing.addDevice('gateway');
    const g = await ing.connectDevice(gw);
    await g.publishAsync(
      topics.telemetry(gw.sn),
      JSON.stringify({ ts: '9999-12-31T00:00:00Z', points: { W: 5 } }),
      { qos: 1 },
    );
    await ing.waitFor(
      () =>
        ing.ingest.stats().stored > before.data.samplesStored &&
        ing.ingest.stats().invalid > 0 &&
        gateRefusedList().every(
          (g) =>
            g.reason !== 'timestamp' ||
            g.protocol === 'ocpp' ||
            g.messages > gate(before.data, g.protocol, g.reason)!,
        ),
    );

    const after = (await t.app.inject({ method: 'GET', url: ROUTE, headers: { token: admin } })).json();
    expect(after.data.samplesStored).toBe(before.data.samplesStored + 1);
    expect(after.data.invalidMessages).toBe(before.data.invalidMessages + 1);
    expect(after.data).toMatchObject({ linkUp: true, broker: ing.broker ? 'embedded' : 'external' });
    expect(after.data.batches).toBeGreaterThan(0);
    expect(after.data.gateRefused).toHaveLength(12);
    expect(gate(after.data, 'mqtt', 'timestamp')).toBe(gate(before.data, 'mqtt', 'timestamp')! + 1);
    expect(gate(after.data, 'gateway', 'timestamp')).toBe(gate(before.data, 'gateway', 'timestamp')! + 1);

    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(metric(text, 'ems_ingest_samples_stored_total')).toBe(after.data.samplesStored);
    expect(metric(text, 'ems_ingest_messages_invalid_total')).toBe(after.data.invalidMessages);
    expect(metric(text, 'ems_ingest_broker_link_up')).toBe(1);
    expect(metric(text, 'ems_ingest_queue_depth')).toBe(0);
    expect(metric(text, 'ems_ingest_batch_duration_seconds_count')).toBeGreaterThan(0);
    // The console's gate counts are Prometheus's, protocol by protocol and reason by reason.
    for (const g of after.data.gateRefused as Gate[]) {
      const line = `ems_device_gate_refused_total{protocol="${g.protocol}",reason="${g.reason}"} ${g.messages}`;
      expect(text.split('\n')).toContain(line);
    }
    expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
  });

  it('refuses an owner on the console route (40300)', async () => {
    const owner = await buildUser(t.db);
    const token = await signIn(t.app, owner);
    const res = await t.app.inject({ method: 'GET', url: ROUTE, headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 40300, data: null });
  });
});
