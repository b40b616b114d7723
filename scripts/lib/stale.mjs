// Whether a build output is up to date with its sources, for the build-*-if-stale scripts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under `path` (files and folders, recursively); 0 when it does not exist. */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((n) => newest(join(path, n))));
}

/**
 * True when `built` (absolute path) exists and is newer than every file under `sources` (paths relative to
 * `root`), and the command line has no `--force`.
 */
export function isFresh(root, built, sources) {
  if (process.argv.includes('--force') || !existsSync(built)) return false;
  const srcTime = Math.max(...sources.map((s) => newest(join(root, s))));
  return statSync(built).mtimeMs >= srcTime;
}
