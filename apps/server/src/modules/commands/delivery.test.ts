/**
 * Issue 21 §3, §7: a command travels to a real device connection and is tracked: applied, failed with the
 * device's reason, timed out, queued while offline and sent on connecting, applied once when delivered
 * twice, one in flight per device, verified by the next report, and carried across a restart of the
 * process that sends them. Runs on the embedded broker, or on MQTT_URL's broker with DATABASE_URL's
 * PostgreSQL.
 */

import type { DeviceParamsSetAnswer } from '@ems/contract/api/device-commands';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import { topics } from '@ems/contract/telemetry';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngest, type TestDevice, type TestIngest } from '../../ingest/test-ingest';
import { createJobQueue } from '../../jobs/queue';
import { runJobOnce } from '../../jobs/scheduler';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { COMMAND_QUEUE } from './dispatch';
import { commandSweepJob } from './sweep';
import { connectLogger } from './test-logger';

let t: TestApp;
let ti: TestIngest;
let token = '';
let stationId = 0;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp();
  ti = await startTestIngest({ db: t.db, config: t.config, withCommands: { queue: t.queue } });
  const owner = await buildUser(t.db);
  token = await signIn(t.app, owner);
  stationId = await ti.addStation(owner.id);
});
afterAll(async () => {
  await ti?.stop();
  await t?.close();
});

