// Builds the web app when apps/web/dist is missing or older than its sources (so `npm start` is quick
// after the first time).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'apps/web/dist/index.html');

/** Newest modification time under `path` (files and folders, recursively). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((n) => newest(join(path, n))));
}

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
];
const srcTime = Math.max(...sources.map((s) => newest(join(root, s))));
if (existsSync(built) && statSync(built).mtimeMs >= srcTime && !process.argv.includes('--force'))
  process.exit(0);
console.log('[build] building the web app…');
execSync('npm --workspace apps/web run build', { cwd: root, stdio: 'inherit' });
