/**
 * Test util: a throwaway Mosquitto running the shipped deploy/mosquitto.conf on a free loopback port, in
 * a temporary directory, as a child process the test controls (stop and restart keep its persistence).
 * Fails naming the package when Mosquitto is not installed (test/engines.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect as netConnect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { requireEngines } from '../test/engines';
import { stopChild } from '../test/stop-child';

const SHIPPED_CONF = new URL('../../../../deploy/mosquitto.conf', import.meta.url);

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** A running throwaway Mosquitto. */
export interface TestMosquitto {
  url: string;
  /** Stops it: SIGTERM saves its persistence (a clean restart), SIGKILL does not. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same port and directory. */
  start(): Promise<void>;
  /** SIGHUP: Mosquitto reads its password and ACL files again, keeping its clients connected. */
  reload(): void;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

/**
 * Starts Mosquitto with deploy/mosquitto.conf on a free port; `extra(dir)` adds settings (e.g. a
 * password_file and acl_file written into its directory `dir`).
 */
export async function startTestMosquitto(extra?: (dir: string) => string): Promise<TestMosquitto> {
  requireEngines('mosquitto');
  const dir = mkdtempSync(join(tmpdir(), 'ems-mosquitto-'));
  const port = await freePort();
  const conf = readFileSync(SHIPPED_CONF, 'utf8')
    .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`)
    .replace(/^persistence_location .*$/m, `persistence_location ${dir}/`);
  // Run as whoever runs the tests (as root Mosquitto would switch to its own user and lose the directory).
  writeFileSync(join(dir, 'mosquitto.conf'), `${conf}\nuser ${userInfo().username}\n${extra?.(dir) ?? ''}\n`);
  let child: ChildProcess | null = null;

  const start = async () => {
    const c = spawn('mosquitto', ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    child = c;
    // Ready once the port accepts connections.
    for (let i = 0; i < 200; i++) {
      if (c.exitCode !== null) throw new Error(`mosquitto exited with ${c.exitCode}`);
      const ok = await accepts(port);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('mosquitto did not start');
  };
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const c = child;
    child = null;
    await stopChild(c, signal);
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop,
    start,
    reload: () => {
      child?.kill('SIGHUP');
    },
    dispose: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether something accepts TCP connections on the loopback port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = netConnect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}
