/**
 * list/real's "today" after a logger replays old samples (issue 12: late samples correct their figures):
 * the counter reading at the start of the day is cached per device, and a replayed sample from before
 * that start must replace it at the next poll, not after the cache entry expires (10 minutes).
 */
import type { StationReal } from '@ems/contract/api/station';
import { topics } from '@ems/contract/telemetry';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestIngest, type TestIngest } from '../../ingest/test-ingest';
import { startOfDayAt } from '../../shared/zoned-time';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let ing: TestIngest;
let token: string;
let stationId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ing = await startTestIngest({ db: t.db, config: t.config });
  const owner = await buildUser(t.db);
  token = await signIn(t.app, owner);
  stationId = await ing.addStation(owner.id);
});

afterAll(async () => {
  await ing?.stop();
  await t?.close();
});

async function productionToday(): Promise<number | null> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/owner_api/webpvesc/ajax/station/list/real?stationIds=${stationId}&isSimple=true`,
    headers: { token },
  });
  return (res.json() as { data: StationReal[] }).data[0]!.today.productionKwh;
}

it('takes a replayed reading from before midnight as the day’s baseline at the next poll', async () => {
  const inv = await ing.addDevice('inverter', stationId);
  const c = await ing.connectDevice(inv);
  const now = Date.now();
  const midnight = startOfDayAt(now, 'Europe/Prague');
  const storedCount = async () =>
    (await t.db.query('SELECT 1 FROM telemetry WHERE device_id = $1', [inv.id])).rows.length;

  // Today's first reading reaches the platform before the buffered ones: no earlier reading yet, so the
  // day starts at this one.
  await c.publishAsync(
    topics.telemetry(inv.sn),
    JSON.stringify({ ts: now, points: { W: 900, WH: 10_000 } }),
    {
      qos: 1,
    },
  );
  await ing.waitFor(async () => (await storedCount()) === 1);
  expect(await productionToday()).toBe(0);

  // The logger then replays its buffer: a reading from an hour before local midnight.
  await c.publishAsync(
    topics.telemetry(inv.sn),
    JSON.stringify({ ts: midnight - 3_600_000, points: { W: 0, WH: 4_000 } }),
    { qos: 1 },
  );
  await ing.waitFor(async () => (await productionToday()) === 6);
  await c.endAsync();
});

it('counts a device’s first day from its first reading, not from the end of that reading’s 5-minute bucket', async () => {
  const inv = await ing.addDevice('inverter', stationId);
  const c = await ing.connectDevice(inv);
  // Two readings in one 5-minute bucket of today, before the first poll: the bucket's maximum (10,400 Wh)
  // is the second reading, the day's first reading is 10,000 Wh.
  let now = Date.now();
  const midnight = startOfDayAt(now, 'Europe/Prague');
  if (now < midnight + 3000) await new Promise((r) => setTimeout(r, midnight + 3000 - now));
  now = Date.now();
  const bucket = Math.max(midnight, Math.floor((now - 3000) / 300_000) * 300_000);
  await c.publishAsync(
    topics.telemetry(inv.sn),
    JSON.stringify({
      samples: [
        { ts: bucket + 1000, points: { W: 900, WH: 10_000 } },
        { ts: bucket + 2000, points: { W: 900, WH: 10_400 } },
      ],
    }),
    { qos: 1 },
  );
  await ing.waitFor(
    async () =>
      (await t.db.query('SELECT 1 FROM telemetry WHERE device_id = $1', [inv.id])).rows.length === 2,
  );
  const res = await t.app.inject({
    method: 'GET',
    url: `/owner_api/webpvesc/ajax/station/list/real?stationIds=${stationId}&isSimple=false`,
    headers: { token },
  });
  const site = (res.json() as { data: StationReal[] }).data[0]!;
  const device = site.devices?.find((d) => d.deviceId === inv.id);
  expect(device?.todayKwh).toBe(0.4);
  await c.endAsync();
});
