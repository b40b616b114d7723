import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBusinessError } from '../../test/answers';
import { buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { loginAs, signIn as rawSignIn } from '../auth/test-login';
import { signInAdmin } from './test-admin';

let t: TestApp;
let admin: string;
let demo: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  demo = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
});
afterAll(async () => t?.close());

const M = '/owner_api/webpvesc/ajax/manage';
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });
const post = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { token }, payload });
const userInfo = (token: string) => get('/owner_api/webpvesc/ajax/user/info', token);

describe('console refusals', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', `${M}/users`],
    ['POST', `${M}/users/edit`, { userId: 1, usertype: 2 }],
    ['GET', `${M}/languages`],
    ['POST', `${M}/languages/edit`, { id: 1, languageName: 'Hacked' }],
    ['GET', `${M}/dictionaries`],
    ['POST', `${M}/dictionaries/edit`, { dictType: 'sys_currencysymbol', dictLabel: 'X', dictValue: 'XXX' }],
    ['POST', `${M}/dictionaries/del`, { id: 1 }],
    ['GET', `${M}/app/versions`],
    ['POST', `${M}/app/versions/create`, { platform: 'android', versionName: '9.9', versionCode: 99 }],
  ];

  it('answers the demo owner 无操作权限 (HTTP 200, 40300) on every console call with languageId=2', async () => {
    for (const [method, url, body] of calls) {
      const res =
        method === 'GET'
          ? await get(`${url}?languageId=2`, demo)
          : // As the web client does (spec §7), the language rides in the header too: a console call is
            // refused before its body, where the other copy of languageId sits, is read.
            await t.app.inject({
              method: 'POST',
              url,
              headers: { token: demo, languageid: '2' },
              payload: body,
            });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 40300, msg: '无操作权限', data: null });
    }
  });

  it('refuses an ordinary user even when its body is invalid, in pt-BR by header', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: `${M}/users/edit`,
      headers: { token, languageid: '3' },
      payload: { userId: 'nope' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 40300, msg: 'Sem permissão para esta operação', data: null });
  });

  it('needs a token: HTTP 401, status 1000', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${M}/users` });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(1000);
  });
});

describe('manage/users', () => {
  it('lists users with their station counts and filters by login name, user name or e-mail', async () => {
    const owner = await buildUser(t.db, { userName: 'Zoe Filterable', email: 'zoe@solar.example' });
    await buildStation(t.db, { ownerId: owner.id });
    await buildStation(t.db, { ownerId: owner.id });
    for (const filterText of ['filterable', owner.loginName.toUpperCase(), 'solar.EXAMPLE']) {
      const res = await get(`${M}/users?filterText=${encodeURIComponent(filterText)}`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe(0);
      expect(body.data.total).toBe(1);
      expect(body.data.rows[0]).toMatchObject({
        id: owner.id,
        loginName: owner.loginName,
        userName: 'Zoe Filterable',
        email: 'zoe@solar.example',
        emailVerified: false,
        usertype: 1,
        roles: [],
        disabled: false,
        stationCount: 2,
      });
      expect(new Date(body.data.rows[0].createdAt).getTime()).not.toBeNaN();
    }
  });

  it('pages through every user and takes % literally', async () => {
    const all = (await get(`${M}/users?pageSize=200`, admin)).json().data;
    expect(all.rows.map((u: { loginName: string }) => u.loginName)).toEqual(
      expect.arrayContaining(['admin', 'demo']),
    );
    expect(all.rows.find((u: { loginName: string }) => u.loginName === 'admin').roles).toEqual(['admin']);
    const page2 = (await get(`${M}/users?pageSize=1&pageNum=2`, admin)).json().data;
    expect(page2.total).toBe(all.total);
    expect(page2.rows).toEqual([all.rows[1]]);
    const percent = (await get(`${M}/users?filterText=%25`, admin)).json().data;
    expect(percent).toEqual({ rows: [], total: 0 });
  });

  it('changes a user type, which the user sees in user/info', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const res = await post(`${M}/users/edit`, admin, { userId: user.id, usertype: 3 });
    expect(res.json()).toMatchObject({ status: 0, data: { id: user.id, usertype: 3, disabled: false } });
    expect((await userInfo(token)).json().data.usertype).toBe(3);
  });

  it('refuses a user type outside 1–4', async () => {
    const res = await post(`${M}/users/edit`, admin, { userId: 1, usertype: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(40000);
  });

  it('disabling kills the user’s sessions at once and stops sign-in; enabling lets it sign in again', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    expect((await userInfo(token)).json().status).toBe(0); // now cached by the auth service
    const res = await post(`${M}/users/edit`, admin, { userId: user.id, disabled: true });
    expect(res.json()).toMatchObject({ status: 0, data: { disabled: true } });
    const after = await userInfo(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(1000);
    const again = await rawSignIn(t.app, user.loginName, user.password);
    expect(again.json()).toMatchObject({ status: 40101, msg: 'This account is disabled' });

    await post(`${M}/users/edit`, admin, { userId: user.id, disabled: false });
    const fresh = await signIn(t.app, user);
    expect((await userInfo(fresh)).json().status).toBe(0);
    expect((await userInfo(token)).json().status).toBe(1000); // revoked sessions stay dead
  });

  it('an administrator cannot disable themself', async () => {
    const adminId = (await userInfo(admin)).json().data.id;
    const res = await post(`${M}/users/edit`, admin, { userId: adminId, disabled: true, languageId: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 40300, msg: '不能禁用自己的账号', data: null });
    expect((await userInfo(admin)).json().status).toBe(0);
  });

  it('answers 40400 for an unknown user', async () => {
    const res = await post(`${M}/users/edit`, admin, { userId: 999_999, usertype: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(40400);
  });
});

describe('manage/languages', () => {
  it('lists the languages and renames one, which language/list then shows', async () => {
    const list = await get(`${M}/languages`, admin);
    expect(list.json().data).toHaveLength(4);
    const res = await post(`${M}/languages/edit`, admin, { id: 3, languageName: 'Português' });
    expect(res.json()).toMatchObject({
      status: 0,
      data: { id: 3, languageCode: 'pt-BR', languageName: 'Português' },
    });
    const pub = await t.app.inject({ method: 'GET', url: '/owner_api/webpvesc/ajax/language/list' });
    expect(pub.json().data[2]).toEqual({ id: 3, languageCode: 'pt-BR', languageName: 'Português' });
  });

  it('refuses < or > in a name and an unknown id', async () => {
    const angle = await post(`${M}/languages/edit`, admin, { id: 1, languageName: '<b>English</b>' });
    expect(angle.statusCode).toBe(200);
    expect(angle.json()).toMatchObject({ status: 40000, msg: 'The characters < and > are not allowed' });
    const unknown = await post(`${M}/languages/edit`, admin, { id: 77, languageName: 'Klingon' });
    expectBusinessError(unknown, 40400);
  });
});
