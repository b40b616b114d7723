/**
 * Test util: a throwaway PostgreSQL cluster (initdb into a temporary directory, on a free loopback
 * port) that a test can restart. Run as user `postgres` when the tests run as root (PostgreSQL refuses
 * root). Fails naming the package when PostgreSQL is not installed (test/engines.ts).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { requireEngines } from '../test/engines';
import { freePort } from './test-mosquitto';

const ROOT = '/usr/lib/postgresql';

function binDir(): string | null {
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(ROOT, versions[0], 'bin') : null;
}

/** A running throwaway PostgreSQL. */
export interface TestPostgres {
  /** Connection URL of its `postgres` database (trust authentication on loopback). */
  url: string;
  /** Stops it: `fast` (a clean restart) or `immediate` (as a crash: recovery at the next start). */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  dispose(): void;
}

/** initdb + start on a free port. */
export async function startTestPostgres(): Promise<TestPostgres> {
  requireEngines('postgresql');
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'ems-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const pw = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(pw), Number(gid));
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'ignore' })
      : execFileSync(join(bin, tool), args, { stdio: 'ignore' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['-D', data, '-w', '-m', mode, 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    dispose: () => {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
