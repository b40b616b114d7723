/**
 * Issue 2 §8: a device publishes over MQTT with a real client (through the embedded broker, or the
 * MQTT_URL one), the ingest stores it, and the owner reads the values back through the API.
 */
import type { ListRealSchema } from '@ems/contract/api/station';
import { topics } from '@ems/contract/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildStation, buildUser, signIn } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/helper';
import { startTestIngest, type TestIngest } from './test-ingest';

type ListReal = { status: number; data: z.infer<typeof ListRealSchema> };

describe('ingest → API', () => {
  let t: TestApp;
  let ing: TestIngest;
  let token = '';
  let stationId = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    ing = await startTestIngest({ db: t.db, config: t.config });
    const owner = await buildUser(t.db);
    stationId = (await buildStation(t.db, { ownerId: owner.id, systemType: 6, templateCode: 'storage' })).id;
    token = await signIn(t.app, owner);
  });
  afterAll(async () => {
    await ing.stop();
    await t.close();
  });

  const listReal = async () => {
    const res = await t.app.inject({
      url: `/owner_api/webpvesc/ajax/station/list/real?stationIds=${stationId}`,
      headers: { token },
    });
    return res.json() as ListReal;
  };

  it('shows what a device published as live values of its site, and a replay changes nothing', async () => {
    const inverter = await ing.addDevice('inverter', stationId);
    const battery = await ing.addDevice('battery', stationId);
    const inv = await ing.connectDevice(inverter);
    const bat = await ing.connectDevice(battery);
    const ts = Date.now() - 1000;
    const invSample = { ts, points: { W: 3456, WH: 1_000_000, TmpCab: 41 } };
    await inv.publishAsync(topics.telemetry(inverter.sn), JSON.stringify(invSample), { qos: 1 });
    await bat.publishAsync(
      topics.telemetry(battery.sn),
      JSON.stringify({ ts, points: { W: -1200, SoC: 57 } }),
      {
        qos: 1,
      },
    );

    await ing.waitFor(
      async () => (await listReal()).data[0]?.devices?.every((d) => d.ts !== null) ?? false,
      10_000,
    );
    const site = (await listReal()).data[0]!;
    expect(site.online).toBe(true);
    expect(site.flow.pvW).toBe(3456);
    expect(site.flow.batteryW).toBe(-1200);
    expect(site.flow.soc).toBe(57);
    const invLive = site.devices!.find((d) => d.deviceId === inverter.id)!;
    expect(invLive.points).toMatchObject({ W: 3456, WH: 1_000_000, TmpCab: 41 });
    expect(invLive.ts).toBe(new Date(ts).toISOString());

    // The logger replays the same sample after a link drop: stored once, nothing moves.
    const before = ing.ingest.stats().duplicates;
    await inv.publishAsync(topics.telemetry(inverter.sn), JSON.stringify({ samples: [invSample] }), {
      qos: 1,
    });
    await ing.waitFor(() => ing.ingest.stats().duplicates > before, 10_000);
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1',
      [inverter.id],
    );
    expect(rows.rows[0]!.n).toBe(1);
    expect((await listReal()).data[0]!.flow.pvW).toBe(3456);
  });
});
