/**
 * The benches that run the server in their own process (list-real.ts, ingest.ts, `npm run bench`'s
 * run-all.ts) measure it under that process's node flags and environment, not serve's. `withServeFlags()`
 * starts the bench again with what it lacks of serve's start (package.json, read by
 * scripts/serve-command.ts: node flags such as `--heap-growing-percent`, settings such as
 * `MALLOC_ARENA_MAX`), so a figure is taken under the served server's heap sizing (issue 36: that flag
 * alone took the slowest of list/real's first two runs on PGlite from 29–31 ms to 13 ms).
 * BENCH_SERVE_FLAGS=off keeps the process as started, to measure what a flag is worth.
 */
import { spawnSync } from 'node:child_process';
import { serveCommand } from '../scripts/serve-command';

/** serve's node flags missing from `process.execArgv`, and its environment settings not set here. */
function missingFromServe(): { flags: string[]; env: Record<string, string> } {
  const serve = serveCommand();
  const have = new Set(process.execArgv);
  const env = Object.fromEntries(
    Object.entries(serve.env).filter(([name]) => process.env[name] === undefined),
  );
  return { flags: serve.nodeFlags.filter((flag) => !have.has(flag)), env };
}

/**
 * Returns when this process has serve's node flags and settings (or BENCH_SERVE_FLAGS=off); otherwise runs
 * the same command again with the missing ones added, output to this terminal, and exits with its status.
 */
export function withServeFlags(bench: string): void {
  const { flags, env } = missingFromServe();
  const settings = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  if (flags.length + settings.length === 0 || process.env.BENCH_SERVE_FLAGS === 'off') return;
  console.log(`[${bench}] again with serve's ${[...settings, ...flags].join(' ')}`);
  const again = spawnSync(process.execPath, [...flags, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  process.exit(again.status ?? 1);
}
