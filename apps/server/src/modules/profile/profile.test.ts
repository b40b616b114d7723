import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const EDIT = '/owner_api/webpvesc/ajax/user/info/edit';
const edit = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: EDIT, headers: { token }, payload });
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/owner_api/webpvesc/ajax/${url}`, headers: { token } });
const valid = {
  userName: 'Maria Souza',
  nickname: 'maria',
  phone: '13812345678',
  timeZone: 'America/Sao_Paulo',
};

describe('user/info/edit', () => {
  it('saves name, nickname, phone and time zone; user/info shows them', async () => {
    const token = await signIn(t.app, await buildUser(t.db));
    const res = await edit(token, { ...valid, languageId: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, msg: 'Operação realizada com sucesso', data: valid });
    expect((await get('user/info', token)).json().data).toMatchObject(valid);
    // A landline with area code is a phone too; empty nickname and phone clear them.
    const again = await edit(token, { ...valid, phone: '010-1234567' });
    expect(again.json().data.phone).toBe('010-1234567');
    const cleared = await edit(token, { ...valid, nickname: '', phone: '' });
    expect(cleared.json().data).toMatchObject({ nickname: null, phone: null });
  });

  it('refuses a time zone Intl does not know, naming the field', async () => {
    const token = await signIn(t.app, await buildUser(t.db));
    for (const timeZone of ['Mars/Olympus_Mons', 'Europe/Berlin ', 'GMT+25']) {
      const res = await edit(token, { ...valid, timeZone, languageId: 2 });
      expect(res.statusCode, timeZone).toBe(200);
      expect(res.json(), timeZone).toEqual({ status: 40000, msg: '非法输入', data: { field: 'timeZone' } });
    }
    expect((await get('user/info', token)).json().data.timeZone).toBe('UTC');
  });

  it('refuses a bad phone, < or > in the nickname, and a one-letter name, each with its rule', async () => {
    const token = await signIn(t.app, await buildUser(t.db));
    const phone = await edit(token, { ...valid, phone: '12345', languageId: 2 });
    expect(phone.json()).toEqual({
      status: 40000,
      msg: '请输入正确的电话号码或者固话号码',
      data: { field: 'phone' },
    });
    const angle = await edit(token, { ...valid, nickname: '<script>' });
    expect(angle.json()).toEqual({
      status: 40000,
      msg: 'The characters < and > are not allowed',
      data: { field: 'nickname' },
    });
    const short = await edit(token, { ...valid, userName: 'M' });
    expect(short.json()).toEqual({
      status: 40000,
      msg: 'Length must be between 2 and 50 characters',
      data: { field: 'userName' },
    });
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: EDIT, payload: valid });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(1000);
  });
});

describe('user/plans', () => {
  it('lists the two plans, no current plan and the user type for a new user', async () => {
    const token = await signIn(t.app, await buildUser(t.db, { usertype: 2 }));
    const res = await get('user/plans', token);
    expect(res.json()).toEqual({
      status: 0,
      msg: 'Operation succeeded',
      data: {
        plans: [
          { months: 1, yuanPerYear: 1200 },
          { months: 3, yuanPerYear: 3600 },
        ],
        current: null,
        usertype: 2,
        pendingOrder: null,
      },
    });
  });

  it('shows the current plan until it ends', async () => {
    const expiresAt = new Date(Date.now() + 40 * 86_400_000);
    const user = await buildUser(t.db, { planMonths: 3, planExpiresAt: expiresAt });
    const token = await signIn(t.app, user);
    expect((await get('user/plans', token)).json().data.current).toEqual({
      months: 3,
      expiresAt: expiresAt.toISOString(),
    });
    await t.db.query("UPDATE users SET plan_expires_at = now() - interval '1 day' WHERE id = $1", [user.id]);
    expect((await get('user/plans', token)).json().data.current).toBeNull();
  });
});
