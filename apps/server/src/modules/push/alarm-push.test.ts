/**
 * Alarm push end to end (issue 20 §3, §8): an alarm raised on a site reaches a real SMTP server as one
 * localized mail with a link to the station, once per occurrence however often the fan-out runs; a
 * flapping code gives one message and a digest; quiet hours hold back all but fatal alarms; a friend
 * whose share ended gets nothing more. The fan-out hands e-mail to the outbox itself; what waits for a
 * delivery job (digests) is driven by the job's own handler, one call per queued row, as the worker would.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, pushDeliveries } from '../../db/schema';
import type { QueueJob } from '../../jobs/queue';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { post } from '../account/test-account';
import { deliverDueMail } from '../mail/sender';
import { startTestSmtpFor, type TestSmtp } from '../mail/test-smtp';
import { deliver } from './deliver';
import { fanOutAlarmEvents } from './fanout';

const PUSH = '/owner_api/webpvesc/ajax/push';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://ems.example.com' });
  smtp = await startTestSmtpFor(t.db.db);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const deps = () => ({ db: t.db, config: t.config, log: t.app.log, queue: t.queue });

/** Runs every queued delivery through the delivery job's handler, then the mail sender. */
async function drain(): Promise<void> {
  const queued = await t.db.db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(sql`${pushDeliveries.status} = 'queued' AND ${pushDeliveries.mailId} IS NULL
      AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'push-deliver'
        AND (j.data->>'deliveryId')::bigint = ${pushDeliveries.id} AND j.start_after > now())`);
  for (const { id } of queued) {
    await deliver(deps(), { data: { deliveryId: id }, retryCount: 0, retryLimit: 7 } as QueueJob<{
      deliveryId: number;
    }>);
  }
  while ((await deliverDueMail({ db: t.db, log: t.app.log })).sent > 0) {}
}

/** An owner with a verified e-mail, a site in Shanghai with one inverter, and the owner's token. */
async function ownerWithSite(name: string) {
  const email = `${name}-${Date.now()}@example.com`;
  const owner = await buildUser(t.db, { email, emailVerified: true });
  const station = await buildStation(t.db, {
    ownerId: owner.id,
    name: `${name} roof`,
    timeZone: 'Asia/Shanghai',
  });
  const device = await buildDevice(t.db, {
    stationId: station.id,
    deviceType: 'inverter',
    name: `${name} inverter`,
  });
  return { owner, email, station, device, token: await signIn(t.app, owner) };
}

async function saveRule(token: string, rule: Record<string, unknown>): Promise<number> {
  const res = await post(
    t.app,
    `${PUSH}/config/save`,
    {
      kind: 'alarm',
      channels: ['email'],
      alarmLevels: ['general', 'serious', 'fatal'],
      receiveLanguageId: 1,
      ...rule,
    },
    { token },
  );
  expect(res.json()).toMatchObject({ status: 0 });
  return (res.json().data as { id: number }).id;
}

async function raise(stationId: number, deviceId: number, code: string, level: number): Promise<number> {
  const [row] = await t.db.db
    .insert(alarms)
    .values({
      stationId,
      deviceId,
      alarmCode: code,
      alarmLevel: level,
      alarmDesc: `Fault ${code}`,
      startedAt: new Date(),
    })
    .returning({ id: alarms.id });
  return row!.id;
}

const clear = (alarmId: number) =>
  t.db.db.update(alarms).set({ clearedAt: new Date() }).where(eq(alarms.id, alarmId));

