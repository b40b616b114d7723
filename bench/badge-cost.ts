/**
 * Database time of one top-bar badge call on PGlite, in process (issue 10 §6, decision 0014): the old
 * direct count (badgeCounts, still PostgreSQL's path) against the in-memory counter (badge-cache.ts),
 * unchanged and with an alarm raised every 24 calls. In process and serial, so the figures hold on a
 * busy machine where the HTTP bench (list-real.ts) is mostly noise. Same data as list-real.ts.
 *
 * Run alone: `node --import tsx bench/badge-cost.ts`. Knob: BADGE_COST_CALLS (calls per case, default 1000).
 */
import { performance } from 'node:perf_hooks';
import type { SessionUser } from '../apps/server/src/http/context';
import { createBadgeCounter } from '../apps/server/src/modules/social/badge-cache';
import { badgeCounts } from '../apps/server/src/modules/social/badges';
import { buildAlarm } from '../apps/server/src/test/factories';
import { openBenchDb } from './harness';
import { seedBenchSites } from './list-real-fixture';
import { printTable, type Row } from './table';

const CALLS = Number(process.env.BADGE_COST_CALLS ?? 1000);

const { db, close } = await openBenchDb('PGlite', 'badge-cost');
const owners = await seedBenchSites(db);
const ids = await db.query<{ id: number; login_name: string }>(
  `SELECT id, login_name FROM users WHERE login_name LIKE 'bench_owner_%' ORDER BY id`,
);
const users: SessionUser[] = ids.rows.map((u) => ({
  userId: u.id,
  sessionId: 0,
  loginName: u.login_name,
  roles: [],
}));
const counter = await createBadgeCounter(db);

/** Mean µs per call of `f` over CALLS serial calls. */
async function perCall(f: (i: number) => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) await f(i);
  return Math.round(((performance.now() - t0) * 1000) / CALLS);
}

const raise = (i: number) =>
  i % 24 === 0 ? buildAlarm(db, { stationId: owners[i % owners.length]!.stationId, alarmLevel: 2 }) : null;
const rows: Row[] = [];
for (let round = 1; round <= 3; round++) {
  rows.push({
    round,
    'direct µs/call': await perCall((i) => badgeCounts(db, users[i % users.length]!, 1)),
    'cached, unchanged µs/call': await perCall((i) => counter.counts(users[i % users.length]!, 1)),
    'cached + alarm every 24 µs/call': await perCall(async (i) => {
      await raise(i);
      return counter.counts(users[i % users.length]!, 1);
    }),
    'alarm inserts alone µs/call': await perCall(async (i) => raise(i)),
  });
}
printTable('user/badges database time per call on PGlite (in process)', rows);
await counter.close();
await close();
process.exit(0);
