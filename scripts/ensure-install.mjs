// Installs the project's dependencies (including its own Node 24, from the npm package `node`) when they
// are missing or older than the manifests. Runs on whatever Node the machine has, so plain JS, no deps.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const marker = join(root, 'node_modules', '.package-lock.json');
const manifests = ['package.json', 'package-lock.json'].map((f) => join(root, f));
for (const dir of ['apps', 'packages', 'tests']) {
  for (const name of readdirSync(join(root, dir))) manifests.push(join(root, dir, name, 'package.json'));
}
manifests.push(join(root, 'bench', 'package.json'), join(root, 'docs', 'package.json'));

const newest = Math.max(...manifests.filter((f) => existsSync(f)).map((f) => statSync(f).mtimeMs));
if (
  existsSync(marker) &&
  statSync(marker).mtimeMs >= newest &&
  existsSync(join(root, 'node_modules', '.bin', 'node'))
) {
  process.exit(0);
}
// `npm install`, not `npm ci`: npm records only this platform's optional binaries (Biome) in the lock
// file here, and `npm ci` refuses such a lock file on a fresh clone.
const cmd = 'npm install';
console.log(`[setup] ${cmd} (first run or changed dependencies)…`);
execSync(`${cmd} --no-audit --no-fund`, { cwd: root, stdio: 'inherit' });
