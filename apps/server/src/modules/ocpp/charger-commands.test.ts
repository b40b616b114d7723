/**
 * Issue 22 item 4: operating a charger through tracked commands. A real ocpp-rpc charger answers remote
 * start (accepted and rejected), unlock, reset, change availability and GetCompositeSchedule; a charger
 * that never answers times out; one not connected fails at once; a friend and a stranger are refused; a
 * stop of no open session is refused; a command asked on a second app instance reaches the charger
 * connected to the first.
 */
import type { ChargerCommandRow, ChargerRow } from '@ems/contract/api/ocpp-charger';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import type { FastifyInstance } from 'fastify';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobOnce } from '../../jobs/scheduler';
import { buildDevice, buildStation, buildUser, shareStation, signIn } from '../../test/factories';
import { sendChargerCommands } from './commands/send';
import { chargerCommandSweepJob } from './commands/sweep';
import { BOOT, type OcppBench, startOcppBench } from './test-ocpp';

let b: OcppBench;
/** Calls each charger received: `identity action` → params. */
const received: { identity: string; action: string; params: Record<string, unknown> }[] = [];

beforeAll(async () => {
  b = await startOcppBench({ nodeName: 'node-a', calls: { callTimeoutS: 2 } });
});
afterAll(async () => b?.close());

interface Answer<T> {
  status: number;
  msg: string;
  data: T;
}

/** Calls `path` under the station API on `app` (default the bench's) as `token`. */
async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown>,
  opts: { token?: string; app?: FastifyInstance } = {},
): Promise<Answer<T>> {
  const app = opts.app ?? b.t.app;
  const url = `${API_PREFIX}/webpvesc/ajax/station/${path}`;
  const headers = { [TOKEN_HEADER]: opts.token ?? b.token, 'accept-language': 'en-US' };
  const res =
    method === 'GET'
      ? await app.inject({ method, url, headers, query: input as Record<string, string> })
      : await app.inject({ method, url, headers, payload: input });
  return res.json();
}

const command = (input: Record<string, unknown>, opts?: { token?: string; app?: FastifyInstance }) =>
  api<ChargerCommandRow>('POST', 'charger/command', input, opts);

/** The command as charger/command/list shows it once it ended (polls the list, at most ~10 s). */
async function ended(deviceId: number, id: number): Promise<ChargerCommandRow> {
  for (let i = 0; i < 100; i++) {
    const page = await api<{ rows: ChargerCommandRow[] }>('GET', 'charger/command/list', { deviceId });
    const row = page.data.rows.find((r) => r.id === id);
    if (row && row.state !== 'queued' && row.state !== 'sent') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`command ${id} did not end`);
}

/** Commissions and connects a charger that answers each operation as a real one would. */
async function charger(
  identity: string,
  opts: { silent?: boolean } = {},
): Promise<{ deviceId: number; cp: RPCClient }> {
  const { deviceId, key } = await b.addCharger(identity);
  const cp = await b.connect(identity, key);
  const answer =
    (status: (p: Record<string, unknown>) => string) =>
    async ({ method = '', params = {} }: { method?: string; params?: Record<string, unknown> }) => {
      received.push({ identity, action: method, params });
      if (opts.silent) return new Promise<Record<string, unknown>>(() => {});
      return { status: status(params) };
    };
  cp.handle(
    'RemoteStartTransaction',
    answer((p) => (p.idTag === 'GOOD' ? 'Accepted' : 'Rejected')),
  );
  cp.handle(
    'RemoteStopTransaction',
    answer(() => 'Accepted'),
  );
  cp.handle(
    'UnlockConnector',
    answer(() => 'Unlocked'),
  );
  cp.handle(
    'Reset',
    answer(() => 'Accepted'),
  );
  cp.handle(
    'ChangeAvailability',
    answer(() => 'Scheduled'),
  );
  cp.handle('GetCompositeSchedule', async ({ params = {} }: { params?: Record<string, unknown> }) => ({
    status: 'Accepted',
    connectorId: params.connectorId,
    chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 7400 }] },
  }));
  await cp.call('BootNotification', BOOT);
  await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
  return { deviceId, cp };
}

