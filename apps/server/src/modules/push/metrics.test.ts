/**
 * Push counters at /metrics (issue 20 §6): an alarm pushed by e-mail through the real job runner (the
 * alarm-push job, the delivery workers and the mail sender) reaches the SMTP server and counts as a sent
 * e-mail delivery; an alarm held back by quiet hours counts as suppressed.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIngestMetrics, startMetricsServer } from '../../ingest/metrics';
import { type PeriodicJobs, startJobs } from '../../jobs/scheduler';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { post } from '../account/test-account';
import { mailSenderJob } from '../mail/sender';
import { startTestSmtpFor, type TestSmtp } from '../mail/test-smtp';
import { startDeliveries } from './deliver';
import { alarmPushJob } from './fanout';
import { registerPushMetrics } from './metrics';

let t: TestApp;
let smtp: TestSmtp;
let jobs: PeriodicJobs;
let server: { port: number; close(): Promise<void> };
let unsubscribe: () => void;

beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startTestSmtpFor(t.db.db);
  const metrics = createIngestMetrics(() => null);
  unsubscribe = registerPushMetrics(metrics.registry, t.db);
  server = await startMetricsServer({
    registry: metrics.registry,
    host: '127.0.0.1',
    port: 0,
    log: pino({ level: 'silent' }),
  });
  const deps = { db: t.db, config: t.config, log: t.app.log, queue: t.queue };
  jobs = await startJobs(deps, [alarmPushJob, mailSenderJob]);
  await startDeliveries(deps, t.queue);
});

afterAll(async () => {
  await jobs?.stop();
  unsubscribe?.();
  await server?.close();
  await t?.close();
  await smtp?.close();
});

/** The value of `ems_push_deliveries_total` for one channel and status (0 when not reported yet). */
async function delivered(channel: string, status: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`ems_push_deliveries_total{channel="${channel}",status="${status}"} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** An owner with a verified e-mail, a site with an inverter, and an e-mail alarm rule (plus `rule`). */
async function ownerWithRule(name: string, rule: Record<string, unknown> = {}) {
  const email = `${name}-${Date.now()}@example.com`;
  const owner = await buildUser(t.db, { email, emailVerified: true });
  const station = await buildStation(t.db, { ownerId: owner.id, name: `${name} roof` });
  const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
  const res = await post(
    t.app,
    '/owner_api/webpvesc/ajax/push/config/save',
    {
      kind: 'alarm',
      channels: ['email'],
      alarmLevels: ['general', 'serious', 'fatal'],
      receiveLanguageId: 1,
      ...rule,
    },
    { token: await signIn(t.app, owner) },
  );
  expect(res.json()).toMatchObject({ status: 0 });
  return { email, station, device };
}

describe('push metrics', () => {
  it('counts a sent e-mail and a suppressed alarm per channel and status', async () => {
    const hhmm = (d: Date) => d.toISOString().slice(11, 16); // the owner's zone is UTC
    const { email, station, device } = await ownerWithRule('metrics', {
      quietFrom: hhmm(new Date(Date.now() - 3_600_000)),
      quietTo: hhmm(new Date(Date.now() + 3_600_000)),
    });
    // The counters are the process's (since it started): other test files in this worker may have counted.
    const before = {
      sent: await delivered('email', 'sent'),
      suppressed: await delivered('email', 'suppressed'),
      failed: await delivered('email', 'failed'),
    };

    // A fatal alarm breaks through quiet hours; a serious one is held back.
    await t.db.query(
      `INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, started_at)
       VALUES ($1, $2, 'M1', 5, 'Fault M1', now()), ($1, $2, 'M2', 4, 'Fault M2', now())`,
      [station.id, device.id],
    );
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toContain('M1');
    await vi.waitFor(async () => expect(await delivered('email', 'sent')).toBe(before.sent + 1), {
      timeout: 10_000,
    });
    expect(await delivered('email', 'suppressed')).toBe(before.suppressed + 1);
    expect(await delivered('email', 'failed')).toBe(before.failed);
  });

  it('counts each alarm a grouped mail carries', async () => {
    const { email, station, device } = await ownerWithRule('metrics-group');
    const sentBefore = await delivered('email', 'sent');
    // Committed together, so one fan-out run takes all three and mails them as one.
    await t.db.query(
      `INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, started_at)
       VALUES ($1, $2, 'G1', 4, 'Fault G1', now()), ($1, $2, 'G2', 4, 'Fault G2', now()),
              ($1, $2, 'G3', 2, 'Fault G3', now())`,
      [station.id, device.id],
    );
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toMatch(/^3 alarm messages: /);
    await vi.waitFor(async () => expect(await delivered('email', 'sent')).toBe(sentBefore + 3), {
      timeout: 10_000,
    });
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