/** POST device/params/set as the owner. */
async function set(deviceId: number, params: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/device/params/set`,
    headers: { [TOKEN_HEADER]: token, [LANGUAGE_HEADER]: '1' },
    payload: { deviceId, params },
  });
  return res.json() as { status: number; msg: string; data: DeviceParamsSetAnswer };
}

const stateOf = async (id: string) =>
  (
    await t.db.query<{ state: string; reason: string | null }>(
      'SELECT state, reason FROM device_commands WHERE id = $1',
      [id],
    )
  ).rows[0];

const waitState = (id: string, state: string) =>
  ti.waitFor(async () => (await stateOf(id))?.state === state, 20_000);

const inverter = (): Promise<TestDevice> => ti.addDevice('inverter', stationId);

/** The device's dispatch jobs: all, and those not yet finished. */
async function dispatches(deviceId: number): Promise<{ all: number; open: number }> {
  const { rows } = await t.db.query<{ all: number; open: number }>(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS open
     FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
    [COMMAND_QUEUE, `device:${deviceId}`],
  );
  return rows[0]!;
}

describe('commands tracked to the device (issue 21 §3)', () => {
  it('a device that applies: sent, applied, then verified by its next report', async () => {
    const logger = await connectLogger(ti, await inverter(), 'applied', {
      socLowerOnGrid: 20,
      socLowerOffGrid: 10,
    });
    await logger.report();
    // Through an external broker the report's acknowledgement comes before the ingest stored it.
    await ti.waitFor(
      async () =>
        (await t.db.query('SELECT 1 FROM device_params WHERE device_id = $1', [logger.device.id])).rows
          .length > 0,
    );
    const { data } = await set(logger.device.id, { socLowerOnGrid: 35 });
    expect(data).toMatchObject({ state: 'queued', sent: ['socLowerOnGrid'], unchanged: [] });
    await waitState(data.commandId!, 'applied');
    expect(logger.received).toMatchObject([
      { id: data.commandId, type: 'setParams', params: { socLowerOnGrid: 35 } },
    ]);
    await logger.report();
    await waitState(data.commandId!, 'verified');
    const row = await t.db.query(
      'SELECT before, sent_at, acked_at, verified_at FROM device_commands WHERE id = $1',
      [data.commandId],
    );
    expect(row.rows[0]).toMatchObject({ before: { socLowerOnGrid: 20 } });
    expect(row.rows[0]!.verified_at).not.toBeNull();
  });

  it('an invalid value is never published: the device receives only the valid command after it', async () => {
    const logger = await connectLogger(ti, await inverter(), 'applied');
    const refused = await set(logger.device.id, { socLowerOnGrid: 15 });
    expect(refused.status).toBe(Status.OUT_OF_RANGE);
    const { data } = await set(logger.device.id, { socLowerOnGrid: 25 });
    await waitState(data.commandId!, 'applied');
    // Commands travel one at a time, oldest first: a command of the refused value would have come first.
    expect(logger.received.map((c) => c.params)).toEqual([{ socLowerOnGrid: 25 }]);
  });

  it('a device that fails: failed with its reason', async () => {
    const logger = await connectLogger(ti, await inverter(), 'failed');
    const { data } = await set(logger.device.id, { generatorMode: 'auto' });
    await waitState(data.commandId!, 'failed');
    expect(await stateOf(data.commandId!)).toEqual({ state: 'failed', reason: 'no battery connected' });
  });

  it('a device that never answers: timed out once the answer is 30 s late', async () => {
    const logger = await connectLogger(ti, await inverter(), 'silent');
    const { data } = await set(logger.device.id, { wiring: 'threeWire' });
    await waitState(data.commandId!, 'sent');
    // Not yet late: the sweep leaves it.
    await runJobOnce(commandSweepJob, { db: t.db, config: t.config, log, queue: t.queue });
    expect((await stateOf(data.commandId!))?.state).toBe('sent');
    await t.db.query(`UPDATE device_commands SET sent_at = now() - interval '31 seconds' WHERE id = $1`, [
      data.commandId,
    ]);
    await runJobOnce(commandSweepJob, { db: t.db, config: t.config, log, queue: t.queue });
    expect(await stateOf(data.commandId!)).toEqual({ state: 'timedOut', reason: 'no answer within 30 s' });
  });

  it('an offline device: queued, then sent when it connects', async () => {
    const device = await inverter();
    const { data } = await set(device.id, { antiBackflow: true, exportLimitW: 0 });
    expect(data.state).toBe('queued');
    // The dispatcher finds it offline and leaves it queued.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await stateOf(data.commandId!))?.state).toBe('queued');
    const logger = await connectLogger(ti, device, 'applied');
    await waitState(data.commandId!, 'applied');
    expect(logger.received.map((c) => c.id)).toEqual([data.commandId]);
  });

  it('a command delivered twice is applied once, and its second answer is ignored', async () => {
    const logger = await connectLogger(ti, await inverter(), 'applied');
    const { data } = await set(logger.device.id, { dischargeMode: 'loadAndGrid' });
    await waitState(data.commandId!, 'applied');
    const acked = (await t.db.query('SELECT acked_at FROM device_commands WHERE id = $1', [data.commandId]))
      .rows[0];
    const duplicates = ti.commands!.stats().duplicateAcks;
    // The broker redelivers it (QoS 1 gives at least once).
    const again = logger.received[0]!;
    await ti
      .connectInternal()
      .then((c) => c.publishAsync(`ems/v1/${logger.device.sn}/command`, JSON.stringify(again), { qos: 1 }));
    await ti.waitFor(() => logger.received.length === 2);
    await ti.waitFor(() => ti.commands!.stats().duplicateAcks === duplicates + 1);
    expect(logger.applied.get(data.commandId!)).toBe(1);
    expect(
      (await t.db.query('SELECT state, acked_at FROM device_commands WHERE id = $1', [data.commandId]))
        .rows[0],
    ).toEqual({ state: 'applied', acked_at: acked!.acked_at });
  });

  it('one command in flight per device: the next waits until the first is answered', async () => {
    const logger = await connectLogger(ti, await inverter(), 'silent');
    const first = (await set(logger.device.id, { socLowerOffGrid: 5 })).data;
    const second = (await set(logger.device.id, { exportLimitW: 500 })).data;
    await waitState(first.commandId!, 'sent');
    await new Promise((r) => setTimeout(r, 500));
    expect((await stateOf(second.commandId!))?.state).toBe('queued');
    expect(logger.received).toHaveLength(1);
    // The device answers the first: the second goes.
    logger.answer = 'applied';
    const ack = { id: first.commandId, status: 'applied', ts: Date.now() };
    await logger.client.publishAsync(`ems/v1/${logger.device.sn}/command/ack`, JSON.stringify(ack), {
      qos: 1,
    });
    await waitState(second.commandId!, 'applied');
    expect(logger.received.map((c) => c.id)).toEqual([first.commandId, second.commandId]);
  });

  it('a device heard from while its next command waits behind the one in flight is not dispatched again', async () => {
    const logger = await connectLogger(ti, await inverter(), 'silent');
    const first = (await set(logger.device.id, { socLowerOffGrid: 6 })).data;
    await waitState(first.commandId!, 'sent');
    const second = (await set(logger.device.id, { exportLimitW: 600 })).data;
    // The second's dispatch ran and found the first in flight.
    await ti.waitFor(async () => (await dispatches(logger.device.id)).open === 0);
    const before = await dispatches(logger.device.id);
    // The waiting-device list is read again while the second is queued, then the device is heard from,
    // as it is with every sample it sends: its fresh command has its dispatch behind it, so no new one.
    await ti.commands!.refresh();
    for (let i = 0; i < 3; i++)
      await logger.client.publishAsync(topics.status(logger.device.sn), JSON.stringify({ online: true }), {
        qos: 1,
      });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await dispatches(logger.device.id)).toEqual(before);
    expect((await stateOf(second.commandId!))?.state).toBe('queued');
  });

  it('a restart of the sending process keeps queued and in-flight commands', async () => {
    // The dispatcher of this file stops: the process that sends commands is down.
    await ti.stop();
    const device = await ti.addDevice('inverter', stationId);
    const first = (await set(device.id, { operatingMode: 'peakShift' })).data;
    // Started again, on a queue of its own (a new process), it finds the job the call left and sends.
    const q1 = createJobQueue(t.db);
    await q1.start(log);
    ti = await startTestIngest({ db: t.db, config: t.config, withCommands: { queue: q1 } });
    let logger = await connectLogger(ti, device, 'silent');
    await waitState(first.commandId!, 'sent');
    // Down again with the command in flight, and a second command asked meanwhile.
    await ti.stop();
    await q1.stop();
    const second = (await set(device.id, { chargeMode: 'pvAndGrid' })).data;
    const q2 = createJobQueue(t.db);
    await q2.start(log);
    ti = await startTestIngest({ db: t.db, config: t.config, withCommands: { queue: q2 } });
    logger = await connectLogger(ti, device, 'applied');
    await new Promise((r) => setTimeout(r, 500));
    // Still one in flight: the second waits for the first's answer, which the device sends after the restart.
    expect((await stateOf(second.commandId!))?.state).toBe('queued');
    const ack = { id: first.commandId, status: 'applied', ts: Date.now() };
    await logger.client.publishAsync(`ems/v1/${device.sn}/command/ack`, JSON.stringify(ack), { qos: 1 });
    await waitState(first.commandId!, 'applied');
    await waitState(second.commandId!, 'applied');
    expect(logger.received.map((c) => c.id)).toEqual([second.commandId]);
    await ti.stop();
    await q2.stop();
    ti = await startTestIngest({ db: t.db, config: t.config, withCommands: { queue: t.queue } });
  });
});
