/**
 * Issue 22 item 5, end to end: a charging site with three real OCPP 1.6J chargers (ocpp-rpc clients) and a
 * limit of 11 kW. As sessions start and stop, each charger is sent its share as a TxDefaultProfile (only
 * when it changed, lowered before raised): the sum of the chargers' last profiles never exceeds the limit,
 * at any call. charger/limit answers the division; lifting the limit clears the profiles. Who may read and
 * set the limit.
 */
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildStation, buildUser, shareStation, signIn } from '../../../test/factories';
import { signInAdmin } from '../../admin/test-admin';
import { BOOT, type OcppBench, ocaValid, startOcppBench } from '../test-ocpp';
import { SITE_LIMIT_PROFILE_ID, type SmartChargingCall } from './profiles';
import { REBALANCE_QUEUE } from './runtime';

const LIMIT_W = 11_000;
/** Every call smart charging made, and each charger's profile limit as the chargers would hold it now. */
const calls: SmartChargingCall[] = [];
const held = new Map<number, number>();
/** Sums of the held profiles that went over the limit (should stay empty). */
const overruns: number[] = [];
/** The site's limit as last set, W. */
let limitW = LIMIT_W;

async function fakeSend(cmd: SmartChargingCall): Promise<number> {
  calls.push(cmd);
  if (cmd.action === 'ClearChargingProfile') {
    expect(ocaValid('ClearChargingProfile', cmd.params)).toBe(true);
    held.delete(cmd.deviceId);
  } else {
    expect(ocaValid('SetChargingProfile', cmd.params)).toBe(true);
    const profile = cmd.params.csChargingProfiles as {
      chargingSchedule: { chargingSchedulePeriod: { limit: number }[] };
    };
    held.set(cmd.deviceId, profile.chargingSchedule.chargingSchedulePeriod[0]!.limit);
  }
  const sum = [...held.values()].reduce((a, b) => a + b, 0);
  if (sum > limitW) overruns.push(sum);
  return calls.length;
}

let b: OcppBench;
const ids: number[] = [];
const cps: RPCClient[] = [];
const keys: string[] = [];
let friendToken = '';
let strangerToken = '';
beforeAll(async () => {
  b = await startOcppBench({ chargerSend: fakeSend });
  for (const n of [1, 2, 3]) {
    const { deviceId, key } = await b.addCharger(`CP-SC-${n}`);
    ids.push(deviceId);
    keys.push(key);
    const cp = await b.connect(`CP-SC-${n}`, key, { strict: true });
    await cp.call('BootNotification', BOOT);
    await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
    cps.push(cp);
  }
  const friend = await buildUser(b.t.db);
  friendToken = await signIn(b.t.app, friend);
  await shareStation(b.t.db, { stationId: b.stationId, ownerId: b.ownerId, viewerId: friend.id });
  strangerToken = await signIn(b.t.app, await buildUser(b.t.db));
});
afterAll(async () => b?.close());

const url = (path: string) => `${API_PREFIX}/webpvesc/ajax/station/charger/${path}`;
const setLimit = (limitKw: number | null, token = b.token, stationId = b.stationId, languageId?: number) =>
  b.t.app.inject({
    method: 'POST',
    url: url('limit/set'),
    headers: { [TOKEN_HEADER]: token },
    payload: { stationId, limitKw, ...(languageId ? { languageId } : {}) },
  });
const getLimit = (token = b.token, stationId = b.stationId) =>
  b.t.app.inject({
    method: 'GET',
    url: url(`limit?stationId=${stationId}`),
    headers: { [TOKEN_HEADER]: token },
  });

/** Waits until the site's recomputations are done (none waiting, running or retrying; none failed). */
async function settled(): Promise<void> {
  await vi.waitFor(
    async () => {
      const res = await b.t.db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE name = $1', [
        REBALANCE_QUEUE,
      ]);
      const states = res.rows.map((r) => r.state);
      expect(states.filter((s) => s === 'failed')).toEqual([]);
      expect(states.every((s) => s === 'completed')).toBe(true);
    },
    { timeout: 30_000, interval: 50 },
  );
}
/** The held profile limits of the three chargers, W, in order. */
const heldLimits = () => ids.map((id) => held.get(id) ?? null);
/** The calls made by one step. */
const since = (n: number) => calls.slice(n).map((c) => c.deviceId);

const txOf: number[] = [];
/** Minutes of the test's transactions' times: each start and stop its own (a start repeated is a replay). */
let minute = 0;
async function start(i: number): Promise<void> {
  const res = (await cps[i]!.call('StartTransaction', {
    connectorId: 1,
    idTag: `TAG${i}`,
    meterStart: 0,
    timestamp: new Date(Date.UTC(2026, 2, 1, 8, ++minute)).toISOString(),
  })) as { transactionId: number };
  txOf[i] = res.transactionId;
  await settled();
}
async function stop(i: number): Promise<void> {
  await cps[i]!.call('StopTransaction', {
    transactionId: txOf[i],
    meterStop: 5000,
    timestamp: new Date(Date.UTC(2026, 2, 1, 8, ++minute)).toISOString(),
  });
  await settled();
}

