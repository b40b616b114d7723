import type { DeviceLines } from '@ems/contract/api/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSamples } from '../../ingest/writer';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

const URL_ = '/owner_api/webpvesc/ajax/report/device-lines';

describe('GET report/device-lines (issue 8 §2)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let stationId = 0;
  let deviceId = 0;

  const get = async (query: string, tok = token) => {
    const res = await t.app.inject({ method: 'GET', url: `${URL_}?${query}`, headers: { token: tok } });
    return res.json() as { status: number; data: DeviceLines };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    const station = await buildStation(t.db, { ownerId: owner.id, timeZone: 'UTC' });
    stationId = station.id;
    const inverter = await buildDevice(t.db, { stationId, deviceType: 'inverter' });
    deviceId = inverter.id;
    // 10:00 and 10:02 in one 5-minute bucket, 10:10 in another; 10:05 bucket left empty.
    const at = (hhmm: string) => new Date(`2026-06-10T${hhmm}:00Z`);
    await writeSamples(t.db, [
      {
        deviceId,
        ts: at('10:00'),
        w: 100,
        soc: null,
        eIn: null,
        eOut: null,
        points: { W: 100, PhVphA: 229, TmpCab: 30, St: 'ON' },
      },
      {
        deviceId,
        ts: at('10:02'),
        w: 300,
        soc: null,
        eIn: null,
        eOut: null,
        points: { W: 300, PhVphA: 231, TmpCab: 32 },
      },
      {
        deviceId,
        ts: at('10:10'),
        w: 200,
        soc: null,
        eIn: null,
        eOut: null,
        points: { W: 200, PhVphA: 230 },
      },
    ]);
  });
  afterAll(() => t.close());

  it('averages each chosen point per 5 minutes and leaves gaps as gaps', async () => {
    const body = await get(
      `stationId=${stationId}&deviceId=${deviceId}&searchDate=2026-06-10&metrics=PhVphA&metrics=TmpCab`,
    );
    expect(body.status).toBe(0);
    expect(body.data.times).toHaveLength(288);
    const i = body.data.times.indexOf('2026-06-10T10:00:00.000Z');
    const [volts, temp] = body.data.series;
    expect(volts!.key).toBe('PhVphA');
    expect(volts!.values.slice(i, i + 3)).toEqual([230, null, 230]);
    expect(temp!.values.slice(i, i + 3)).toEqual([31, null, null]);
  });

  it('caps the metrics at 5 and refuses another user’s device', async () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((m) => `metrics=${m}`).join('&');
    expect(
      (await get(`stationId=${stationId}&deviceId=${deviceId}&searchDate=2026-06-10&${six}`)).status,
    ).toBe(40000);
    const denied = await get(
      `stationId=${stationId}&deviceId=${deviceId}&searchDate=2026-06-10&metrics=W`,
      otherToken,
    );
    expect(denied.status).toBe(40300);
  });
});
