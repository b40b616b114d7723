/**
 * LISTEN on PostgreSQL survives a lost connection (decisions 0014 and 0018): the listener says when it
 * stops and starts listening again, and neither the badge counter nor the session cache built on it
 * serves what missed a change while nobody listened. Runs on DATABASE_URL's PostgreSQL, else on a
 * throwaway one when the server binaries are installed (as in CI).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { createAuthService } from '../modules/auth/service';
import { createBadgeCounter } from '../modules/social/badge-cache';
import { newSessionToken } from '../security/session-token';
import { countingDb } from '../test/counting-db';
import { buildAlarm, buildStation, buildUser } from '../test/factories';
import { scratchPostgres } from '../test/helper';
import { type DbHandle, openDb } from './client';
import { migrate } from './migrate';
import { createPgListener } from './pg-listen';

/** Ends every connection of `applicationName` on the current database; their pids. */
async function terminate(admin: pg.Client, applicationName: string): Promise<number[]> {
  // Two steps: in one statement the planner may call pg_terminate_backend before the filter.
  const pids = await pidsOf(admin, applicationName);
  for (const pid of pids) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  return pids;
}

/** Pids of the connections of `applicationName` on the current database. */
async function pidsOf(admin: pg.Client, applicationName: string): Promise<number[]> {
  const r = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
    [applicationName],
  );
  return r.rows.map((x) => x.pid);
}

/** Waits for what follows a reconnect, which a loaded machine may delay by seconds. */
const patient = { timeout: 10_000, interval: 50 };

describe('LISTEN on PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let admin: pg.Client;
  beforeAll(async () => {
    scratch = await scratchPostgres('ems_listen');
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await scratch?.drop();
  });

  /** Runs `fn` on an app database handle of the scratch database (migrated), closed afterwards. */
  async function onAppDb(fn: (db: DbHandle) => Promise<void>): Promise<void> {
    const db = await openDb({ url: scratch.url }, { onConnectionError: () => {} });
    try {
      await migrate(db);
      await fn(db);
    } finally {
      await db.close();
    }
  }

  /** Ends the process's listening connection and waits until PostgreSQL no longer lists it. */
  async function dropListener(): Promise<void> {
    expect(await terminate(admin, 'ems listen')).toHaveLength(1);
    await vi.waitFor(async () => expect(await pidsOf(admin, 'ems listen')).toEqual([]), patient);
  }

  it('hands over payloads in commit order, per channel, and says when it lost and regained the connection', async () => {
    const events: (string | boolean)[] = [];
    const other: (string | boolean)[] = [];
    const listener = createPgListener(scratch.url, { retryMs: 50, onError: () => {} });
    try {
      const stop = await listener.listen('test_channel', {
        onNotify: (p) => events.push(p),
        onListening: (now) => events.push(now),
      });
      const stopOther = await listener.listen('other_channel', {
        onNotify: (p) => other.push(p),
        onListening: (now) => other.push(now),
      });
      expect(await pidsOf(admin, 'ems listen')).toHaveLength(1); // one connection for both channels
      await admin.query(`SELECT pg_notify('test_channel', 'one'), pg_notify('other_channel', 'x')`);
      await admin.query(`NOTIFY test_channel, 'two'`);
      await vi.waitFor(() => expect(events).toEqual([true, 'one', 'two']), patient);
      await vi.waitFor(() => expect(other).toEqual([true, 'x']), patient);

      expect(await terminate(admin, 'ems listen')).toHaveLength(1);
      await vi.waitFor(() => expect(events.slice(3)).toEqual([false, true]), patient);
      await admin.query(`NOTIFY test_channel, 'three'`);
      await admin.query(`NOTIFY other_channel, 'y'`);
      await vi.waitFor(() => expect(events.slice(5)).toEqual(['three']), patient);
      await vi.waitFor(() => expect(other.slice(2)).toEqual([false, true, 'y']), patient);

      // The connection ends with the last channel, and none comes back.
      await stopOther();
      expect(await pidsOf(admin, 'ems listen')).toHaveLength(1);
      await stop();
      await new Promise((r) => setTimeout(r, 150));
      expect(await pidsOf(admin, 'ems listen')).toEqual([]);
    } finally {
      await listener.close();
    }
  });

  it('badge counts never miss a change made while the listening connection was down', () =>
    onAppDb(async (db) => {
      const user = await buildUser(db, { userName: 'Lis' });
      const site = await buildStation(db, { ownerId: user.id, name: 'Lis roof' });
      const { handle, statements } = countingDb(db);
      const counter = await createBadgeCounter(handle);
      const session = { userId: user.id, sessionId: 0, loginName: user.loginName, roles: [] };
      try {
        expect((await counter.counts(session)).alarms.count).toBe(0);
        const before = statements();
        expect((await counter.counts(session)).alarms.count).toBe(0);
        expect(statements()).toBe(before);

        // The connection drops; an alarm is raised before the listener is back (it waits 500 ms).
        await dropListener();
        await buildAlarm(db, { stationId: site.id, alarmLevel: 5 });
        // Counted afresh while nobody listens (once the client saw its connection end)…
        await vi.waitFor(async () => expect((await counter.counts(session)).alarms.count).toBe(1), patient);
        // …and reloaded, then held again, once it listens again. The connection shows in
        // pg_stat_activity before its LISTEN is answered, so wait for a count that takes no statement.
        await vi.waitFor(async () => {
          const held = statements();
          expect((await counter.counts(session)).alarms).toMatchObject({ count: 1, byLevel: { fatal: 1 } });
          expect(statements()).toBe(held);
        }, patient);
      } finally {
        await counter.close();
      }
    }));

  it('a session revoked while the listening connection was down is refused, not served from memory', () =>
    onAppDb(async (db) => {
      const user = await buildUser(db, { userName: 'Rev' });
      const { token, tokenHash } = newSessionToken();
      await db.query(
        `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
        [user.id, tokenHash],
      );
      const auth = createAuthService({ db, config: loadConfig({ SIMULATOR: 'off', LOG_LEVEL: 'silent' }) });
      // Cached for minutes once the notices are heard (decision 0018).
      await vi.waitFor(async () => expect(await pidsOf(admin, 'ems listen')).toHaveLength(1), patient);
      expect((await auth.authenticate(token)).userId).toBe(user.id);

      await dropListener();
      // Revoked while nobody hears it: its notice is lost.
      await admin.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash]);
      await vi.waitFor(
        async () => expect(auth.authenticate(token)).rejects.toMatchObject({ status: 1000 }),
        patient,
      );
    }));
});
