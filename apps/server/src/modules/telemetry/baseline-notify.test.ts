/**
 * Issue 23: with several ingest nodes, the node that takes a logger's replayed samples in is not the one
 * serving the site's list/real. Two database handles on one PostgreSQL stand for two server processes
 * (a throwaway PostgreSQL in every pass: PGlite has one process). Issue 36 §1: a replaying ingest tells
 * the others at most once per REPLAY_NOTIFY_MS (a NOTIFY serialises commits database-wide).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestDevice } from '../../ingest/test-ingest';
import { startTestPostgres, type TestPostgres } from '../../ingest/test-postgres';
import { writeSamples } from '../../ingest/writer';
import { type BaselineCache, createBaselineCache, REPLAY_CHANNEL, REPLAY_NOTIFY_MS } from './baseline-cache';

describe('start-of-day baselines cached by several processes', () => {
  let pg: TestPostgres;
  let a: DbHandle;
  let b: DbHandle;
  const caches: BaselineCache[] = [];

  beforeAll(async () => {
    pg = await startTestPostgres();
    a = await openDb({ url: pg.url });
    b = await openDb({ url: pg.url });
    await migrate(a);
  }, 60_000);
  afterAll(async () => {
    for (const c of caches) await c.close();
    await a?.close();
    await b?.close();
    pg?.dispose();
  });

  it('drops the other process’s cached baseline when one process stores a replayed older reading', async () => {
    const ingestNode = createBaselineCache(a);
    const apiNode = createBaselineCache(b);
    caches.push(ingestNode, apiNode);
    const device = await createTestDevice(a, 'inverter');
    const dayStart = new Date(Date.now() - 3_600_000);
    const sample = (ts: number, wh: number) => ({
      deviceId: device.id,
      ts: new Date(ts),
      w: 1000,
      soc: null,
      eIn: wh,
      eOut: null,
      points: { W: 1000, WH: wh },
    });
    const request = [{ deviceId: device.id, before: dayStart, eIn: true, eOut: false }];
    const baseline = async () => (await apiNode.get(request)).get(device.id)?.eIn;

    // Today's first reading: no earlier one, so the day starts at it; the API node caches that.
    await writeSamples(a, [sample(Date.now() - 60_000, 10_000)]);
    expect(await baseline()).toBe(10_000);

    // The logger replays a reading from before the day began; the ingest node stores it.
    const replayedAt = dayStart.getTime() - 600_000;
    await writeSamples(a, [sample(replayedAt, 9_000)]);
    ingestNode.sampleWritten(device.id, replayedAt);

    // The API node's next poll (list/real polls every 5 s) reads it: 9,000 is the day's baseline now.
    let seen: number | null | undefined;
    for (let waited = 0; waited < 5_000; waited += 100) {
      seen = await baseline();
      if (seen === 9_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toBe(9_000);
    // The poll can see 9,000 before the ingest node's NOTIFY goes out (the API node's listener starting
    // also drops its cache); let it go out now, or the next test's listener counts this device as its 41st.
    await new Promise((r) => setTimeout(r, REPLAY_NOTIFY_MS + 500));
  }, 60_000);

  it('tells a second of replays in one NOTIFY, every device in it', async () => {
    const ingestNode = createBaselineCache(a);
    caches.push(ingestNode);
    const payloads: string[] = [];
    const unlisten = await b.listen(REPLAY_CHANNEL, {
      onNotify: (p) => payloads.push(p),
      onListening: () => {},
    });
    try {
      const old = Date.now() - 2 * 86_400_000;
      // 400 replayed samples of 40 devices over 40 event-loop turns, as an ingest's batches commit them.
      for (let turn = 0; turn < 40; turn++) {
        for (let d = 0; d < 10; d++)
          ingestNode.sampleWritten(1000 + ((turn * 10 + d) % 40), old + turn * 1000);
        await new Promise((r) => setImmediate(r));
      }
      await new Promise((r) => setTimeout(r, REPLAY_NOTIFY_MS + 1500));
      // One, or two should the 40 turns straddle a flush on a slow machine; one per turn without the limit.
      expect(payloads.length).toBeGreaterThanOrEqual(1);
      expect(payloads.length).toBeLessThanOrEqual(2);
      const told = new Map<number, number>();
      for (const pair of payloads.join(',').split(',')) {
        const [id, ts] = pair.split(':').map(Number) as [number, number];
        told.set(id, Math.min(ts, told.get(id) ?? ts));
      }
      expect(told.size).toBe(40);
      // Each device's earliest replay is what the others need.
      expect(told.get(1000)).toBe(old);
      expect(told.get(1039)).toBe(old + 3000);
    } finally {
      await unlisten();
    }
  }, 60_000);
});
