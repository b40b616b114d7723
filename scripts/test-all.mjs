// The README's test command: lint + format check, typecheck, locale completeness, unit/API/ingest tests
// (Vitest), browser tests (Playwright in Debian's Chromium). Ends with `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'ems-test-'));
let passed = 0;
let failed = 0;
const problems = [];
/** Names of failed tests, repeated at the end so that the tail of a long log says what failed. */
const failedTests = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) problems.push(`${name} (exit ${r.status})`);
  return r.status === 0;
}

/** Counts a check that has no test count of its own (lint, typecheck) as one test. */
function check(name, cmd, args) {
  if (run(name, cmd, args)) passed += 1;
  else failed += 1;
}

check('lint and format', 'biome', ['check', '.']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('locales', 'node', ['scripts/check-locales.mjs']);

const vitestJson = join(out, 'vitest.json');
run('unit, API and ingest tests', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed +=
    r.numFailedTests +
    (r.numTotalTestSuites > 0 && r.numFailedTestSuites > 0 && r.numFailedTests === 0 ? 1 : 0);
  for (const file of r.testResults ?? []) {
    const path = file.name.replace(root, '');
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failedTests.push(`${path} › ${t.fullName}: ${errorHead(t.failureMessages?.[0])}`);
    if (!tests.length && file.status === 'failed') failedTests.push(`${path}: ${errorHead(file.message)}`);
  }
} else failed += 1;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium) && process.getuid?.() === 0) {
  // The browser tests need Debian's Chromium (Playwright cannot download its own here).
  run('install chromium', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}
if (!existsSync(chromium)) {
  console.error(`\nBrowser tests need Chromium at ${chromium}: run \`apt-get install -y chromium\` as root.`);
}
if (run('web build', 'node', ['scripts/build-web-if-stale.mjs'])) {
  const pwJson = join(out, 'playwright.json');
  run('browser tests', 'npm', ['--workspace', 'tests/e2e', 'run', 'test', '--', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  if (existsSync(pwJson)) {
    const report = JSON.parse(readFileSync(pwJson, 'utf8'));
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    for (const spec of playwrightSpecs(report.suites ?? [])) {
      const last = spec.tests?.[0]?.results?.at(-1);
      if (spec.ok === false)
        failedTests.push(`${spec.file} › ${spec.title}: ${errorHead(last?.error?.message)}`);
    }
  } else failed += 1;
} else failed += 1;

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✗ ${t}`).join('\n')}`);
if (problems.length) console.log(`\nFailed steps: ${problems.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);

/**
 * The head of an error message on one line: its first five non-empty lines (an assertion's name, then
 * the locator, expected and received values a CI log needs), without colour codes, cut to 600 characters.
 */
function errorHead(message) {
  const text = stripVTControlCharacters(String(message ?? ''));
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 5)
    .join(' | ')
    .slice(0, 600);
}

/** Every spec of a Playwright JSON report, from nested suites. */
function playwrightSpecs(suites) {
  return suites.flatMap((s) => [...(s.specs ?? []), ...playwrightSpecs(s.suites ?? [])]);
}
