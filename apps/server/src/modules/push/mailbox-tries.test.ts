/**
 * Issue 31 item 5: a mailbox's verification code takes 3 tries (docs/push.md, spec §5 account codes).
 * After three wrong codes the right one no longer verifies: the wrong tries were rolled back with the
 * refused verification before, so any number of guesses could be made.
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

describe('push/mailbox/verify', () => {
  it('refuses the right code after 3 wrong ones, and leaves the mailbox unverified', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const email = `tries-${user.id}@example.com`;
    const added = await post(t.app, `${PUSH}/mailbox/add`, { email }, { token });
    const box = added.json().data as { id: number };
    const code = await latestCodeTo(t.db, email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 3; i++) {
      const r = await post(t.app, `${PUSH}/mailbox/verify`, { id: box.id, validCode: wrong }, { token });
      expect(r.json().status).not.toBe(0);
    }
    const right = await post(t.app, `${PUSH}/mailbox/verify`, { id: box.id, validCode: code }, { token });
    expect(right.json().status).not.toBe(0);
    const list = await t.app.inject({ method: 'GET', url: `${PUSH}/mailbox/list`, headers: { token } });
    expect(
      (list.json().data as { email: string; verified: boolean }[]).find((m) => m.email === email),
    ).toMatchObject({
      verified: false,
    });
  });

  it('still verifies with the right code after 2 wrong ones', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const email = `two-${user.id}@example.com`;
    const box = (await post(t.app, `${PUSH}/mailbox/add`, { email }, { token })).json().data as {
      id: number;
    };
    const code = await latestCodeTo(t.db, email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 2; i++)
      await post(t.app, `${PUSH}/mailbox/verify`, { id: box.id, validCode: wrong }, { token });
    const right = await post(t.app, `${PUSH}/mailbox/verify`, { id: box.id, validCode: code }, { token });
    expect(right.json()).toMatchObject({ status: 0 });
  });
});
