import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { signInAdmin } from '../admin/test-admin';

const BASE = '/owner_api/webpvesc/ajax/report';

type Factor = { country: string; kgPerKwh: number; custom: boolean };
type Answer<T> = { status: number; msg: string; data: T };

/**
 * CO2 factors of reports (issue 8 §3), as the console's screen uses them: anyone signed in reads the
 * list; only the administrator sets or drops a country's value; refusals and invalid input answer
 * in the caller's language.
 */
describe('CO2 factor calls', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;

  const list = async (tok: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/co2-factors`, headers: { token: tok } });
    return res.json() as Answer<Factor[]>;
  };
  const send = async (method: 'PUT' | 'POST', path: string, payload: object, tok: string) => {
    const res = await t.app.inject({ method, url: `${BASE}/${path}`, headers: { token: tok }, payload });
    return res.json() as Answer<null>;
  };
  const set = (payload: object, tok = admin) => send('PUT', 'co2-factors', payload, tok);
  const drop = (payload: object, tok = admin) => send('POST', 'co2-factors/del', payload, tok);

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signIn(t.app, await buildUser(t.db));
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('lists the defaults to anyone signed in, none of them custom', async () => {
    const body = await list(owner);
    expect(body.status).toBe(0);
    expect(body.data.find((f) => f.country === 'DE')).toEqual({
      country: 'DE',
      kgPerKwh: 0.38,
      custom: false,
    });
    expect(body.data.every((f) => !f.custom)).toBe(true);
    const countries = body.data.map((f) => f.country);
    expect(countries).toEqual([...countries].sort());
  });

  it('refuses a non-administrator’s change and reset with 无操作权限 in zh-CN', async () => {
    const put = await set({ country: 'DE', kgPerKwh: 0.9, languageId: 2 }, owner);
    expect(put).toMatchObject({ status: 40300, msg: '无操作权限' });
    const del = await drop({ country: 'DE', languageId: 1 }, owner);
    expect(del.status).toBe(40300);
    expect((await list(owner)).data.find((f) => f.country === 'DE')?.kgPerKwh).toBe(0.38);
  });

  it('refuses a malformed country or a factor out of range, in the caller’s language', async () => {
    const lower = await set({ country: 'de', kgPerKwh: 0.5, languageId: 2 });
    expect(lower).toMatchObject({ status: 40000, msg: '非法输入' });
    const tooBig = await set({ country: 'DE', kgPerKwh: 7, languageId: 1 });
    expect(tooBig.status).not.toBe(0);
    expect(tooBig.msg).not.toBe('');
    const negative = await set({ country: 'DE', kgPerKwh: -0.1, languageId: 1 });
    expect(negative.status).not.toBe(0);
    expect((await list(owner)).data.find((f) => f.country === 'DE')?.kgPerKwh).toBe(0.38);
  });

  it('sets a default country’s value and a new country, then drops them back to the defaults', async () => {
    expect((await set({ country: 'DE', kgPerKwh: 0.31 })).status).toBe(0);
    expect((await set({ country: 'FR', kgPerKwh: 0.06 })).status).toBe(0);
    let factors = (await list(owner)).data;
    expect(factors.find((f) => f.country === 'DE')).toEqual({ country: 'DE', kgPerKwh: 0.31, custom: true });
    expect(factors.find((f) => f.country === 'FR')).toEqual({ country: 'FR', kgPerKwh: 0.06, custom: true });

    expect((await drop({ country: 'DE' })).status).toBe(0);
    expect((await drop({ country: 'FR' })).status).toBe(0);
    factors = (await list(owner)).data;
    expect(factors.find((f) => f.country === 'DE')).toEqual({ country: 'DE', kgPerKwh: 0.38, custom: false });
    expect(factors.some((f) => f.country === 'FR')).toBe(false);
  });
});
