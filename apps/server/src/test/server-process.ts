/**
 * Test util: the real server as users run it, as a child process: the bundle `npm run serve` runs
 * (apps/server/dist, built by scripts/build-server-if-stale.mjs, decision 0016) with serve's node flags
 * and environment (scripts/serve-command.ts). Used by the browser tests (tests/e2e/server.ts) and the
 * cluster (test/cluster.ts), so both run what production runs.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { serveCommand } from '../../../../scripts/serve-command';

const root = new URL('../../../../', import.meta.url).pathname;
const node = join(root, 'node_modules/.bin/node');

/** Builds apps/server/dist when its sources are newer (about a second; nothing when fresh). */
export function buildServerBundle(): void {
  execFileSync(node, ['scripts/build-server-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
}

/** A server process that answers HTTP. */
export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  port: number;
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Sends `signal` (default SIGTERM: a clean shutdown) and resolves when it has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Spawns the built server with process.env, serve's environment and `env` on top (a value `undefined`
 * removes that variable); `env.PORT` must be set. Call buildServerBundle() first. Resolves once
 * `GET /owner_api/webpvesc/ajax/language/list` answers (the API is up).
 * @throws Error with its output when it exits or does not answer within `timeoutMs`.
 */
export async function spawnServer(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = Number(env.PORT);
  if (!port) throw new Error('spawnServer needs env.PORT');
  const serve = serveCommand();
  const merged: Record<string, string | undefined> = { ...serve.env, ...process.env, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const child = spawn(node, [...serve.nodeFlags, '--enable-source-maps', serve.entry], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    // A clean shutdown waits for jobs in hand; one that hangs is not the test's subject.
    const hung = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(hung);
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${baseUrl}/owner_api/webpvesc/ajax/language/list`);
      if (r.ok) return { baseUrl, port, process: child, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within ${timeoutMs / 1000} s:\n${log}`);
}
