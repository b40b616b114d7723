/**
 * Issue 23: two server processes on one host, each with its NODE_NAME, keep their own persistent ingest
 * session on an external broker (ingestClientId). Before NODE_NAME both were `ems-ingest-{hostname}`,
 * and the second connection took the first's session over, again and again. On a throwaway Mosquitto
 * (defined only where it is installed, as the other Mosquitto tests).
 */
import { topics } from '@ems/contract/telemetry';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { type Ingest, ingestClientId, startIngest } from './ingest';
import { createTestDevice, createTestStation } from './test-ingest';
import { startTestMosquitto, type TestMosquitto } from './test-mosquitto';

const log = pino({ level: 'silent' });

describe('two ingest nodes on one host (NODE_NAME)', () => {
  let t: TestApp;
  let mosquitto: TestMosquitto;
  const nodes: Ingest[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    mosquitto = await startTestMosquitto();
  });
  afterAll(async () => {
    for (const n of nodes) await n.stop();
    await mosquitto?.dispose();
    await t?.close();
  });

  it('each keeps its own session and takes the devices’ messages', async () => {
    expect(ingestClientId('node-a')).not.toBe(ingestClientId('node-b'));
    for (const name of ['node-a', 'node-b']) {
      const ingest = await startIngest({
        db: t.db,
        log,
        mqttUrl: mosquitto.url,
        clientId: ingestClientId(name),
      });
      await ingest.ready;
      nodes.push(ingest);
    }
    const device = await createTestDevice(t.db, 'inverter', await createTestStation(t.db));
    const client = await mqtt.connectAsync(mosquitto.url, { clientId: device.sn });
    const sample = { ts: Date.now(), points: { P: 1200 } };
    for (let i = 0; i < 5; i++) {
      await client.publishAsync(
        topics.telemetry(device.sn),
        JSON.stringify({ ...sample, ts: sample.ts + i }),
        {
          qos: 1,
        },
      );
      await new Promise((r) => setTimeout(r, 300));
    }
    await client.endAsync();
    // A node whose session was taken over would be reconnecting and miss messages.
    expect(nodes.map((n) => n.stats().messages)).toEqual([5, 5]);
  });
});
