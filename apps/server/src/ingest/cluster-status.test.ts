/**
 * Issue 23: the console's ingest counters are the whole platform's whichever process answers. Two database
 * handles on one PostgreSQL stand for two server processes (a throwaway PostgreSQL in every pass).
 */
import type { IngestStatus } from '@ems/contract/api/ingest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../db/client';
import { type ClusterStatus, combineIngestStatus, shareIngestStatus } from './cluster-status';
import { startTestPostgres, type TestPostgres } from './test-postgres';

const status = (stored: number, batches: number, meanBatchMs: number, linkUp = true): IngestStatus => ({
  broker: 'external',
  linkUp,
  connectedClients: null,
  messagesReceived: stored + 5,
  samplesReceived: stored + 5,
  samplesStored: stored,
  duplicatesIgnored: 5,
  invalidMessages: 0,
  badTimestamps: 0,
  unknownDeviceMessages: 1,
  droppedByLimits: 0,
  rateLimited: 0,
  rateLimitedDevices: [],
  gateRefused: [
    { protocol: 'ocpp', reason: 'connector', messages: stored / 1000 },
    { protocol: 'gateway', reason: 'timestamp', messages: 1 },
  ],
  oversizePackets: 0,
  samplesFailed: 0,
  writeErrors: 0,
  batches,
  queueDepth: 2,
  lastBatchMs: meanBatchMs * 2,
  meanBatchMs,
  nodes: [],
});

describe('ingest counters of several server processes', () => {
  let pg: TestPostgres;
  const dbs: DbHandle[] = [];
  const shared: ClusterStatus[] = [];

  beforeAll(async () => {
    pg = await startTestPostgres();
    for (let i = 0; i < 2; i++) dbs.push(await openDb({ url: pg.url }));
  }, 60_000);
  afterAll(async () => {
    for (const s of shared) await s.stop();
    for (const d of dbs) await d.close();
    pg?.dispose();
  });

  it('each process hears the other’s counters, and the console sums them, its own first', async () => {
    const a = status(1000, 10, 4);
    const b = status(3000, 30, 8, false);
    shared.push(await shareIngestStatus(dbs[0]!, 'node-a', () => a));
    shared.push(await shareIngestStatus(dbs[1]!, 'node-b', () => b));
    // Each tells its counters at once on start; the first to start told before the other listened, and
    // tells again within STATUS_SHARE_MS.
    for (let waited = 0; waited < 8_000 && shared.some((s) => s.others().length === 0); waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(shared[0]!.others().map((o) => o.name)).toEqual(['node-b']);
    expect(shared[1]!.others().map((o) => o.name)).toEqual(['node-a']);

    const seenFromA = combineIngestStatus('node-a', a, shared[0]!.others());
    expect(seenFromA).toMatchObject({
      samplesStored: 4000,
      messagesReceived: 4010,
      duplicatesIgnored: 10,
      batches: 40,
      queueDepth: 4,
      linkUp: false,
      lastBatchMs: 16,
      meanBatchMs: 7,
    });
    // The device gate's refusals are summed per protocol and reason too.
    expect(seenFromA.gateRefused).toEqual([
      { protocol: 'ocpp', reason: 'connector', messages: 4 },
      { protocol: 'gateway', reason: 'timestamp', messages: 2 },
    ]);
    expect(seenFromA.nodes.map((n) => [n.name, n.samplesStored, n.linkUp])).toEqual([
      ['node-a', 1000, true],
      ['node-b', 3000, false],
    ]);
    // A process not heard from for STATUS_STALE_MS is left out.
    expect(shared[0]!.others(Date.now() + 60_000)).toEqual([]);
  }, 30_000);
});
