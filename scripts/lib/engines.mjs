// The engines the tests need (scripts/test-engines.json): which are installed, and Debian's packages for
// the missing ones. Plain JS: it runs before the project's dependencies are installed. Types: engines.d.mts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Every engine the suites use, as listed in scripts/test-engines.json. */
export function testEngines() {
  const file = new URL('../test-engines.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')).engines;
}

/** Whether `binary` exists; one `*` stands for any folder name (`/usr/lib/postgresql/<version>/bin/initdb`). */
export function installed(binary) {
  const star = binary.indexOf('*');
  if (star < 0) return existsSync(binary);
  const parent = dirname(binary.slice(0, star + 1));
  const rest = binary.slice(binary.indexOf('/', star));
  if (!existsSync(parent)) return false;
  return readdirSync(parent).some((entry) => existsSync(join(parent, entry) + rest));
}

/** The engines whose binary is not there (Chromium at CHROMIUM_PATH when that is set). */
export function missingEngines() {
  return testEngines().filter((e) => {
    const binary = e.name === 'chromium' && process.env.CHROMIUM_PATH ? process.env.CHROMIUM_PATH : e.binary;
    return !installed(binary);
  });
}
