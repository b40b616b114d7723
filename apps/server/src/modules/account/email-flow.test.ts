/**
 * The whole e-mail story against a real SMTP receiver: the administrator sets the SMTP server through the
 * console API, a person registers, reads the code in the mail that arrived, verifies, signs in; later
 * recovers the password with a second mailed code.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_NAME } from '../../db/seed/accounts';
import { type PeriodicJobs, startJobs } from '../../jobs/scheduler';
import { buildTestApp, type TestApp } from '../../test/helper';
import { encryptPassword, fetchPublicKey, loginAs } from '../auth/test-login';
import { mailSenderJob } from '../mail/sender';
import { startTestSmtp, type TestSmtp } from '../mail/test-smtp';
import { BACK, codeFromText, encryptForm, get, INFO, post, RESET, VERIFY, validForm } from './test-account';

let t: TestApp;
let smtp: TestSmtp;
let sender: PeriodicJobs;

beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startTestSmtp();
  // Runs as in production, but the periodic run is far off: only "mail queued" wakes it here.
  const log = pino({ level: 'silent' });
  sender = await startJobs({ db: t.db, config: t.config, log, queue: t.queue }, [
    { ...mailSenderJob, everyMs: 3_600_000 },
  ]);
});
afterAll(async () => {
  await sender?.stop();
  await smtp?.close();
  await t?.close();
});

describe('e-mail through a real SMTP server', () => {
  it('register → code by mail → verify → sign in → password back by mail → reset → sign in', async () => {
    const admin = await loginAs(t.app, ADMIN_LOGIN_NAME, 'Admin@Test123');
    const settings = await post(
      t.app,
      '/owner_api/webpvesc/ajax/manage/smtp',
      {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        username: '',
        fromAddress: 'noreply@energy.example',
      },
      { token: admin },
    );
    expect(settings.json()).toMatchObject({
      status: 0,
      data: { configured: true, port: smtp.port, hasPassword: false },
    });

    const form = validForm('Mail_Person', { email: 'mail.person@example.org' });
    const registered = smtp.waitForMail(form.email);
    const reg = await post(t.app, '/owner_api/webpvesc/ajax/register', await encryptForm(t.app, form), {
      languageId: 2,
    });
    expect(reg.json()).toMatchObject({ status: 0, msg: '注册成功', data: { emailVerified: false } });
    const first = await registered;
    expect(first.from).toBe('noreply@energy.example');
    expect(first.subject).toBe('您的验证码');
    const code = codeFromText(first.text);
    expect(code).toMatch(/^[A-Za-z0-9]{6}$/);

    const verified = await post(t.app, VERIFY, {
      userName: 'Mail_Person',
      validCode: code,
    });
    expect(verified.json()).toEqual({ status: 0, msg: 'E-mail verified', data: null });
    const token = await loginAs(t.app, 'Mail_Person', form.password);
    const info = await get(t.app, INFO, { token });
    expect(info.json().data).toMatchObject({
      loginName: 'Mail_Person',
      email: form.email,
      emailVerified: true,
    });

    const recovery = smtp.waitForMail(form.email);
    const back = await post(t.app, BACK, {
      userName: 'Mail_Person',
    });
    expect(back.json()).toMatchObject({ status: 0, data: { resendAfterSeconds: 60 } });
    const second = codeFromText((await recovery).text);
    const ticket = await post(t.app, BACK, {
      userName: 'Mail_Person',
      validCode: second,
    });
    const resetTicket = ticket.json().data.resetTicket as string;
    const key = await fetchPublicKey(t.app);
    const reset = await post(t.app, RESET, {
      userName: 'Mail_Person',
      resetTicket,
      password: encryptPassword(key, 'Fresh@Pass2027'),
      confirmPassword: encryptPassword(key, 'Fresh@Pass2027'),
    });
    expect(reset.json()).toEqual({ status: 0, msg: 'Reset succeeded', data: null });
    expect((await get(t.app, INFO, { token })).json().status).toBe(1000);
    expect(await loginAs(t.app, 'Mail_Person', 'Fresh@Pass2027')).toBeTruthy();

    const outbox = await get(t.app, '/owner_api/webpvesc/ajax/manage/outbox', { token: admin });
    expect(outbox.json().data.rows.map((r: { state: string }) => r.state)).toEqual(['sent', 'sent']);
  });
});
