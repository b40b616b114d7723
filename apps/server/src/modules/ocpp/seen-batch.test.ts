import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { migrate } from '../../db/migrate';
import { buildDevice, buildStation } from '../../test/factories';
import { openTestDb } from '../../test/helper';
import { createSeenBatch } from './seen-batch';

let db: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrate(db);
});
afterAll(async () => {
  await drop();
});

/** Counts the statements `inner` runs. */
function counting(inner: DbHandle): { db: DbHandle; statements: () => number } {
  let n = 0;
  const db: DbHandle = {
    ...inner,
    query: ((text: string, params?: unknown[], name?: string) => {
      n++;
      return inner.query(text, params, name);
    }) as DbHandle['query'],
  };
  return { db, statements: () => n };
}

describe('heartbeats written together', () => {
  it('marks 200 chargers seen and clears their communication-loss alarms in two statements', async () => {
    const station = await buildStation(db, { systemType: 2 });
    const chargers = await Promise.all(
      Array.from({ length: 200 }, () => buildDevice(db, { stationId: station.id, deviceType: 'charger' })),
    );
    const ids = chargers.map((d) => d.id);
    await db.query(
      `INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, catalog, source, started_at)
       SELECT $1, id, 'COMM_LOSS', 2, 'Communication lost', 'platform', 'offline', now() - interval '1 hour'
       FROM unnest($2::int[]) AS id`,
      [station.id, ids],
    );
    const c = counting(db);
    const batch = createSeenBatch(c.db, pino({ level: 'silent' }), 60_000);
    for (const id of ids) batch.add(id);
    for (const id of ids) batch.add(id);
    expect(c.statements()).toBe(0);
    await batch.flush();
    expect(c.statements()).toBe(2);
    const seen = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_latest WHERE device_id = ANY($1::int[]) AND last_seen_at > now() - interval '1 minute'`,
      [ids],
    );
    expect(seen.rows[0]!.n).toBe(200);
    const open = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM alarms WHERE device_id = ANY($1::int[]) AND cleared_at IS NULL',
      [ids],
    );
    expect(open.rows[0]!.n).toBe(0);
    await batch.flush();
    expect(c.statements()).toBe(2);
  });

  it('writes on its own within its interval', async () => {
    const station = await buildStation(db, { systemType: 2 });
    const charger = await buildDevice(db, { stationId: station.id, deviceType: 'charger' });
    const batch = createSeenBatch(db, pino({ level: 'silent' }), 50);
    batch.add(charger.id);
    const seenAt = async () =>
      (await db.query('SELECT last_seen_at FROM device_latest WHERE device_id = $1', [charger.id])).rows
        .length;
    for (let i = 0; i < 100 && (await seenAt()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await seenAt()).toBe(1);
  });
});
