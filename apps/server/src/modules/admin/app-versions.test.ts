import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBusinessError } from '../../test/answers';
import { buildTestApp, type TestApp } from '../../test/helper';
import { signInAdmin } from './test-admin';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

const last = (query = '') =>
  t.app.inject({ method: 'GET', url: `/owner_api/webpvesc/ajax/app/version/last${query}` });
const create = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/owner_api/webpvesc/ajax/manage/app/versions/create',
    headers: { token: admin },
    payload,
  });
const android = (versionCode: number, versionName: string) => ({
  platform: 'android',
  versionName,
  versionCode,
  downloadUrl: `https://downloads.example.com/app-${versionName}.apk`,
  releaseNotes: `Release ${versionName}`,
});

describe('app versions', () => {
  it('app/version/last is public and empty before anything is published', async () => {
    const res = await last();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: 'Operation succeeded', data: [] });
  });

  it('publishes versions; last gives the newest per platform; the console lists all newest first', async () => {
    const first = await create(android(100, 'V2.4.1'));
    expect(first.json()).toMatchObject({
      status: 0,
      data: { platform: 'android', versionName: 'V2.4.1', versionCode: 100, forceUpdate: false },
    });
    await create({ ...android(101, 'V2.4.2'), forceUpdate: true });
    await create({
      platform: 'ios',
      versionName: '2.4.0',
      versionCode: 7,
      downloadUrl: '',
      releaseNotes: 'iOS',
    });

    const newest = (await last()).json().data;
    expect(newest).toHaveLength(2);
    expect(newest[0]).toMatchObject({
      platform: 'android',
      versionName: 'V2.4.2',
      versionCode: 101,
      forceUpdate: true,
    });
    expect(newest[1]).toMatchObject({ platform: 'ios', versionCode: 7, downloadUrl: null });
    expect((await last('?platform=ios')).json().data.map((v: { platform: string }) => v.platform)).toEqual([
      'ios',
    ]);

    const all = await t.app.inject({
      method: 'GET',
      url: '/owner_api/webpvesc/ajax/manage/app/versions',
      headers: { token: admin },
    });
    expect(all.json().data.map((v: { versionCode: number }) => v.versionCode)).toEqual([7, 101, 100]);
  });

  it('refuses a versionCode that does not grow on its platform (data out of range)', async () => {
    for (const code of [101, 50]) {
      const res = await create({ ...android(code, 'V2.4.3'), languageId: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 42200, msg: '数据超出范围', data: null });
    }
    expect((await last('?platform=android')).json().data[0].versionCode).toBe(101);
  });

  it('refuses a malformed version name, a bad URL and an unknown platform', async () => {
    expect((await create(android(200, 'latest'))).json()).toMatchObject({
      status: 40000,
      msg: 'Illegal input',
    });
    const url = await create({ ...android(200, 'V3.0'), downloadUrl: 'not a url' });
    expect(url.json()).toMatchObject({ status: 40000, msg: 'Please enter a correct URL' });
    expectBusinessError(await create({ ...android(200, 'V3.0'), platform: 'symbian' }), 40000);
    expectBusinessError(await last('?platform=symbian'), 40000);
  });
});
