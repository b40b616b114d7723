import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { loginAs } from '../auth/test-login';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
});
afterAll(async () => t?.close());

describe('language/list', () => {
  it('lists the four languages without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/owner_api/webpvesc/ajax/language/list' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 0,
      msg: 'Operation succeeded',
      data: [
        { id: 1, languageCode: 'en-US', languageName: 'English' },
        { id: 2, languageCode: 'zh-CN', languageName: '简体中文' },
        { id: 3, languageCode: 'pt-BR', languageName: 'Português (Brasil)' },
        { id: 4, languageCode: 'cs-CZ', languageName: 'Čeština' },
      ],
    });
  });
});

describe('dictionary/list', () => {
  const url = '/owner_api/webpvesc/ajax/dictionary/list';

  it('returns time zones and currency symbols for repeated keys', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}?keys=sys_timezone&keys=sys_currencysymbol&languageId=2`,
      headers: { token },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.msg).toBe('操作成功');
    expect(body.data.sys_timezone).toContainEqual({
      dictLabel: '(UTC+01:00) Europe/Berlin',
      dictValue: 'Europe/Berlin',
    });
    expect(body.data.sys_timezone.length).toBeGreaterThan(400);
    expect(body.data.sys_currencysymbol).toContainEqual({ dictLabel: '€', dictValue: 'EUR' });
  });

  it('returns only the key asked for', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}?keys=sys_currencysymbol`,
      headers: { token },
    });
    expect(Object.keys(res.json().data)).toEqual(['sys_currencysymbol']);
  });

  it('refuses an unknown key as illegal input', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?keys=sys_password`, headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(40000);
  });

  it('needs a token: HTTP 401 status 1000', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?keys=sys_timezone` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: 1000,
      msg: 'You have been logged out, you can stay on this page or sign in again',
    });
  });
});
