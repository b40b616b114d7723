/**
 * Cached sessions follow the database (decision 0018, migration 0012): a session revoked, an account
 * disabled or its roles changed by any writer (here plain SQL, as another API process or psql would) is
 * refused at the next call, on PGlite at once and on PostgreSQL once the notice arrives, though nothing
 * told this process's cache; and while the notices are heard a looked-up session is kept for minutes,
 * not the 5 s that made every 5-s poll look it up again.
 */
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDb } from '../../test/counting-db';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { atNextCall, untilNoticed } from '../../test/notices';
import { ajax } from '../social/test-social';
import { createAuthService } from './service';

describe('session cache kept exact by database notices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh user signed in, whose token already sits in the cache. */
  async function signedIn(): Promise<{ id: number; token: string }> {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    expect((await ajax(t.app, token, 'GET', 'user/badges')).status).toBe(Status.OK);
    return { id: user.id, token };
  }

  /** The next call with `token` answers `status` (at once on PGlite, within 3 s on PostgreSQL). */
  const nextCallAnswers = (token: string, status: number) =>
    atNextCall(t.db, async () =>
      expect((await ajax(t.app, token, 'GET', 'user/badges')).status).toBe(status),
    );

  it('refuses a session revoked behind the API’s back', async () => {
    const { id, token } = await signedIn();
    await t.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [id]);
    await nextCallAnswers(token, Status.LOGGED_OUT);
  });

  it('refuses a session deleted, or whose account was disabled, behind the API’s back', async () => {
    const deleted = await signedIn();
    await t.db.query('DELETE FROM sessions WHERE user_id = $1', [deleted.id]);
    await nextCallAnswers(deleted.token, Status.TOKEN_INVALID);

    const disabled = await signedIn();
    await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [disabled.id]);
    await nextCallAnswers(disabled.token, Status.LOGGED_OUT);
  });

  it('drops an administrator role at the next call', async () => {
    const admin = await buildUser(t.db, { roles: ['admin'] });
    const token = await signIn(t.app, admin);
    expect((await ajax(t.app, token, 'GET', 'manage/users')).status).toBe(Status.OK);
    await t.db.query(`UPDATE users SET roles = '{}' WHERE id = $1`, [admin.id]);
    await atNextCall(t.db, async () =>
      expect((await ajax(t.app, token, 'GET', 'manage/users')).status).not.toBe(Status.OK),
    );
  });

  it('keeps a looked-up session for minutes while it hears the notices, and nothing else', async () => {
    const { id, token } = await signedIn();
    let clock = Date.now();
    const { handle, statements } = countingDb(t.db);
    const auth = createAuthService({ db: handle, config: t.config }, { now: () => clock });
    // Listening starts in the background (on PostgreSQL a connection of its own): retry until it did.
    await untilNoticed(async () => {
      await auth.authenticate(token);
      const before = statements();
      clock += 60_000;
      await auth.authenticate(token);
      expect(statements()).toBe(before);
    });
    // A change to another user's account leaves this session cached; one to its own session drops it.
    const other = await buildUser(t.db);
    await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [other.id]);
    const before = statements();
    await auth.authenticate(token);
    expect(statements()).toBe(before);
    await t.db.query(`UPDATE sessions SET expires_at = expires_at - interval '1 second' WHERE user_id = $1`, [
      id,
    ]);
    await atNextCall(t.db, async () => {
      const seen = statements();
      await auth.authenticate(token);
      expect(statements()).toBeGreaterThan(seen);
    });
  });
});
