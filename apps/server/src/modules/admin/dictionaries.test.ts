import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBusinessError } from '../../test/answers';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { loginAs } from '../auth/test-login';
import { signInAdmin } from './test-admin';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

const BASE = '/owner_api/webpvesc/ajax/manage/dictionaries';
const list = (query: string) =>
  t.app.inject({ method: 'GET', url: `${BASE}?${query}`, headers: { token: admin } });
const post = (path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${BASE}${path}`, headers: { token: admin }, payload });
const currencies = async () => {
  const token = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
  const res = await t.app.inject({
    method: 'GET',
    url: '/owner_api/webpvesc/ajax/dictionary/list?keys=sys_currencysymbol',
    headers: { token },
  });
  return res.json().data.sys_currencysymbol as { dictLabel: string; dictValue: string }[];
};

describe('manage/dictionaries', () => {
  it('pages the seeded items of one type and filters by label or value', async () => {
    const zones = (await list('dictType=sys_timezone&pageSize=5')).json();
    expect(zones.status).toBe(0);
    expect(zones.data.rows).toHaveLength(5);
    expect(zones.data.total).toBeGreaterThan(400);
    expect(zones.data.rows.every((r: { dictType: string }) => r.dictType === 'sys_timezone')).toBe(true);
    const berlin = (await list('filterText=berlin')).json().data;
    expect(berlin.rows).toContainEqual(
      expect.objectContaining({ dictType: 'sys_timezone', dictValue: 'Europe/Berlin' }),
    );
    const euro = (await list('dictType=sys_currencysymbol&filterText=EUR')).json().data;
    expect(euro.rows.map((r: { dictValue: string }) => r.dictValue)).toContain('EUR');
  });

  it('creates, updates and deletes an item; dictionary/list follows', async () => {
    const created = await post('/edit', {
      dictType: 'sys_currencysymbol',
      dictLabel: '₿',
      dictValue: 'XBT',
      sort: 500,
    });
    expect(created.json()).toMatchObject({
      status: 0,
      data: { dictType: 'sys_currencysymbol', dictLabel: '₿', dictValue: 'XBT', sort: 500 },
    });
    const id = created.json().data.id as number;
    expect(await currencies()).toContainEqual({ dictLabel: '₿', dictValue: 'XBT' });

    const updated = await post('/edit', {
      id,
      dictType: 'sys_currencysymbol',
      dictLabel: 'BTC',
      dictValue: 'XBT',
    });
    expect(updated.json()).toMatchObject({ status: 0, data: { id, dictLabel: 'BTC', sort: 0 } });
    expect(await currencies()).toContainEqual({ dictLabel: 'BTC', dictValue: 'XBT' });

    const deleted = await post('/del', { id });
    expect(deleted.json()).toEqual({ status: 0, msg: 'Operation succeeded', data: null });
    expect((await currencies()).map((c) => c.dictValue)).not.toContain('XBT');
    const again = await post('/del', { id });
    expectBusinessError(again, 40400);
  });

  it('refuses a second item with the same type and value, on create and on update, in zh-CN', async () => {
    const dup = await post('/edit', {
      dictType: 'sys_currencysymbol',
      dictLabel: 'Euro again',
      dictValue: 'EUR',
      languageId: 2,
    });
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toEqual({ status: 40000, msg: '该字典中已存在相同值的条目', data: null });

    const other = await post('/edit', { dictType: 'sys_currencysymbol', dictLabel: 'Z', dictValue: 'ZZZ' });
    const id = other.json().data.id as number;
    const clash = await post('/edit', {
      id,
      dictType: 'sys_currencysymbol',
      dictLabel: 'Z',
      dictValue: 'EUR',
    });
    expect(clash.json()).toMatchObject({
      status: 40000,
      msg: 'This dictionary already has an item with this value',
    });
    // The same value under another type is fine (uniqueness is per type).
    const tz = await post('/edit', {
      dictType: 'sys_timezone',
      dictLabel: 'ZZZ zone',
      dictValue: 'Etc/GMT+3',
    });
    expect(tz.json().status).toBe(0);
  });

  it('refuses an unknown time zone, an unknown type, an empty label and an unknown id', async () => {
    const zone = await post('/edit', {
      dictType: 'sys_timezone',
      dictLabel: 'Mars',
      dictValue: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(200);
    expect(zone.json()).toMatchObject({ status: 40000, msg: 'Illegal input' });
    const type = await post('/edit', { dictType: 'sys_password', dictLabel: 'x', dictValue: 'y' });
    expectBusinessError(type, 40000);
    const empty = await post('/edit', { dictType: 'sys_currencysymbol', dictLabel: ' ', dictValue: 'QQQ' });
    expect(empty.json()).toMatchObject({ status: 40000, msg: 'This field cannot be empty' });
    const unknown = await post('/edit', {
      id: 987_654,
      dictType: 'sys_currencysymbol',
      dictLabel: 'Q',
      dictValue: 'QQQ',
    });
    expectBusinessError(unknown, 40400);
  });
});