describe('smart charging of a site limit', () => {
  it('holds 11 kW across three chargers as sessions start and stop, sending only what changed', async () => {
    const set = await setLimit(11);
    expect(set.json()).toMatchObject({
      status: 0,
      data: {
        limitKw: 11,
        allocations: ids.map((deviceId, i) => ({
          deviceId,
          limitKw: [3.666, 3.667, 3.667][i],
          charging: false,
        })),
      },
    });
    await settled();
    // Nobody charging: the connected chargers share all of it (issue 34 item 3).
    expect(heldLimits()).toEqual([3666, 3667, 3667]);
    const first = calls[0]!;
    expect(first).toMatchObject({ action: 'SetChargingProfile', userId: null, params: { connectorId: 0 } });
    expect(first.params.csChargingProfiles).toMatchObject({
      chargingProfileId: SITE_LIMIT_PROFILE_ID,
      chargingProfilePurpose: 'TxDefaultProfile',
    });

    let n = calls.length;
    await start(2);
    expect(heldLimits()).toEqual([1400, 1400, 8200]);
    expect(since(n)).toEqual([ids[0], ids[1], ids[2]]); // the idle ones lowered to their reserve first

    n = calls.length;
    await start(0);
    expect(heldLimits()).toEqual([4800, 1400, 4800]);
    expect(since(n)).toEqual([ids[2], ids[0]]); // lowered before raised

    await start(1);
    expect(heldLimits()).toEqual([3667, 3667, 3666]);
    const answer = (await getLimit()).json().data;
    expect(answer.allocations).toEqual([
      { deviceId: ids[0], limitKw: 3.667, charging: true },
      { deviceId: ids[1], limitKw: 3.667, charging: true },
      { deviceId: ids[2], limitKw: 3.666, charging: true },
    ]);

    await stop(2);
    expect(heldLimits()).toEqual([4800, 4800, 1400]);
    await stop(0);
    expect(heldLimits()).toEqual([1400, 8200, 1400]);
    await stop(1);
    expect(heldLimits()).toEqual([3666, 3667, 3667]);
    expect(overruns).toEqual([]);
  });

  it('sends a charger that boots its profile again', async () => {
    const n = calls.length;
    await cps[1]!.call('BootNotification', BOOT);
    await settled();
    expect(since(n)).toEqual([ids[1]]);
  });

  it('clears every charger’s profile when the limit is lifted, and then sends nothing', async () => {
    const n = calls.length;
    expect((await setLimit(null)).json()).toMatchObject({
      status: 0,
      data: { limitKw: null, allocations: [] },
    });
    await settled();
    expect(calls.slice(n).map((c) => [c.action, c.params])).toEqual(
      ids.map(() => ['ClearChargingProfile', { id: SITE_LIMIT_PROFILE_ID }]),
    );
    expect(heldLimits()).toEqual([null, null, null]);
    const m = calls.length;
    await start(0);
    await stop(0);
    expect(calls.length).toBe(m);
  });

  it('lets a friend read, the owner and an administrator set; refuses others and non-charging sites', async () => {
    expect((await getLimit(friendToken)).json()).toMatchObject({ status: 0, data: { limitKw: null } });
    expect((await setLimit(7, friendToken)).json()).toMatchObject({ status: 40300 });
    expect((await getLimit(strangerToken)).json()).toMatchObject({ status: 40300 });
    expect((await setLimit(7, strangerToken)).json()).toMatchObject({ status: 40300 });
    expect((await setLimit(7, b.token, 999_999)).json()).toMatchObject({ status: 40300 });
    const pv = await buildStation(b.t.db, { ownerId: b.ownerId });
    const notCharging = await setLimit(7, b.token, pv.id, 2);
    expect(notCharging.json()).toMatchObject({
      status: 40000,
      msg: '充电桩、卡号和充电功率限制只适用于充电电站',
    });
    expect((await setLimit(0.5)).json()).toMatchObject({ status: 40000 });
    expect((await getLimit()).json().data.limitKw).toBeNull(); // nothing changed
    const admin = await signInAdmin(b.t.app);
    limitW = 22_000;
    expect((await setLimit(22, admin)).json()).toMatchObject({ status: 0, data: { limitKw: 22 } });
    await settled();
    expect(heldLimits()).toEqual([7333, 7333, 7334]);
    expect(overruns).toEqual([]);
  });

  it('gives an offline or never-connected charger nothing, and its share to the connected ones', async () => {
    // Issue 34 item 3: 7 kW were split 5.6 + 1.4 with one charger charging and the other offline, and after
    // the stop 4.2 kW went to nobody.
    const never = (await b.addCharger('CP-SC-4')).deviceId;
    await cps[2]!.close({ force: true });
    // What the offline charger holds is not counted: it is no longer given a share (the choice).
    held.delete(ids[2]!);
    await vi.waitFor(() => expect(heldLimits()).toEqual([11_000, 11_000, null]), { timeout: 30_000 });
    await settled();
    expect((await getLimit()).json().data.allocations).toEqual([
      { deviceId: ids[0], limitKw: 11, charging: false },
      { deviceId: ids[1], limitKw: 11, charging: false },
      { deviceId: ids[2], limitKw: 0, charging: false },
      { deviceId: never, limitKw: 0, charging: false },
    ]);
    await start(0);
    expect(heldLimits()).toEqual([20_600, 1400, null]);
    await stop(0);
    expect(heldLimits()).toEqual([11_000, 11_000, null]);
    // While it was offline nothing went over the limit.
    expect(overruns).toEqual([]);
    // Back online without booting, it is given its share again (what it held is still the record's). Until
    // the others are lowered, the profile it kept while offline counts on top of theirs: a transient the
    // platform cannot see (docs/ocpp.md, smart charging), so only the settled sum is asserted from here.
    const n = calls.length;
    held.set(ids[2]!, 7334);
    cps[2] = await b.connect('CP-SC-3', keys[2], { strict: true });
    await vi.waitFor(() => expect(heldLimits()).toEqual([7333, 7333, 7334]), { timeout: 30_000 });
    await settled();
    expect(since(n)).toEqual([ids[0], ids[1]]);
    expect(heldLimits().reduce<number>((sum, w) => sum + (w ?? 0), 0)).toBeLessThanOrEqual(limitW);
  });
});
