/**
 * The test SMTP receiver behaves as a real mail server when a client dies mid-mail (the crash tests kill
 * a server process while it sends): the broken transaction is dropped, the receiver keeps serving, and
 * nothing is thrown into the test process.
 */
import { connect, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from './test-smtp';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => smtp?.close());

/** Sends `line` and resolves with the server's next reply. */
function say(socket: Socket, line: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (d) => resolve(d.toString()));
    socket.write(`${line}\r\n`);
  });
}

it('a client reset in the middle of DATA is dropped; the next mail still arrives', async () => {
  const socket = connect(smtp.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('data', () => resolve())); // the greeting
  expect(await say(socket, 'EHLO crash.example.com')).toMatch(/^250/);
  expect(await say(socket, 'MAIL FROM:<alarms@crash.example.com>')).toMatch(/^250/);
  expect(await say(socket, 'RCPT TO:<owner@crash.example.com>')).toMatch(/^250/);
  expect(await say(socket, 'DATA')).toMatch(/^354/);
  socket.write('Subject: half a mail\r\n\r\nThe sender dies here');
  // As a killed process's socket ends: a TCP reset, no QUIT.
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.resetAndDestroy();
  });

  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false });
  await transport.sendMail({
    from: 'alarms@crash.example.com',
    to: 'owner@crash.example.com',
    subject: 'the whole mail',
    text: 'Sent after the reset',
  });
  const mail = await smtp.waitForMail('owner@crash.example.com');
  expect(mail.subject).toBe('the whole mail');
  expect(smtp.received.map((m) => m.subject)).toEqual(['the whole mail']);
});
