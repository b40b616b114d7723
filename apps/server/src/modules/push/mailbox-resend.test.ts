/**
 * POST push/mailbox/add for an address already listed: a mailbox not verified yet gets a new code (the
 * screen's "resend", 60 s after the last one), a verified one is refused as already listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { latestCodeTo, post } from '../account/test-account';

const PUSH = '/owner_api/webpvesc/ajax/push';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** Makes every code sent to `address` look a minute older, as if the resend wait had passed. */
const waitPassed = (address: string) =>
  t.db.query(
    `UPDATE verification_codes SET created_at = created_at - interval '61 seconds' WHERE address = $1`,
    [address],
  );

describe('push/mailbox/add again', () => {
  it('re-sends the code of an unverified mailbox after 60 s and the new code verifies it', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const email = `resend-${user.id}@example.com`;
    const first = await post(t.app, `${PUSH}/mailbox/add`, { email }, { token });
    expect(first.json()).toMatchObject({ status: 0, data: { email, verified: false } });
    const box = first.json().data as { id: number };
    const oldCode = await latestCodeTo(t.db, email);

    const tooSoon = await post(t.app, `${PUSH}/mailbox/add`, { email }, { token });
    expect(tooSoon.statusCode).toBe(429);

    await waitPassed(email);
    const again = await post(t.app, `${PUSH}/mailbox/add`, { email }, { token });
    expect(again.json()).toMatchObject({ status: 0, data: { id: box.id, email, verified: false } });
    const newCode = await latestCodeTo(t.db, email);
    const list = await t.app.inject({ method: 'GET', url: `${PUSH}/mailbox/list`, headers: { token } });
    expect((list.json().data as { email: string }[]).filter((m) => m.email === email)).toHaveLength(1);

    if (newCode !== oldCode) {
      const stale = await post(
        t.app,
        `${PUSH}/mailbox/verify`,
        { id: box.id, validCode: oldCode },
        { token },
      );
      expect(stale.json().status).not.toBe(0);
    }
    const ok = await post(t.app, `${PUSH}/mailbox/verify`, { id: box.id, validCode: newCode }, { token });
    expect(ok.json()).toMatchObject({ status: 0 });

    await waitPassed(email);
    const verified = await post(t.app, `${PUSH}/mailbox/add`, { email }, { token });
    expect(verified.json()).toMatchObject({
      msg: 'This mailbox is already on your list',
      data: { field: 'email' },
    });
  });

  it('says a right code sent more than 10 minutes ago expired, pointing to Resend (issue 34 item 4)', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const email = `late-${user.id}@example.com`;
    const box = (await post(t.app, `${PUSH}/mailbox/add`, { email }, { token })).json().data as {
      id: number;
    };
    const code = await latestCodeTo(t.db, email);
    await t.db.query(
      `UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE address = $1`,
      [email],
    );
    const late = await post(
      t.app,
      `${PUSH}/mailbox/verify`,
      { id: box.id, validCode: code },
      { token, languageId: 3 },
    );
    expect(late.json()).toMatchObject({
      status: 40000,
      msg: 'Este código de verificação expirou: use “Reenviar código” para receber um novo',
    });
  });
});
