/**
 * Test util: a throwaway Redis (Debian's `redis-server`, no persistence) on a free loopback port, as a
 * child process the test controls: stop it, start it again, or pause it (SIGSTOP: the port stays open
 * but nothing answers). It fails naming the package when Redis is not installed (engines.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accepts, freePort } from '../ingest/test-mosquitto';
import { requireEngines } from './engines';
import { stopChild } from './stop-child';

/** A running throwaway Redis. */
export interface TestRedis {
  url: string;
  /** Stops it (its data is gone: nothing is saved). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP) until resume(): connections stay open, commands get no answer. */
  pause(): void;
  resume(): void;
  /** Stops it for good. */
  dispose(): Promise<void>;
}

/** Starts redis-server on a free loopback port. */
export async function startTestRedis(): Promise<TestRedis> {
  requireEngines('redis');
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const c = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = c;
    for (let i = 0; i < 200; i++) {
      if (c.exitCode !== null) throw new Error(`redis-server exited with ${c.exitCode}`);
      if (await accepts(port)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const c = child;
    child = null;
    await stopChild(c);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    dispose: stop,
  };
}
