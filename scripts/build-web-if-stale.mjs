// Builds the web app when apps/web/dist is missing or older than its sources (so `npm start` is quick
// after the first time).
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { isFresh } from './lib/stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'apps/web/dist/index.html');

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
];
if (isFresh(root, built, sources)) process.exit(0);
console.log('[build] building the web app…');
execSync('npm --workspace apps/web run build', { cwd: root, stdio: 'inherit' });
