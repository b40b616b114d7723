/**
 * The real server as `npm run serve` runs it (the built apps/server/dist/main.js, rebuilt when stale, with
 * serve's environment and node flags; scripts/serve-command.ts), forked with bench/rss-probe.ts preloaded
 * so a bench can read its memory. Used by bench/rss.ts (demo fleet) and bench/ocpp-chargers.ts (a node
 * holding chargers).
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scratchDatabase } from '../apps/server/src/test/helper';
import { type ServeCommand, serveCommand } from '../scripts/serve-command';
import type { BenchDbKind } from './harness';
import { benchNodeFlags } from './serve-flags';

/** process.memoryUsage() of the server, bytes. */
export interface Mem {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** A forked server. */
export interface ServeChild {
  child: ChildProcess;
  /** Its memory; with `collect`, after a full garbage collection (live memory only). */
  mem(collect?: boolean): Promise<Mem>;
  /** SIGTERM, resolved once it has exited. */
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The child's entry and node options: serve's (the bundle built first when stale), or with
 * RSS_BENCH_RUNNER=tsx the TypeScript under tsx; BENCH_NODE_FLAGS (serve-flags.ts benchNodeFlags)
 * replaces serve's node flags, to measure what a flag is worth; RSS_BENCH_ENTRY runs another build of the
 * server (a checkout of the commit before a change, built with its own scripts/build-server-if-stale.mjs)
 * under the same command, to compare before and after in one run.
 */
function runner(): ServeCommand {
  const serve = serveCommand();
  serve.nodeFlags = benchNodeFlags(serve);
  if (process.env.RSS_BENCH_RUNNER === 'tsx')
    return {
      ...serve,
      nodeFlags: [...serve.nodeFlags, '--import', 'tsx'],
      entry: join(root, 'apps/server/src/main.ts'),
    };
  const entry = process.env.RSS_BENCH_ENTRY;
  if (entry) return { ...serve, entry };
  execFileSync(process.execPath, [join(root, 'scripts/build-server-if-stale.mjs')], { stdio: 'inherit' });
  return serve;
}

async function waitReady(port: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('server did not start within 180 s');
}

/**
 * Forks the server with the whole environment `env` (serve's own on top; HTTP on `env.PORT`) and resolves
 * once it answers HTTP. @throws when it exits or does not answer within 180 s.
 */
export async function startServeChild(env: NodeJS.ProcessEnv): Promise<ServeChild> {
  const probe = pathToFileURL(fileURLToPath(new URL('./rss-probe.ts', import.meta.url))).href;
  const run = runner();
  const child = fork(run.entry, [], {
    env: { ...env, ...run.env },
    execArgv: [...run.nodeFlags, '--import', probe],
    stdio: 'inherit',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    await waitReady(Number(env.PORT), child);
  } catch (err) {
    await stop();
    throw err;
  }
  const mem = (collect = false) =>
    new Promise<Mem>((resolve) => {
      const on = (m: unknown) => {
        if (m && typeof m === 'object' && 'mem' in m) {
          child.off('message', on);
          resolve((m as { mem: Mem }).mem);
        }
      };
      child.on('message', on);
      child.send(collect ? 'mem-gc' : 'mem');
    });
  return { child, mem, stop };
}

/** Where a bench's server keeps its data; `drop()` removes it. */
export interface NodeStore {
  /** A new temporary directory (PGlite's data, or unused on PostgreSQL). */
  dataDir: string;
  /** A new database on DATABASE_URL's server for 'PostgreSQL', else null (PGlite in `dataDir`). */
  databaseUrl: string | null;
  drop(): Promise<void>;
}

/**
 * A fresh store of `kind` named `ems-bench-{name}-*` / `ems_bench_{name}_*`; PostgreSQL's database on the
 * server of `postgresUrl` (default DATABASE_URL).
 */
export async function nodeStore(
  kind: BenchDbKind,
  name: string,
  postgresUrl = process.env.DATABASE_URL,
): Promise<NodeStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `ems-bench-${name}-`));
  const db = kind === 'PostgreSQL' ? await scratchDatabase(postgresUrl!, `ems_bench_${name}`) : null;
  return {
    dataDir,
    databaseUrl: db?.url ?? null,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}

/**
 * The environment of a bench's server on `store`: process.env with HTTP on 127.0.0.1:`port`, its own
 * embedded broker on a free port (no MQTT_URL), no metrics port, warnings only, then `extra` on top.
 */
export function nodeEnv(store: NodeStore, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: store.dataDir,
    ADMIN_PASSWORD: 'Bench@Admin2024',
    ...extra,
  };
  delete env.MQTT_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}
