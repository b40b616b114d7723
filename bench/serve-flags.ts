/**
 * The benches that run the server in their own process (list-real.ts, ingest.ts, `npm run bench`'s
 * run-all.ts) measure it under the node flags of that process, not serve's. `withServeFlags()` starts
 * the bench again with serve's node flags (package.json, read by scripts/serve-command.ts) when its
 * process lacks some, so a figure is taken under the served server's heap sizing (issue 36:
 * `--heap-growing-percent` alone moved list/real's first runs from 29–31 to 9–13 ms).
 * BENCH_SERVE_FLAGS=off keeps the process's own flags, to measure what a flag is worth.
 */
import { spawnSync } from 'node:child_process';
import { serveCommand } from '../scripts/serve-command';

/** serve's node flags missing from this process's own (`process.execArgv`), in serve's order. */
export function missingServeFlags(): string[] {
  const have = new Set(process.execArgv);
  return serveCommand().nodeFlags.filter((flag) => !have.has(flag));
}

/**
 * Returns when this process has serve's node flags (or BENCH_SERVE_FLAGS=off); otherwise runs the same
 * command again with the missing flags added, output to this terminal, and exits with its status.
 */
export function withServeFlags(bench: string): void {
  const missing = missingServeFlags();
  if (missing.length === 0 || process.env.BENCH_SERVE_FLAGS === 'off') return;
  console.log(`[${bench}] again with serve's node flags ${missing.join(' ')}`);
  const again = spawnSync(process.execPath, [...missing, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}
