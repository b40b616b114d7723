/**
 * The push bench's mail server: smtp-server on a free loopback port, in a child process of its own, so
 * receiving (and the test receiver's parsing) shares neither the event loop nor the CPU count of the
 * server under test, as a real mail server would not (issue 36 §2: as a worker thread its parsing was
 * counted in the server's CPU per message). It acknowledges a mail at the end of its data, as an MTA does once the
 * mail is queued, and reports the bench's codes found in it (`PB` and five digits: several when the
 * platform grouped a mailbox's alarms into one mail) and its recipients, with the moment its data ended.
 */

import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

/** One mail as the bench sees it. */
export interface SunkMail {
  /** The distinct `PB00000`-style codes in the mail, in order (none in a report's mail). */
  codes: string[];
  to: string[];
  /** When its data ended (ms since the epoch). */
  receivedAt: number;
}

/** When each alarm code first reached the sink (ms since the epoch), from its mails so far. */
export function mailedAt(received: readonly SunkMail[]): Map<string, number> {
  const at = new Map<string, number>();
  for (const m of received) for (const code of m.codes) if (!at.has(code)) at.set(code, m.receivedAt);
  return at;
}

/** A running sink. */
export interface SmtpSink {
  port: number;
  /** Its process id (its CPU is charged to the push path in bench/ingest-push.ts's row). */
  pid: number;
  received: SunkMail[];
  close(): Promise<void>;
}

/** Starts the sink in a child process. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const child = fork(fileURLToPath(import.meta.url), ['--sink'], { execArgv: ['--import', 'tsx'] });
  const received: SunkMail[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`smtp sink exited with ${code}`)));
    child.on('message', (m: { port?: number; mail?: SunkMail }) => {
      if (m.port) resolve(m.port);
      if (m.mail) received.push(m.mail);
    });
  });
  return {
    port,
    pid: child.pid!,
    received,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    },
  };
}

if (process.argv[2] === '--sink' && process.send) {
  const port = { postMessage: (m: object) => process.send!(m) };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const receivedAt = Date.now();
        cb();
        // Quoted-printable's soft line breaks could split a code in a long line.
        const data = Buffer.concat(chunks).toString('latin1').replaceAll('=\r\n', '');
        const codes = [...new Set(data.match(/PB\d{5}/g) ?? [])];
        port.postMessage({ mail: { codes, to: session.envelope.rcptTo.map((r) => r.address), receivedAt } });
      });
    },
  });
  server.listen(0, '127.0.0.1', () => {
    port.postMessage({ port: (server.server.address() as AddressInfo).port });
  });
}
