/**
 * Issue 6 item 9: the real app's log, captured from its pino stream, while each secret-bearing form's
 * save fails in the database (a trigger refuses the write, so the error carries the bound values).
 * Not one secret the caller sent, nor one the server made (codes, tickets), may appear in it.
 */

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { createJobQueue } from '../jobs/queue';
import { encryptForm, latestCodeTo, post, validForm } from '../modules/account/test-account';
import { signInAdmin } from '../modules/admin/test-admin';
import { createAuthService } from '../modules/auth/service';
import { encryptPassword, fetchPublicKey, loginAs, signIn } from '../modules/auth/test-login';
import { DEMO_OWNER, openTestDb } from '../test/helper';
import { buildApp } from './app';
import { CENSOR } from './log-redaction';
import { loggerOptions } from './logger';

const lines: string[] = [];
/** Every value the log must not hold: plaintexts, their ciphertexts, codes, tickets, tokens. */
const secrets: string[] = [];
let app: FastifyInstance;
let db: DbHandle;
let drop: () => Promise<void>;
let publicKey: string;

const log = () => lines.join('');
const keep = <T extends string>(s: T): T => {
  secrets.push(s);
  return s;
};
const encrypted = (plain: string) => keep(encryptPassword(publicKey, plain));

/** Makes every INSERT and UPDATE on `table` fail until the returned function is called. */
async function refuseWrites(table: string): Promise<() => Promise<void>> {
  await db.query(
    `CREATE OR REPLACE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS
     $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$`,
  );
  await db.query(
    `CREATE TRIGGER refuse_${table} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_write()`,
  );
  return async () => {
    await db.query(`DROP TRIGGER refuse_${table} ON ${table}`);
  };
}

/** Runs `call` while writes to `table` fail and checks that it answered the 500 envelope. */
async function failingSave(table: string, call: () => Promise<{ statusCode: number; json(): unknown }>) {
  const allow = await refuseWrites(table);
  try {
    const res = await call();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: expect.any(Number), data: null });
  } finally {
    await allow();
  }
}

beforeAll(async () => {
  const config = loadConfig({ SIMULATOR: 'off', ADMIN_PASSWORD: 'Admin@Test123', LOG_LEVEL: 'trace' });
  ({ db, drop } = await openTestDb());
  await migrate(db);
  const auth = createAuthService({ db, config });
  const stream = { write: (line: string) => void lines.push(line) };
  app = await buildApp(
    { config, db, authenticate: auth.authenticate, queue: createJobQueue(db) },
    { logger: loggerOptions({ ...config, LOG_FORMAT: 'json' }, { stream }) },
  );
  await seed(db, config, app.log);
  await app.ready();
  publicKey = await fetchPublicKey(app);
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('secrets in the log', () => {
  it('a failed save of the SMTP settings does not log the SMTP password', async () => {
    const token = keep(await signInAdmin(app));
    const password = keep('Smtp-S3cret-Value');
    await failingSave('settings', () =>
      post(
        app,
        '/owner_api/webpvesc/ajax/manage/smtp',
        {
          host: 'smtp.example.com',
          port: 587,
          security: 'tls',
          username: 'mailer@example.com',
          password,
          fromAddress: 'noreply@example.com',
        },
        { token },
      ),
    );
  });

  it('a failed password change logs neither password', async () => {
    const token = keep(await loginAs(app, DEMO_OWNER.username, DEMO_OWNER.password));
    keep(DEMO_OWNER.password);
    const next = keep('Next-Pass-4242');
    await failingSave('users', () =>
      post(
        app,
        '/owner_api/webpvesc/ajax/user/password/edit',
        {
          oldPassword: encrypted(DEMO_OWNER.password),
          password: encrypted(next),
          confirmPassword: encrypted(next),
        },
        { token },
      ),
    );
  });

  it('a failed sign-in (the session cannot be stored) logs no password', async () => {
    await failingSave('sessions', () => signIn(app, DEMO_OWNER.username, DEMO_OWNER.password));
  });

  it('a failed registration logs no password', async () => {
    const form = validForm('logsecret_reg', {
      password: keep('Reg-Secret-777'),
      confirmPassword: 'Reg-Secret-777',
    });
    const body = await encryptForm(app, form);
    keep(body.password as string);
    keep(body.confirmPassword as string);
    await failingSave('users', () => post(app, '/owner_api/webpvesc/ajax/register', body));
  });

  it('failed e-mail verification and password reset log no code, ticket or password', async () => {
    const form = validForm('logsecret_mail', {
      password: 'Mail-Pass-2024',
      confirmPassword: 'Mail-Pass-2024',
    });
    expect(
      (await post(app, '/owner_api/webpvesc/ajax/register', await encryptForm(app, form))).json(),
    ).toMatchObject({ status: 0 });
    const code = keep(await latestCodeTo(db, form.email));
    const verify = () =>
      post(app, '/owner_api/webpvesc/ajax/user/email/verify', { userName: form.userName, validCode: code });
    await failingSave('verification_codes', verify);
    // The refused write left the code live: now it verifies, so the account can retrieve its password.
    expect((await verify()).json()).toMatchObject({ status: 0 });

    const back = '/owner_api/webpvesc/ajax/user/password/back';
    expect((await post(app, back, { userName: form.userName })).json()).toMatchObject({ status: 0 });
    const backCode = keep(await latestCodeTo(db, form.email));
    const answer = (await post(app, back, { userName: form.userName, validCode: backCode })).json() as {
      data: { resetTicket: string };
    };
    const resetTicket = keep(answer.data.resetTicket);
    const next = keep('Reset-Pass-5151');
    await failingSave('users', () =>
      post(app, '/owner_api/webpvesc/ajax/user/password/resert', {
        userName: form.userName,
        resetTicket,
        password: encrypted(next),
        confirmPassword: encrypted(next),
      }),
    );
  });

  it('holds none of the secrets, though it logged every failure with its error', () => {
    const text = log();
    const logged = lines.filter((l) => l.includes('"err":') && l.includes('refused by test'));
    expect(logged.length).toBe(6);
    expect(secrets.length).toBeGreaterThanOrEqual(15);
    for (const secret of secrets)
      expect(text, `secret ${secret.slice(0, 12)}… in the log`).not.toContain(secret);
    expect(text).toContain(CENSOR);
    // Whatever a failed query bound (hashes, mail bodies with codes) is censored as a whole.
    expect(text).not.toMatch(/params: (?!\[Redacted\])/);
  });
});
