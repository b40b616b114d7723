/**
 * Alarm push in batches (issue 36 §2): several alarms fanned out in one run, their delivery rows written
 * in one statement and their e-mails handed to the mail outbox in the same transaction (no delivery job);
 * what waits for a job (a digest) is handled by deliverBatch, the delivery worker's handler. Users must
 * still get what one alarm at a time told them: every alarm to every rule-matching user, in that user's
 * language, none for a rule that does not match, none once the share ended, and a flapping code one digest.
 * The alarms one run hands over to the same mailbox go in one mail (up to MAIL_GROUP_MAX), each in full.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../db/schema';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { post } from '../account/test-account';
import { deliverDueMail } from '../mail/sender';
import { startTestSmtpFor, type TestSmtp } from '../mail/test-smtp';
import { MAIL_GROUP_MAX } from './channels/email';
import { DELIVER_QUEUE, deliverBatch } from './deliver';
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

/**
 * Fetches every due delivery job as one batch and hands it to the worker's handler. @returns its outcomes.
 */
async function deliverQueued(): Promise<(Error | null)[]> {
  const jobs = await t.queue.boss.fetch<{ deliveryId: number }>(DELIVER_QUEUE.name, {
    batchSize: 100,
    includeMetadata: true,
  });
  const outcomes = await deliverBatch(deps(), jobs);
  if (jobs.length > 0)
    await t.queue.boss.complete(
      DELIVER_QUEUE.name,
      jobs.map((j) => j.id),
    );
  return outcomes;
}

async function sendMail(): Promise<void> {
  while ((await deliverDueMail({ db: t.db, log: t.app.log })).sent > 0) {}
}

async function userWithEmail(name: string) {
  const email = `${name}-${Date.now()}@example.com`;
  const user = await buildUser(t.db, { email, emailVerified: true });
  return { user, email, token: await signIn(t.app, user) };
}

async function saveRule(token: string, rule: Record<string, unknown>): Promise<void> {
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
}