describe('charger commands', () => {
  it('remote start: accepted for one id tag, rejected for another, both seen in the list', async () => {
    const { deviceId } = await charger('CP-CMD-1');
    const good = await command({ action: 'RemoteStartTransaction', deviceId, connectorId: 1, idTag: 'GOOD' });
    expect(good.status).toBe(0);
    expect(['queued', 'sent', 'accepted']).toContain(good.data.state);
    const bad = await command({ action: 'RemoteStartTransaction', deviceId, idTag: 'OTHER' });
    const a = await ended(deviceId, good.data.id);
    const r = await ended(deviceId, bad.data.id);
    expect(a).toMatchObject({
      action: 'RemoteStartTransaction',
      state: 'accepted',
      status: 'Accepted',
      error: null,
    });
    expect(a.params).toEqual({ connectorId: 1, idTag: 'GOOD' });
    expect(a.userName).not.toBeNull();
    expect(a.sentAt).not.toBeNull();
    expect(a.answeredAt).not.toBeNull();
    expect(r).toMatchObject({ state: 'rejected', status: 'Rejected' });
    expect(received.filter((c) => c.identity === 'CP-CMD-1').map((c) => c.params)).toEqual([
      { connectorId: 1, idTag: 'GOOD' },
      { idTag: 'OTHER' },
    ]);
    const list = await api<{ total: number; rows: ChargerCommandRow[] }>('GET', 'charger/command/list', {
      deviceId,
    });
    expect(list.data.total).toBe(2);
    expect(list.data.rows.map((x) => x.id)).toEqual([bad.data.id, good.data.id]); // newest first
  });

  it('unlock, reset and change availability reach the charger and end accepted', async () => {
    const { deviceId } = await charger('CP-CMD-2');
    const unlock = await command({ action: 'UnlockConnector', deviceId, connectorId: 1 });
    const reset = await command({ action: 'Reset', deviceId, type: 'Soft' });
    const avail = await command({
      action: 'ChangeAvailability',
      deviceId,
      connectorId: 0,
      type: 'Inoperative',
    });
    expect(await ended(deviceId, unlock.data.id)).toMatchObject({ state: 'accepted', status: 'Unlocked' });
    expect(await ended(deviceId, reset.data.id)).toMatchObject({ state: 'accepted', status: 'Accepted' });
    expect(await ended(deviceId, avail.data.id)).toMatchObject({ state: 'accepted', status: 'Scheduled' });
    expect(received.filter((c) => c.identity === 'CP-CMD-2')).toEqual([
      { identity: 'CP-CMD-2', action: 'UnlockConnector', params: { connectorId: 1 } },
      { identity: 'CP-CMD-2', action: 'Reset', params: { type: 'Soft' } },
      { identity: 'CP-CMD-2', action: 'ChangeAvailability', params: { connectorId: 0, type: 'Inoperative' } },
    ]);
  });

  it('GetCompositeSchedule answers the row with the charger’s schedule', async () => {
    const { deviceId } = await charger('CP-CMD-3');
    const res = await api<ChargerCommandRow>('POST', 'charger/schedule', {
      deviceId,
      connectorId: 1,
      duration: 600,
    });
    const row = res.data.state === 'accepted' ? res.data : await ended(deviceId, res.data.id);
    expect(row).toMatchObject({
      action: 'GetCompositeSchedule',
      state: 'accepted',
      params: { connectorId: 1, duration: 600 },
    });
    expect(row.result).toMatchObject({ chargingSchedule: { chargingSchedulePeriod: [{ limit: 7400 }] } });
  });

  it('a charger that never answers: timedOut', async () => {
    const { deviceId } = await charger('CP-CMD-SILENT', { silent: true });
    const res = await command({ action: 'Reset', deviceId, type: 'Hard' });
    expect(await ended(deviceId, res.data.id)).toMatchObject({ state: 'timedOut', status: null });
    expect(received.some((c) => c.identity === 'CP-CMD-SILENT')).toBe(true);
  });

  it('a charger not connected: failed notConnected at once', async () => {
    const { deviceId } = await b.addCharger('CP-CMD-OFF');
    const res = await command({ action: 'Reset', deviceId, type: 'Soft' });
    expect(res.data).toMatchObject({ state: 'failed', error: 'notConnected', sentAt: null });
  });

  it('a command asked on another app instance reaches the charger connected to this one', async () => {
    const { deviceId } = await charger('CP-CMD-PEER');
    const peer = await b.peer('node-b');
    const node = await b.t.db.query<{ node: string }>(
      'SELECT node FROM ocpp_connections WHERE device_id = $1',
      [deviceId],
    );
    expect(node.rows[0]?.node).toBe('node-a');
    const res = await command({ action: 'UnlockConnector', deviceId, connectorId: 1 }, { app: peer });
    expect(res.status).toBe(0);
    expect(await ended(deviceId, res.data.id)).toMatchObject({ state: 'accepted', status: 'Unlocked' });
    expect(received.some((c) => c.identity === 'CP-CMD-PEER' && c.action === 'UnlockConnector')).toBe(true);
  });

  it('remote stop: only an open session of that charger', async () => {
    const { deviceId, cp } = await charger('CP-CMD-STOP');
    const other = await charger('CP-CMD-STOP2');
    const start = { connectorId: 1, idTag: 'T1', meterStart: 0, timestamp: new Date().toISOString() };
    const { transactionId } = (await cp.call('StartTransaction', start)) as { transactionId: number };
    const foreignTx = ((await other.cp.call('StartTransaction', start)) as { transactionId: number })
      .transactionId;
    for (const tx of [foreignTx, transactionId + 1000]) {
      const refused = await command({ action: 'RemoteStopTransaction', deviceId, transactionId: tx });
      expect(refused.status).toBe(Status.ILLEGAL_INPUT);
      expect(refused.msg).toBe(`Transaction ${tx} is not a session in progress on this charger`);
    }
    const ok = await command({ action: 'RemoteStopTransaction', deviceId, transactionId });
    expect(await ended(deviceId, ok.data.id)).toMatchObject({ state: 'accepted', params: { transactionId } });
    await cp.call('StopTransaction', { transactionId, meterStop: 10, timestamp: new Date().toISOString() });
    const again = await command({ action: 'RemoteStopTransaction', deviceId, transactionId });
    expect(again.status).toBe(Status.ILLEGAL_INPUT);
    const page = await api<{ total: number }>('GET', 'charger/command/list', { deviceId });
    expect(page.data.total).toBe(1); // refused requests record nothing
  });

  it('a friend lists chargers and commands but may not operate; a stranger and a missing id are refused', async () => {
    const { deviceId, cp } = await charger('CP-CMD-FRIEND');
    await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'T9',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    const friend = await buildUser(b.t.db);
    await shareStation(b.t.db, { stationId: b.stationId, ownerId: b.ownerId, viewerId: friend.id });
    const friendToken = await signIn(b.t.app, friend);
    const list = await api<ChargerRow[]>(
      'GET',
      'charger/list',
      { stationId: b.stationId },
      { token: friendToken },
    );
    expect(list.status).toBe(0);
    const row = list.data.find((c) => c.deviceId === deviceId);
    expect(row).toMatchObject({
      online: true,
      identity: '',
      vendor: 'Zaptec',
      model: 'Go',
      firmware: '2.1.0',
    });
    expect(row?.connectors).toMatchObject([{ connectorId: 1, status: 'Available', idTag: 'T9' }]);
    expect(row?.connectors[0]?.transactionId).toEqual(expect.any(Number));
    // An MQTT wallbox of the same site is no OCPP charger: not listed, not operated.
    const wallbox = await buildDevice(b.t.db, { stationId: b.stationId, deviceType: 'charger' });
    const own = await api<ChargerRow[]>('GET', 'charger/list', { stationId: b.stationId });
    expect(own.data.map((c) => c.deviceId)).not.toContain(wallbox.id);
    expect((await command({ action: 'Reset', deviceId: wallbox.id, type: 'Soft' })).status).toBe(
      Status.ILLEGAL_INPUT,
    );
    expect(own.data.find((c) => c.deviceId === deviceId)?.identity).toBe('CP-CMD-FRIEND');
    expect(own.data.find((c) => c.identity === 'CP-CMD-OFF')?.online ?? false).toBe(false);

    const seen = await api('GET', 'charger/command/list', { deviceId }, { token: friendToken });
    expect(seen.status).toBe(0);
    const asFriend = await command({ action: 'Reset', deviceId, type: 'Soft' }, { token: friendToken });
    expect(asFriend.status).toBe(Status.NO_PERMISSION);
    const schedule = await api('POST', 'charger/schedule', { deviceId }, { token: friendToken });
    expect(schedule.status).toBe(Status.NO_PERMISSION);

    const stranger = await buildUser(b.t.db);
    const strangerToken = await signIn(b.t.app, stranger);
    const strangerSite = await buildStation(b.t.db, {
      ownerId: stranger.id,
      systemType: 2,
      templateCode: 'charging',
    });
    for (const [token, id] of [
      [strangerToken, deviceId],
      [b.token, 99_999_999],
    ] as const) {
      expect((await command({ action: 'Reset', deviceId: id, type: 'Soft' }, { token })).status).toBe(
        Status.NO_PERMISSION,
      );
      expect((await api('GET', 'charger/command/list', { deviceId: id }, { token })).status).toBe(
        Status.NO_PERMISSION,
      );
    }
    expect((await api('GET', 'charger/list', { stationId: strangerSite.id })).status).toBe(
      Status.NO_PERMISSION,
    );
    const commands = await b.t.db.query('SELECT 1 FROM charger_commands WHERE device_id = $1', [deviceId]);
    expect(commands.rows).toHaveLength(0);
  });

  it('a batch: each command reaches its charger, one not connected fails at once, ids in order', async () => {
    const one = await charger('CP-CMD-BATCH-1');
    const two = await charger('CP-CMD-BATCH-2');
    const off = await b.addCharger('CP-CMD-BATCH-OFF');
    const reset = (deviceId: number, type: string) => ({
      deviceId,
      action: 'Reset' as const,
      params: { type },
      userId: b.ownerId,
    });
    const outcomes = await sendChargerCommands(b.t.db, b.t.queue, [
      reset(one.deviceId, 'Soft'),
      reset(off.deviceId, 'Soft'),
      reset(two.deviceId, 'Hard'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const ids = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 0));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const offRow = await api<{ rows: ChargerCommandRow[] }>('GET', 'charger/command/list', {
      deviceId: off.deviceId,
    });
    expect(offRow.data.rows[0]).toMatchObject({ id: ids[1], state: 'failed', error: 'notConnected' });
    const login = await b.t.db.query<{ name: string }>('SELECT login_name AS name FROM users WHERE id = $1', [
      b.ownerId,
    ]);
    const ends = await Promise.all([ended(one.deviceId, ids[0]!), ended(two.deviceId, ids[2]!)]);
    expect(ends.map((r) => [r.state, r.params, r.userName])).toEqual([
      ['accepted', { type: 'Soft' }, login.rows[0]!.name],
      ['accepted', { type: 'Hard' }, login.rows[0]!.name],
    ]);
    const batch = received.filter((c) => c.identity.startsWith('CP-CMD-BATCH') && c.action === 'Reset');
    expect(batch.map((c) => [c.identity, c.params.type]).sort()).toEqual([
      ['CP-CMD-BATCH-1', 'Soft'],
      ['CP-CMD-BATCH-2', 'Hard'],
    ]);
  });

  it('the sweep times out calls a dead node left and fails commands no node took', async () => {
    const { deviceId } = await b.addCharger('CP-CMD-SWEEP');
    const rows = await b.t.db.query<{ id: number }>(
      `INSERT INTO charger_commands (device_id, action, params, state, created_at, sent_at) VALUES
         ($1, 'Reset', '{}', 'sent', now() - interval '5 minutes', now() - interval '5 minutes'),
         ($1, 'Reset', '{}', 'queued', now() - interval '5 minutes', NULL),
         ($1, 'Reset', '{}', 'queued', now(), NULL)
       RETURNING id`,
      [deviceId],
    );
    await runJobOnce(chargerCommandSweepJob, { db: b.t.db, config: b.t.config, log: b.t.app.log });
    const states = await b.t.db.query<{ state: string; error: string | null }>(
      'SELECT state, error FROM charger_commands WHERE id = ANY($1) ORDER BY id',
      [rows.rows.map((r) => r.id)],
    );
    expect(states.rows).toEqual([
      { state: 'timedOut', error: 'noAnswer' },
      { state: 'failed', error: 'notDelivered' },
      { state: 'queued', error: null },
    ]);
  });
});
