/**
 * Alarm push across a server crash (issue 20 §3, §10): the real server runs as a child process
 * (ingest/restart-harness.ts) with a real SMTP receiver set as the platform's SMTP server. N alarms are
 * raised, one for each of N owners with an alarm rule on the e-mail channel (alarms for one mailbox would
 * share mails: push/channels/email.ts groups them), so each alarm has a mail of its own; the server is
 * killed (SIGKILL) once some of their mails arrived, then started again on the same database, and every
 * alarm's mail must arrive.
 *
 * Nothing is lost: the fan-out queues each delivery's job in the transaction that takes the alarm event,
 * the delivery writes the outbox mail and its link in one transaction, and a mail leased by the dead
 * sender is due again when its lease ends (MAIL_SENDER.leaseMs). Nothing twice, with one exception the
 * SMTP hand-off cannot avoid: a mail the SMTP server accepted in the instant before the kill, before the
 * sender marked it sent, is sent again after the lease. The sender of a process (the mail-sender job is
 * exclusive) talks to SMTP over MAIL_SENDER.connections pooled connections, one mail at a time on each,
 * so at most that many mails are duplicated per killed process.
 *
 * PGlite (DATABASE_URL unset) or a throwaway PostgreSQL (DATABASE_URL set and PostgreSQL installed), as
 * restart.test.ts picks its stack. The jobs a killed process held are taken up again when the queue gives
 * them up (scheduler.ts PERIODIC_HEARTBEAT_S + SUPERVISE_INTERVAL_S), and its leased mail when the lease
 * ends: the server runs with the shortest lease it accepts (MAIL_LEASE_S, a minute), the mails' wait.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../db/client';
import { migrate } from '../../db/migrate';
import { alarms, pushRules } from '../../db/schema';
import { serverProcess, until } from '../../ingest/restart-harness';
import { freePort } from '../../ingest/test-mosquitto';
import { startTestPostgres, type TestPostgres } from '../../ingest/test-postgres';
import { buildDevice, buildStation, buildUser } from '../../test/factories';
import { MAIL_SENDER } from '../mail/sender';
import { writeSmtpSettings } from '../mail/smtp-settings';
import { startTestSmtp, type TestSmtp } from '../mail/test-smtp';

/** Alarms raised before the crash. */
const N = 200;
/** Mails arrived when the server is killed. */
const KILL_AFTER = 40;
/** The mail lease of the server under test (s): the least config.ts accepts. */
const LEASE_S = 60;
/** Mails the killed sender may have handed to SMTP without recording them sent (one per connection). */
const IN_FLIGHT_AT_KILL = MAIL_SENDER.connections;
const CODE = /\bPR(\d{3})\b/;
const DOMAIN = '@push-restart.example.com';
const LIMIT = 300_000;

const external = !!process.env.DATABASE_URL;

/** How many mails each alarm code got. */
function mailsPerAlarm(smtp: TestSmtp): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of smtp.received) {
    const code = CODE.exec(m.subject)?.[0];
    if (code && m.to.some((to) => to.endsWith(DOMAIN))) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

async function crashWhilePushing() {
  const dir = mkdtempSync(join(tmpdir(), 'ems-push-restart-'));
  let pg: TestPostgres | null = null;
  let smtp: TestSmtp | null = null;
  let server: ReturnType<typeof serverProcess> | null = null;
  try {
    smtp = await startTestSmtp();
    if (external) pg = await startTestPostgres();
    const target = pg ? { url: pg.url } : { dataDir: join(dir, 'data') };
    // Everything is in the database before the server owns it (PGlite is one process's).
    {
      const db = await openDb(target, { onConnectionError: () => {} });
      await migrate(db);
      await writeSmtpSettings(db.db, {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        username: null,
        fromAddress: 'alarms@push-restart.example.com',
      });
      const raised = [];
      for (let i = 0; i < N; i++) {
        const owner = await buildUser(db, { email: `owner${i}${DOMAIN}`, emailVerified: true });
        const station = await buildStation(db, { ownerId: owner.id, name: `Crash roof ${i}` });
        const device = await buildDevice(db, { stationId: station.id, deviceType: 'inverter' });
        await db.db.insert(pushRules).values({
          userId: owner.id,
          kind: 'alarm',
          channels: ['email'],
          alarmLevels: ['general', 'serious', 'fatal'],
          receiveLanguageId: 1,
        });
        // Distinct codes: no flapping digest folds any of them.
        raised.push({
          stationId: station.id,
          deviceId: device.id,
          alarmCode: `PR${String(i).padStart(3, '0')}`,
          alarmLevel: 4,
          alarmDesc: `Crash test fault ${i}`,
          startedAt: new Date(),
        });
      }
      await db.db.insert(alarms).values(raised);
      await db.close();
    }
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      METRICS_PORT: '0',
      ADMIN_PASSWORD: 'PushRestart@2026',
      LOG_LEVEL: 'info', // "platform ready" is an info line
      MAIL_LEASE_S: String(LEASE_S),
      ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: join(dir, 'data') }),
    };
    const s = serverProcess(env);
    server = s;
    await s.start();
    const mails = smtp;
    await until(() => mails.received.length >= KILL_AFTER, 120_000, `${KILL_AFTER} mails`);
    await s.stop('SIGKILL');
    const atKill = mailsPerAlarm(mails);

    await s.start();
    await until(() => mailsPerAlarm(mails).size === N, LIMIT - 60_000, 'every alarm’s mail').catch(
      (err: Error) => {
        const got = mailsPerAlarm(mails).size;
        throw new Error(`${err.message}: ${got} of ${N}; server log:\n${s.output().slice(-3000)}`);
      },
    );
    // A little longer, so a second copy still under way would be seen.
    await new Promise((r) => setTimeout(r, 3000));
    await s.stop('SIGTERM');
    server = null;
    const counts = mailsPerAlarm(mails);
    return {
      atKill: atKill.size,
      alarmsMailed: counts.size,
      twice: [...counts.values()].filter((n) => n > 1).length,
      moreThanTwice: [...counts.values()].filter((n) => n > 2).length,
    };
  } finally {
    await server?.stop('SIGKILL');
    await smtp?.close();
    pg?.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe(`alarm push across a server crash (${external ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    `${N} alarms, SIGKILL mid-delivery: every mail arrives, at most those in flight twice`,
    async () => {
      const r = await crashWhilePushing();
      // The kill landed mid-delivery: some mails had arrived, not all.
      expect(r.atKill).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(r.atKill).toBeLessThan(N);
      expect(r.alarmsMailed).toBe(N);
      expect(r.twice).toBeLessThanOrEqual(IN_FLIGHT_AT_KILL);
      expect(r.moreThanTwice).toBe(0);
    },
    LIMIT,
  );
});
