/**
 * The benches that run the server in their own process (list-real.ts, ingest.ts, `npm run bench`'s
 * run-all.ts) measure it under that process's node flags and environment, not serve's. `withServeFlags()`
 * starts the bench again with what it lacks of serve's start (package.json, read by
 * scripts/serve-command.ts: node flags such as `--heap-growing-percent`, settings such as
 * `MALLOC_ARENA_MAX`), so a figure is taken under the served server's heap sizing (issue 36: that flag
 * alone took the slowest of list/real's first two runs on PGlite from 29–31 ms to 13 ms).
 * BENCH_NODE_FLAGS (space-separated, may be empty) stands in for serve's node flags, here and for the server
 * bench/rss.ts starts (serve-child.ts), to measure what a flag is worth.
 */
import { spawnSync } from 'node:child_process';
import { type ServeCommand, serveCommand } from '../scripts/serve-command';

/**
 * The node flags a bench's server runs with: BENCH_NODE_FLAGS when set (space-separated; empty: none),
 * else serve's.
 */
export function benchNodeFlags(serve: ServeCommand): string[] {
  const flags = process.env.BENCH_NODE_FLAGS;
  return flags === undefined ? serve.nodeFlags : flags.split(/\s+/).filter(Boolean);
}

/** The bench node flags missing from `process.execArgv`, and serve's environment settings not set here. */
function missingFromServe(): { flags: string[]; env: Record<string, string> } {
  const serve = serveCommand();
  const have = new Set(process.execArgv);
  const env = Object.fromEntries(
    Object.entries(serve.env).filter(([name]) => process.env[name] === undefined),
  );
  return { flags: benchNodeFlags(serve).filter((flag) => !have.has(flag)), env };
}

/**
 * Returns when this process has the bench's node flags (benchNodeFlags) and serve's settings; otherwise
 * runs the same command again with the missing ones added, output to this terminal, and exits with its
 * status.
 */
export function withServeFlags(bench: string): void {
  const { flags, env } = missingFromServe();
  const settings = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  if (flags.length + settings.length === 0) return;
  console.log(`[${bench}] again with ${[...settings, ...flags].join(' ')}`);
  const again = spawnSync(process.execPath, [...flags, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  process.exit(again.status ?? 1);
}
