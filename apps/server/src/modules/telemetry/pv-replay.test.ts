/**
 * Issue 12: a measured PV profile (SMA Sunny Boy 7000TL-US, 5-minute AC power, see
 * /work/shared/data/pv-residential-sma7kw-taefc1044741/SOURCE.md) replayed through MQTT twice — as
 * power only and as power with a lifetime WH counter — and each day's energy from station/statistics
 * compared with an independent computation from the file (trapezoid, steps over 10 min count as none,
 * days cut in the site's zone) within 0.5 %.
 */
import { readFileSync } from 'node:fs';
import type { Statistics } from '@ems/contract/api/station';
import { topics } from '@ems/contract/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngest, type TestIngest } from '../../ingest/test-ingest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

const FILE = '/work/shared/data/pv-residential-sma7kw-taefc1044741/TAEFC1044741.csv';
/** The file's clock behaves like UTC for a western-US site (SOURCE.md), so the site is in Los Angeles. */
const TZ = 'America/Los_Angeles';
const FROM = '2016-06-01';
const TO = '2016-06-15';
const GAP_MS = 10 * 60_000;

interface Point {
  ts: number;
  w: number;
}

/** Rows of the file in [FROM, TO) (UTC clock), in W, without the −1,000,000 missing-data sentinel. */
function loadProfile(): Point[] {
  const out: Point[] = [];
  for (const line of readFileSync(FILE, 'utf8').split('\n').slice(1)) {
    const cols = line.split(',');
    if (cols.length < 5) continue;
    const ts = cols[2]!;
    const kw = Number(cols[4]);
    if (ts < FROM || ts >= TO || !Number.isFinite(kw) || kw < -1000) continue;
    out.push({ ts: Date.parse(`${ts.replace(' ', 'T')}Z`), w: kw * 1000 });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

const localDate = (ts: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ts);

/** Independent reference: kWh per local day, each step cut at local midnight by linear interpolation. */
function referenceDays(points: readonly Point[]): Map<string, number> {
  const days = new Map<string, number>();
  const add = (day: string, wh: number) => days.set(day, (days.get(day) ?? 0) + wh);
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    if (b.ts - a.ts > GAP_MS) continue;
    const [da, db] = [localDate(a.ts), localDate(b.ts)];
    const wh = (t0: number, w0: number, t1: number, w1: number) => (((w0 + w1) / 2) * (t1 - t0)) / 3_600_000;
    if (da === db) {
      add(da, wh(a.ts, a.w, b.ts, b.w));
      continue;
    }
    // Local midnight between the two samples: the first instant whose local date is db.
    let lo = a.ts;
    let hi = b.ts;
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2);
      if (localDate(mid) === db) hi = mid;
      else lo = mid;
    }
    const wMid = a.w + ((b.w - a.w) * (hi - a.ts)) / (b.ts - a.ts);
    add(da, wh(a.ts, a.w, hi, wMid));
    add(db, wh(hi, wMid, b.ts, b.w));
  }
  return new Map([...days].map(([d, wh]) => [d, wh / 1000]));
}

let t: TestApp;
let ing: TestIngest;

describe('replay of a measured PV profile through MQTT (issue 12)', () => {
  const profile = loadProfile();
  const reference = referenceDays(profile);
  let token = '';
  let ownerId = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    ing = await startTestIngest({ db: t.db, config: t.config });
    const owner = await buildUser(t.db);
    ownerId = owner.id;
    token = await signIn(t.app, owner);
  });
  afterAll(async () => {
    await ing?.stop();
    await t?.close();
  });

  /** Publishes the profile as a logger would: an hour of buffered samples per message. */
  async function replay(withCounter: boolean): Promise<number> {
    const stationId = await ing.addStation(ownerId);
    await t.db.query('UPDATE stations SET time_zone = $1 WHERE id = $2', [TZ, stationId]);
    const inv = await ing.addDevice('inverter', stationId);
    const client = await ing.connectDevice(inv);
    let counter = 40_000_000;
    let prev: Point | null = null;
    const samples = profile.map((p) => {
      if (prev && p.ts - prev.ts <= GAP_MS) counter += (((prev.w + p.w) / 2) * (p.ts - prev.ts)) / 3_600_000;
      prev = p;
      const points: Record<string, number> = { W: p.w };
      // A real counter sends whole Wh.
      if (withCounter) points.WH = Math.round(counter);
      return { ts: new Date(p.ts).toISOString(), points };
    });
    for (let i = 0; i < samples.length; i += 12) {
      await client.publishAsync(
        topics.telemetry(inv.sn),
        JSON.stringify({ samples: samples.slice(i, i + 12) }),
        {
          qos: 1,
        },
      );
    }
    await ing.waitFor(async () => {
      const res = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1',
        [inv.id],
      );
      return res.rows[0]!.n === samples.length;
    }, 60_000);
    await client.endAsync();
    return stationId;
  }

  async function monthDays(stationId: number): Promise<Statistics> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/owner_api/webpvesc/ajax/station/statistics?stationId=${stationId}&statisticsType=2&searchDate=2016-06-01`,
      headers: { token },
    });
    return (res.json() as { data: Statistics }).data;
  }

  it('has a reference with real days to compare', () => {
    expect(profile.length).toBeGreaterThan(2000);
    expect([...reference.values()].filter((kwh) => kwh > 10).length).toBeGreaterThanOrEqual(12);
  });

  it.each([
    ['power only', false, 'power'],
    ['power with a WH counter', true, 'counter'],
  ] as const)(
    'matches every day within half a percent, sent as %s',
    async (_name, withCounter, source) => {
      const stationId = await replay(withCounter);
      const month = await monthDays(stationId);
      expect(month.energySource).toBe(source);
      let compared = 0;
      for (const bucket of month.buckets) {
        const want = reference.get(bucket.label);
        // Days the counter device starts on have no earlier reading; compare whole days only.
        if (want === undefined || want < 1 || bucket.label === localDate(profile[0]!.ts)) continue;
        expect(bucket.productionKwh, bucket.label).not.toBeNull();
        expect(Math.abs(bucket.productionKwh! - want) / want, bucket.label).toBeLessThan(0.005);
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(12);
    },
    120_000,
  );
});
