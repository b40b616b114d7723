import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_NAME } from '../../db/seed/accounts';
import { buildDevice, buildStation, buildUser, signIn, writeSynthetic } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { signInAdmin, TEST_ADMIN_PASSWORD } from '../admin/test-admin';
import { encryptPassword, fetchPublicKey, signIn as rawSignIn } from '../auth/test-login';

let t: TestApp;
let publicKey: string;
beforeAll(async () => {
  t = await buildTestApp();
  publicKey = await fetchPublicKey(t.app);
});
afterAll(async () => t?.close());

const del = (token: string, password: string, languageId?: number) =>
  t.app.inject({
    method: 'POST',
    url: '/owner_api/webpvesc/ajax/user/delete',
    headers: { token },
    payload: { password: encryptPassword(publicKey, password), languageId },
  });
const count = async (sql: string, params: unknown[]) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;

describe('user/delete', () => {
  it('refuses a wrong password and keeps the account', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const res = await del(token, 'Wrong@Pass1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 40000,
      msg: 'The current password is not correct',
      data: { field: 'password' },
    });
    expect(await count('users WHERE id = $1', [user.id])).toBe(1);
  });

  it('deletes the account with its stations, devices and data, and signs it out', async () => {
    const user = await buildUser(t.db);
    const other = await buildStation(t.db); // someone else's site stays
    const station = await buildStation(t.db, { ownerId: user.id });
    const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    const now = Date.now();
    await writeSynthetic(t.db, device, now - 3_600_000, now, 5, () => ({ w: 1000, eIn: 5000 }));
    const token = await signIn(t.app, user);
    const second = await signIn(t.app, user);

    const res = await del(token, user.password, 2);
    expect(res.json()).toEqual({ status: 0, msg: '账号注销成功', data: null });
    expect(await count('users WHERE id = $1', [user.id])).toBe(0);
    expect(await count('stations WHERE owner_id = $1', [user.id])).toBe(0);
    expect(await count('devices WHERE id = $1', [device.id])).toBe(0);
    expect(await count('telemetry WHERE device_id = $1', [device.id])).toBe(0);
    expect(await count('telemetry_5min WHERE device_id = $1', [device.id])).toBe(0);
    expect(await count('sessions WHERE user_id = $1', [user.id])).toBe(0);
    expect(await count('stations WHERE id = $1', [other.id])).toBe(1);

    for (const tok of [token, second]) {
      const info = await t.app.inject({
        method: 'GET',
        url: '/owner_api/webpvesc/ajax/user/info',
        headers: { token: tok },
      });
      // The session is gone with the account: the token names nothing (21000, spec §8 clears it).
      expect({ http: info.statusCode, status: info.json().status }).toEqual({ http: 200, status: 21000 });
    }
    expect((await rawSignIn(t.app, user.loginName, user.password)).json().status).toBe(40100);
  });

  it('refuses to delete the last administrator, and lets one of two go', async () => {
    const admin = await signInAdmin(t.app);
    const refused = await del(admin, TEST_ADMIN_PASSWORD, 2);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ status: 40300, msg: '不能注销最后一个管理员账号', data: null });

    const second = await buildUser(t.db, { roles: ['admin'] });
    const token = await signIn(t.app, second);
    expect((await del(token, second.password)).json().status).toBe(0);
    expect(await count("users WHERE login_name = $1 AND 'admin' = ANY(roles)", [ADMIN_LOGIN_NAME])).toBe(1);
  });
});
