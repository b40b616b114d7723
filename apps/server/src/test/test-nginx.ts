/**
 * Test util: Debian's nginx running the shipped deploy/nginx.conf as a child process, on a free loopback
 * port, in front of given upstream ports, with its pid, logs and temp files in a temporary directory.
 * Fails naming the package when nginx is not installed (engines.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accepts, freePort } from '../ingest/test-mosquitto';
import { requireEngines } from './engines';

const SHIPPED_CONF = new URL('../../../../deploy/nginx.conf', import.meta.url);
const NGINX = '/usr/sbin/nginx';

/**
 * deploy/nginx.conf with its `listen` on 127.0.0.1:`port`, the upstream's `server` lines on
 * `upstreams` (loopback ports, same options as shipped) and its pid, log and temp paths in `dir`.
 * @throws Error when the shipped file no longer has the lines this rewrites.
 */
export function nginxConfFor(
  shipped: string,
  port: number,
  upstreams: readonly number[],
  dir: string,
): string {
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/m;
  const first = serverLine.exec(shipped);
  if (!first || !/^\s*listen 80;$/m.test(shipped))
    throw new Error('deploy/nginx.conf: listen/server lines not found');
  const servers = upstreams.map((p) => `${first[1]}server 127.0.0.1:${p}${first[2] ?? ''};\n`).join('');
  return shipped
    .replace(new RegExp(serverLine.source, 'gm'), '')
    .replace(/^(\s*)keepalive 32;$/m, (line) => `${servers}${line}`)
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`)
    .replace(/^error_log .*;$/m, `error_log ${dir}/error.log warn;`)
    .replace(/^(\s*)access_log \S+ ems;$/m, `$1access_log ${dir}/access.log ems;`)
    .replace(/^(\s*)client_body_temp_path .*;$/m, `$1client_body_temp_path ${dir}/body;`)
    .replace(/^(\s*)proxy_temp_path .*;$/m, `$1proxy_temp_path ${dir}/proxy;`);
}

/** A running nginx. */
export interface TestNginx {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The access log so far (format `ems` of deploy/nginx.conf: `upstream=…` names the node). */
  accessLog(): string;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

/** Starts nginx (`-p dir -c dir/nginx.conf -g 'daemon off;'`) in front of `upstreams`. */
export async function startTestNginx(upstreams: readonly number[]): Promise<TestNginx> {
  requireEngines('nginx');
  const dir = mkdtempSync(join(tmpdir(), 'ems-nginx-'));
  // Its workers (www-data when run as root) make their temp directories in here.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfFor(readFileSync(SHIPPED_CONF, 'utf8'), port, upstreams, dir));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const log = (name: string) => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  for (let i = 0; !(await accepts(port)); i++) {
    if (child.exitCode !== null || i > 200) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${stderr}${log('error.log')}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog: () => log('access.log'),
    dispose: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGQUIT'); // graceful: workers finish their requests
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
