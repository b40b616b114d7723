// Installs the engines the test suites need (scripts/test-engines.json: Chromium, PostgreSQL, Mosquitto,
// Redis, nginx, RabbitMQ) from Debian's packages when some are missing and this runs as root, so that
// `npm test` on a fresh machine runs the same suites as CI. Not root: says what is missing and how to get
// it (the suites that need it then fail, naming it). Exit 1 when an engine is still missing.
import { spawnSync } from 'node:child_process';
import { missingEngines } from './lib/engines.mjs';

const missing = missingEngines();
if (missing.length && process.getuid?.() === 0) {
  const packages = missing.map((e) => e.package);
  console.log(`[engines] installing ${packages.join(', ')} (Debian packages the test suites need)…`);
  const sh = (cmd) => spawnSync('sh', ['-c', cmd], { stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
  // Debian's install scripts would start each service on its default port; the suites start their own.
  const noStart =
    'printf "#!/bin/sh\\nexit 101\\n" > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d';
  const hadPolicy = spawnSync('test', ['-e', '/usr/sbin/policy-rc.d']).status === 0;
  if (!hadPolicy) sh(noStart);
  sh(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')} >/dev/null`,
  );
  if (!hadPolicy) sh('rm -f /usr/sbin/policy-rc.d');
}
const still = missingEngines();
for (const e of still) {
  console.error(
    `[engines] ${e.name} is not installed (${e.for}): run \`apt-get install -y ${e.package}\` as root, or run the tests as root`,
  );
}
process.exit(still.length ? 1 : 0);
