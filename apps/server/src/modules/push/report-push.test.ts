/**
 * Periodic report push end to end (issue 20 §5): a daily generation report rule reaches a real SMTP
 * server once per period, with the period's .xlsx; two processes at the same minute push it once; a push
 * time missed while the server was down is sent once when it comes back; the clock is the user's, across
 * a DST change. Also the e-mail test send (every verified mailbox) and the log while no SMTP server is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDeliveries, settings } from '../../db/schema';
import type { QueueJob } from '../../jobs/queue';
import { buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { post } from '../account/test-account';
import { deliverDueMail } from '../mail/sender';
import { SMTP_SETTING, writeSmtpSettings } from '../mail/smtp-settings';
import { startTestSmtp, type TestSmtp } from '../mail/test-smtp';
import type { PushMessage } from './channel';
import { deliver } from './deliver';
import { pushDueReports } from './reports';

const PUSH = '/owner_api/webpvesc/ajax/push';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const deps = () => ({ db: t.db, config: t.config, log: t.app.log, queue: t.queue });
const setSmtp = () =>
  writeSmtpSettings(t.db.db, {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    username: null,
    fromAddress: 'reports@ems.example.com',
  });

/** Runs the user's queued deliveries through the delivery job's handler, then the mail sender. */
async function drain(userId: number): Promise<void> {
  const queued = await t.db.db
    .select({ id: pushDeliveries.id, mailId: pushDeliveries.mailId, status: pushDeliveries.status })
    .from(pushDeliveries)
    .where(eq(pushDeliveries.userId, userId));
  for (const d of queued.filter((q) => q.status === 'queued' && q.mailId === null)) {
    await deliver(deps(), { data: { deliveryId: d.id }, retryCount: 0, retryLimit: 7 } as QueueJob<{
      deliveryId: number;
    }>);
  }
  while ((await deliverDueMail({ db: t.db, log: t.app.log })).sent > 0) {}
}

/** The report periods of `userId`'s deliveries, in the order they were made. */
const periodsOf = async (userId: number) =>
  (
    await t.db.db
      .select({ message: pushDeliveries.message })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.userId, userId))
      .orderBy(pushDeliveries.id)
  ).map((r) => (r.message as PushMessage).report?.from);

async function ownerWithRule(timeZone: string, pushTime: string, createdAt: string) {
  const email = `report-${Math.random().toString(36).slice(2)}@example.com`;
  const owner = await buildUser(t.db, { email, emailVerified: true, timeZone });
  await buildStation(t.db, { ownerId: owner.id, name: 'Report roof', timeZone });
  const token = await signIn(t.app, owner);
  const res = await post(
    t.app,
    `${PUSH}/config/save`,
    { kind: 'generation', channels: ['email'], period: 'day', pushTime, receiveLanguageId: 1 },
    { token },
  );
  expect(res.json()).toMatchObject({ status: 0 });
  // The rule existed before the push times the test walks through.
  await t.db.query('UPDATE push_rules SET created_at = $1 WHERE user_id = $2', [createdAt, owner.id]);
  return { owner, email, token };
}

describe('daily report push', () => {
  it('once per period with its .xlsx, also with two processes at the same minute', async () => {
    await setSmtp();
    const { owner, email } = await ownerWithRule('Europe/Berlin', '08:00', '2026-11-01T00:00:00Z');
    const at = Date.parse('2026-11-20T07:00:30Z'); // 08:00:30 in Berlin
    await Promise.all([pushDueReports(deps(), at), pushDueReports(deps(), at)]);
    await pushDueReports(deps(), at + 60_000);
    expect(await periodsOf(owner.id)).toEqual(['2026-11-19']);
    await drain(owner.id);
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(`${mails[0]!.subject}\n${mails[0]!.text}`).toContain('2026-11-19');
    expect(mails[0]!.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.xlsx$/)]);
    expect(mails[0]!.attachments[0]!.content.subarray(0, 2).toString()).toBe('PK'); // a zip: .xlsx
  });

  it('a push time missed while the server was down is sent once when it is back, for the last period', async () => {
    const { owner } = await ownerWithRule('Europe/Berlin', '08:00', '2026-11-01T00:00:00Z');
    await pushDueReports(deps(), Date.parse('2026-11-20T07:01:00Z'));
    // Down from the 20th to the 23rd at noon: one report when it comes back, not three, and not again.
    await pushDueReports(deps(), Date.parse('2026-11-23T11:00:00Z'));
    await pushDueReports(deps(), Date.parse('2026-11-23T11:01:00Z'));
    expect(await periodsOf(owner.id)).toEqual(['2026-11-19', '2026-11-22']);
  });

  it('at the user’s clock across the spring DST change', async () => {
    const { owner } = await ownerWithRule('Europe/Berlin', '08:00', '2026-03-27T08:00:00Z');
    // 08:00 CET is 07:00Z on the 28th; 08:00 CEST is 06:00Z on the 29th.
    await pushDueReports(deps(), Date.parse('2026-03-28T06:59:00Z'));
    expect(await periodsOf(owner.id)).toEqual([]);
    await pushDueReports(deps(), Date.parse('2026-03-28T07:00:10Z'));
    await pushDueReports(deps(), Date.parse('2026-03-29T05:59:00Z'));
    expect(await periodsOf(owner.id)).toEqual(['2026-03-27']);
    await pushDueReports(deps(), Date.parse('2026-03-29T06:00:10Z'));
    expect(await periodsOf(owner.id)).toEqual(['2026-03-27', '2026-03-28']);
  });
});

describe('e-mail test send and the log', () => {
  it('waits, saying why, while no SMTP server is set; then reaches every verified mailbox', async () => {
    await t.db.db.delete(settings).where(eq(settings.key, SMTP_SETTING));
    const email = `tester-${Date.now()}@example.com`;
    const owner = await buildUser(t.db, { email, emailVerified: true });
    const token = await signIn(t.app, owner);
    const second = `second-${Date.now()}@example.com`;
    await t.db.query(
      'INSERT INTO push_mailboxes (user_id, email, verified_at) VALUES ($1, $2, now()), ($1, $3, now())',
      [owner.id, email, second],
    );
    const test = await post(t.app, `${PUSH}/test`, { channel: 'email' }, { token });
    expect(test.json()).toMatchObject({ status: 0 });
    await drain(owner.id);
    const log = await t.app.inject({ method: 'GET', url: `${PUSH}/log`, headers: { token } });
    const rows = (log.json().data as { rows: { status: string; reason: string | null }[] }).rows;
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.status)).toEqual(['waiting', 'waiting']);
    expect(rows[0]!.reason).toBe('Waiting: the channel is not set up');

    await setSmtp();
    await drain(owner.id);
    expect(smtp.received.filter((m) => m.to.includes(email) || m.to.includes(second))).toHaveLength(2);
    const after = await t.app.inject({ method: 'GET', url: `${PUSH}/log`, headers: { token } });
    expect((after.json().data as { rows: { status: string }[] }).rows.map((r) => r.status)).toEqual([
      'sent',
      'sent',
    ]);
  });
});