async function share(stationId: number, ownerId: number, viewerId: number): Promise<void> {
  await t.db.query(
    `INSERT INTO friendships (requester_id, addressee_id, asked_name, status) VALUES ($1, $2, 'x', 2)`,
    [ownerId, viewerId],
  );
  await t.db.query(
    `INSERT INTO station_shares (station_id, owner_id, viewer_id, status) VALUES ($1, $2, $3, 2)`,
    [stationId, ownerId, viewerId],
  );
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

/** The user's delivery log (push/log, oldest first): kind, status and reason (en-US). */
async function logOf(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${PUSH}/log?pageNum=1&pageSize=100`,
    headers: { token },
  });
  const rows = (res.json().data as { rows: { kind: string; status: string; reason: string | null }[] }).rows;
  return rows.map(({ kind, status, reason }) => ({ kind, status, reason })).reverse();
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const subjectsTo = (email: string) =>
  mailsTo(email)
    .map((m) => m.subject)
    .sort();

describe('alarms fanned out and delivered in batches', () => {
  it('every alarm to every rule-matching user in the rule’s language, one mail per mailbox and run; none without a match or a share', async () => {
    const owner = await userWithEmail('batch-owner');
    const station = await buildStation(t.db, { ownerId: owner.user.id, name: 'batch roof' });
    const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    const zhFriend = await userWithEmail('batch-zh');
    const fatalOnly = await userWithEmail('batch-fatal');
    const leaving = await userWithEmail('batch-leaving');
    for (const f of [zhFriend, fatalOnly, leaving]) await share(station.id, owner.user.id, f.user.id);
    await saveRule(owner.token, {});
    await saveRule(zhFriend.token, { receiveLanguageId: 2 });
    await saveRule(fatalOnly.token, { alarmLevels: ['fatal'] });
    await saveRule(leaving.token, {});

    const codes = ['B1', 'B2', 'B3'];
    for (const code of codes) await raise(station.id, device.id, code, 4);
    // One run takes the three alarms; a second finds nothing left.
    expect(await fanOutAlarmEvents(deps())).toBe(3);
    expect(await fanOutAlarmEvents(deps())).toBe(0);
    // The fan-out handed the e-mails to the outbox in its own transaction: no delivery job is left.
    expect(await deliverQueued()).toEqual([]);
    await sendMail();
    // The share ends: the next alarm is not pushed to that user (what went out before stays sent).
    await t.db.query('DELETE FROM station_shares WHERE viewer_id = $1', [leaving.user.id]);
    await raise(station.id, device.id, 'B4', 4);
    expect(await fanOutAlarmEvents(deps())).toBe(1);
    await sendMail();

    // The run's three alarms reach each mailbox as one mail that gives each in full; B4, alone in its
    // run, as a mail of its own, as one alarm always did.
    const [grouped, single] = mailsTo(owner.email);
    expect(mailsTo(owner.email)).toHaveLength(2);
    expect(grouped!.subject).toMatch(/^3 alarm messages: \[Fault\] B\d at batch roof/);
    for (const code of codes) {
      expect(grouped!.text).toContain(`[Fault] ${code} at batch roof`);
      expect(grouped!.text).toContain(`Code: ${code}`);
      expect(grouped!.html).toContain(`Fault ${code}`);
    }
    expect(grouped!.text).toContain('Open in Energy Cloud: https://ems.example.com/station?stationId=');
    expect(single!.subject).toBe('[Fault] B4 at batch roof');
    expect(single!.text).not.toContain('B1');
    const [zhGrouped, zhSingle] = mailsTo(zhFriend.email);
    expect(mailsTo(zhFriend.email)).toHaveLength(2);
    expect(zhGrouped!.subject).toMatch(/^3 条告警消息：【故障】batch roof：B\d 等$/);
    for (const code of codes) expect(zhGrouped!.text).toContain(`代码: ${code}`);
    expect(zhSingle!.subject).toBe('【故障】batch roof：B4');
    expect(subjectsTo(fatalOnly.email)).toEqual([]);
    expect(mailsTo(leaving.email)).toHaveLength(1);
    expect(mailsTo(leaving.email)[0]!.text).not.toContain('B4');
    // The log still has a row per alarm, each sent with the mail that carried it.
    expect(await logOf(owner.token)).toEqual(Array(4).fill({ kind: 'alarm', status: 'sent', reason: null }));
    expect(await logOf(fatalOnly.token)).toEqual([]);
    expect(await logOf(leaving.token)).toEqual(
      Array(3).fill({ kind: 'alarm', status: 'sent', reason: null }),
    );

    // Each handed-over delivery links a mail to its recipient that gives its alarm; one attempt. The
    // mail says how many deliveries it carries (the push counter counts each).
    const handed = await t.db.query<{ id: number; mailId: number; carries: number }>(
      `SELECT d.id::int AS id, d.mail_id AS "mailId", m.carries FROM push_deliveries d
       JOIN mail_outbox m ON m.id = d.mail_id JOIN alarms a ON a.id = d.alarm_id
       WHERE d.station_id = $1 AND m.to_address = d.recipient AND m.body LIKE '%' || a.alarm_code || '%'
         AND d.attempts = 1`,
      [station.id],
    );
    expect(handed.rows).toHaveLength(11);
    const carried = new Map(handed.rows.map((h) => [h.mailId, h.carries]));
    expect([...carried.values()].sort()).toEqual([1, 1, 3, 3, 3]);
    // A repeated job of a handed-over delivery (each twice in one batch) sends nothing more.
    const again = handed.rows.map(
      (h) => ({ data: { deliveryId: h.id }, retryCount: 0, retryLimit: 7 }) as never,
    );
    expect(await deliverBatch(deps(), [...again, ...again])).toEqual(Array(22).fill(null));
    await sendMail();
    expect(mailsTo(owner.email)).toHaveLength(2);
    expect(mailsTo(zhFriend.email)).toHaveLength(2);
  });

  it(`an alarm storm: ${MAIL_GROUP_MAX} alarms at most in one mail, every one of them in some mail`, async () => {
    const owner = await userWithEmail('batch-storm');
    const station = await buildStation(t.db, { ownerId: owner.user.id, name: 'storm roof' });
    const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    await saveRule(owner.token, {});
    const n = MAIL_GROUP_MAX + 5;
    const codes = Array.from({ length: n }, (_, i) => `S${String(i).padStart(2, '0')}`);
    for (const code of codes) await raise(station.id, device.id, code, 2);
    expect(await fanOutAlarmEvents(deps())).toBe(n);
    await sendMail();
    const mails = mailsTo(owner.email);
    expect(mails.map((m) => m.subject.split(':')[0]).sort()).toEqual([
      `${MAIL_GROUP_MAX} alarm messages`,
      '5 alarm messages',
    ]);
    const inMails = codes.filter((code) => mails.some((m) => m.text.includes(`Code: ${code}\n`)));
    expect(inMails).toEqual(codes);
    expect(await logOf(owner.token)).toEqual(Array(n).fill({ kind: 'alarm', status: 'sent', reason: null }));
  });

  it('a delivery waiting for a job (a digest) is suppressed at its time once the share ended', async () => {
    const owner = await userWithEmail('batch-digest-owner');
    const friend = await userWithEmail('batch-digest-friend');
    const station = await buildStation(t.db, { ownerId: owner.user.id });
    const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    await share(station.id, owner.user.id, friend.user.id);
    await saveRule(friend.token, {});
    const first = await raise(station.id, device.id, 'BD1', 2);
    await fanOutAlarmEvents(deps());
    await t.db.db.update(alarms).set({ clearedAt: new Date() }).where(eq(alarms.id, first));
    await raise(station.id, device.id, 'BD1', 2);
    await fanOutAlarmEvents(deps());
    await sendMail();
    expect(subjectsTo(friend.email)).toHaveLength(1);
    // The flap's digest waits for its window's end as a delivery job; the share ends meanwhile.
    const [digest] = (
      await t.db.query<{ id: number }>(
        `SELECT id::int AS id FROM push_deliveries WHERE user_id = $1 AND kind = 'digest'`,
        [friend.user.id],
      )
    ).rows;
    await t.db.query('DELETE FROM station_shares WHERE viewer_id = $1', [friend.user.id]);
    await deliverBatch(deps(), [{ data: { deliveryId: digest!.id }, retryCount: 0, retryLimit: 7 } as never]);
    await sendMail();
    expect(subjectsTo(friend.email)).toHaveLength(1);
    expect((await logOf(friend.token)).at(-1)).toEqual({
      kind: 'digest',
      status: 'suppressed',
      reason: 'The site is no longer shared with this account',
    });
  });

  it('a code flapping twice within one run: both logged as flapping, one digest for the window', async () => {
    const owner = await userWithEmail('batch-flap');
    const station = await buildStation(t.db, { ownerId: owner.user.id });
    const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
    await saveRule(owner.token, {});
    const first = await raise(station.id, device.id, 'BF1', 2);
    await fanOutAlarmEvents(deps());
    await t.db.db.update(alarms).set({ clearedAt: new Date() }).where(eq(alarms.id, first));
    const again = await raise(station.id, device.id, 'BF1', 2);
    await t.db.db.update(alarms).set({ clearedAt: new Date() }).where(eq(alarms.id, again));
    await raise(station.id, device.id, 'BF1', 2);
    await fanOutAlarmEvents(deps());
    await deliverQueued();
    await sendMail();

    const rows = await logOf(owner.token);
    expect(rows.filter((r) => r.kind === 'alarm' && r.status === 'sent')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'suppressed' && r.reason?.startsWith('Repeated'))).toHaveLength(2);
    expect(rows.filter((r) => r.kind === 'digest')).toEqual([
      { kind: 'digest', status: 'queued', reason: null },
    ]);
    expect(subjectsTo(owner.email)).toHaveLength(1);
  });
});