/** The caller's delivery log as push/log shows it (oldest first): kind, status and reason (en-US). */
async function deliveriesOf(
  token: string,
): Promise<{ kind: string; status: string; reason: string | null }[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${PUSH}/log?pageNum=1&pageSize=100`,
    headers: { token },
  });
  const rows = (res.json().data as { rows: { kind: string; status: string; reason: string | null }[] }).rows;
  return rows.map(({ kind, status, reason }) => ({ kind, status, reason })).reverse();
}

describe('alarm push by e-mail', () => {
  it('one mail per alarm occurrence, with site, device, code, level, local time and a link', async () => {
    const { email, station, device, token } = await ownerWithSite('solar');
    await saveRule(token, {});
    await raise(station.id, device.id, 'E001', 4);

    // Two fan-outs at once (as two processes would) and one later: the occurrence is pushed once.
    await Promise.all([fanOutAlarmEvents(deps()), fanOutAlarmEvents(deps())]);
    await fanOutAlarmEvents(deps());
    await drain();

    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('E001');
    expect(mail.subject).toContain('solar roof');
    expect(mail.text).toContain('solar inverter');
    expect(mail.text).toContain('Asia/Shanghai');
    expect(mail.text).toContain(
      `https://ems.example.com/station?stationId=${station.id}&deviceId=${device.id}`,
    );
    expect(mail.html).toContain(`stationId=${station.id}`);
    expect(await deliveriesOf(token)).toEqual([{ kind: 'alarm', status: 'sent', reason: null }]);

    const log = await t.app.inject({
      method: 'GET',
      url: `${PUSH}/log?pageNum=1&pageSize=10`,
      headers: { token },
    });
    const { rows, total } = log.json().data as { rows: { status: string }[]; total: number };
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ status: 'sent' });
    expect(JSON.stringify(rows)).not.toContain(email);
  });

  it('in the rule’s receive language', async () => {
    const { email, station, device, token } = await ownerWithSite('zh');
    await saveRule(token, { receiveLanguageId: 2 });
    await raise(station.id, device.id, 'E002', 5);
    await fanOutAlarmEvents(deps());
    await drain();
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.subject).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a flapping code: one message, the next raises logged as flapping and one digest for the window', async () => {
    const { station, device, token } = await ownerWithSite('flap');
    await saveRule(token, {});
    for (let i = 0; i < 3; i++) {
      const id = await raise(station.id, device.id, 'F100', 2);
      await fanOutAlarmEvents(deps());
      await clear(id);
      await fanOutAlarmEvents(deps());
    }
    await drain();
    const rows = await deliveriesOf(token);
    expect(rows.filter((r) => r.kind === 'alarm' && r.status === 'sent')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'suppressed' && r.reason?.startsWith('Repeated'))).toHaveLength(2);
    // The digest waits for the end of its 10-minute window: one row, not yet sent.
    expect(rows.filter((r) => r.kind === 'digest')).toEqual([
      { kind: 'digest', status: 'queued', reason: null },
    ]);
  });

  it('quiet hours hold back a serious alarm but not a fatal one', async () => {
    const { email, station, device, token } = await ownerWithSite('quiet');
    const hhmm = (d: Date) => d.toISOString().slice(11, 16); // the owner's zone is UTC
    const now = Date.now();
    await saveRule(token, {
      quietFrom: hhmm(new Date(now - 3_600_000)),
      quietTo: hhmm(new Date(now + 3_600_000)),
    });
    await raise(station.id, device.id, 'Q1', 4);
    await raise(station.id, device.id, 'Q2', 5);
    await fanOutAlarmEvents(deps());
    await drain();
    const rows = await deliveriesOf(token);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({ kind: 'alarm', status: 'suppressed', reason: 'Quiet hours' });
    expect(rows).toContainEqual({ kind: 'alarm', status: 'sent', reason: null });
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails.map((m) => m.subject.includes('Q2'))).toEqual([true]);
  });
});

describe('a friend’s push of a shared site (issue 20 §8)', () => {
  it('reaches the friend while shared, never for another site, and stops once the share ends', async () => {
    const owner = await ownerWithSite('lender');
    const other = await ownerWithSite('stranger');
    const friendEmail = `friend-${Date.now()}@example.com`;
    const friend = await buildUser(t.db, { email: friendEmail, emailVerified: true });
    const friendToken = await signIn(t.app, friend);
    await t.db.query(
      `INSERT INTO friendships (requester_id, addressee_id, asked_name, status) VALUES ($1, $2, 'x', 2)`,
      [owner.owner.id, friend.id],
    );
    await t.db.query(
      `INSERT INTO station_shares (station_id, owner_id, viewer_id, status) VALUES ($1, $2, $3, 2)`,
      [owner.station.id, owner.owner.id, friend.id],
    );
    // A rule naming a site the friend does not see is refused like a missing one.
    const foreign = await post(
      t.app,
      `${PUSH}/config/save`,
      {
        kind: 'alarm',
        channels: ['email'],
        alarmLevels: ['serious'],
        receiveLanguageId: 1,
        stationIds: [other.station.id],
      },
      { token: friendToken },
    );
    expect(foreign.json().status).not.toBe(0);
    await saveRule(friendToken, {});

    await raise(owner.station.id, owner.device.id, 'S1', 4);
    await raise(other.station.id, other.device.id, 'S1', 4);
    await fanOutAlarmEvents(deps());
    await drain();
    expect(
      smtp.received.filter((m) => m.to.includes(friendEmail)).map((m) => m.subject.includes('lender roof')),
    ).toEqual([true]);

    // Raised while shared, the share ended before the fan-out took it: nothing for the friend.
    const rows = await deliveriesOf(friendToken);
    await raise(owner.station.id, owner.device.id, 'S2', 4);
    await t.db.query('DELETE FROM station_shares WHERE viewer_id = $1', [friend.id]);
    await fanOutAlarmEvents(deps());
    await drain();
    expect(await deliveriesOf(friendToken)).toHaveLength(rows.length);
    expect(smtp.received.filter((m) => m.to.includes(friendEmail))).toHaveLength(1);
  });
});
