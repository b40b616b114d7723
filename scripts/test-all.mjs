// The README's test command: lint + format check, typecheck, locale completeness, unit/API/ingest tests
// (Vitest), browser tests (Playwright in Debian's Chromium). First installs, as root, the engines the
// suites need (scripts/ensure-engines.mjs). Ends with each step's wall time, the ten slowest test files of
// each runner and `tests: N passed, N failed`.
//
// TEST_PASS (set by .ci/run; unset on a developer's machine, where everything runs) splits CI's two passes
// so that nothing runs twice for nothing (issue 30):
//   embedded  lint, typecheck, locales, every Vitest file, and the browser specs that exercise the embedded
//             engines themselves (tests/e2e/playwright.config.ts EMBEDDED_SPECS);
//   cluster   the Vitest files that reach a database, broker or engine (apps/server: the web app's and the
//             contract's tests are pure functions, already run), and every browser spec, through nginx and
//             two server processes. Lint, typecheck and locales read no engine: run once, in the other pass.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'ems-test-'));
const pass = process.env.TEST_PASS ?? 'all';
if (!['all', 'embedded', 'cluster'].includes(pass)) {
  console.error(`TEST_PASS must be embedded or cluster (or unset for everything), not ${pass}`);
  process.exit(2);
}
const started = Date.now();
let passed = 0;
let failed = 0;
const problems = [];
/** Names of failed tests, repeated at the end so that the tail of a long log says what failed. */
const failedTests = [];
/** Each step's wall time, printed at the end. */
const steps = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  steps.push({ name, seconds: (Date.now() - t0) / 1000 });
  if (r.status !== 0) problems.push(`${name} (exit ${r.status})`);
  return r.status === 0;
}

/** Counts a check that has no test count of its own (lint, typecheck) as one test. */
function check(name, cmd, args) {
  if (run(name, cmd, args)) passed += 1;
  else failed += 1;
}

// A missing engine is counted once here; the suites that need it fail too, each naming it.
check('test engines', 'node', ['scripts/ensure-engines.mjs']);
if (pass !== 'cluster') {
  check('lint and format', 'biome', ['check', '.']);
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  check('locales', 'node', ['scripts/check-locales.mjs']);
}

const vitestJson = join(out, 'vitest.json');
run('unit, API and ingest tests', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
  ...(pass === 'cluster' ? ['apps/server/'] : []),
]);
const vitestFiles = [];
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed +=
    r.numFailedTests +
    (r.numTotalTestSuites > 0 && r.numFailedTestSuites > 0 && r.numFailedTests === 0 ? 1 : 0);
  for (const file of r.testResults ?? []) {
    const path = file.name.replace(root, '');
    vitestFiles.push({ path, seconds: (file.endTime - file.startTime) / 1000 });
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failedTests.push(`${path} › ${t.fullName}: ${errorHead(t.failureMessages?.[0])}`);
    if (!tests.length && file.status === 'failed') failedTests.push(`${path}: ${errorHead(file.message)}`);
  }
} else failed += 1;

let specFiles = [];
if (run('web build', 'node', ['scripts/build-web-if-stale.mjs'])) {
  const pwJson = join(out, 'playwright.json');
  run('browser tests', 'npm', ['--workspace', 'tests/e2e', 'run', 'test', '--', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    E2E_SCOPE: pass === 'embedded' ? 'embedded' : 'all',
  });
  if (existsSync(pwJson)) {
    const report = JSON.parse(readFileSync(pwJson, 'utf8'));
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    const perFile = new Map();
    for (const spec of playwrightSpecs(report.suites ?? [])) {
      const results = spec.tests?.flatMap((t) => t.results ?? []) ?? [];
      const ms = results.reduce((sum, res) => sum + (res.duration ?? 0), 0);
      perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms / 1000);
      const last = results.at(-1);
      if (spec.ok === false)
        failedTests.push(`${spec.file} › ${spec.title}: ${errorHead(last?.error?.message)}`);
    }
    specFiles = [...perFile].map(([path, seconds]) => ({ path, seconds }));
  } else failed += 1;
} else failed += 1;

console.log(`\nSteps (TEST_PASS=${pass}):`);
for (const s of steps) console.log(`  ${s.seconds.toFixed(0).padStart(6)} s  ${s.name}`);
printSlowest('Vitest', vitestFiles);
printSlowest('browser', specFiles);
console.log(`\nwall time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✗ ${t}`).join('\n')}`);
if (problems.length) console.log(`\nFailed steps: ${problems.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);

/** Prints the ten slowest files of a runner (a file's wall time; Vitest runs two files at once). */
function printSlowest(runner, files) {
  if (!files.length) return;
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  console.log(`\nTen slowest ${runner} files (of ${files.length}, ${total.toFixed(0)} s in all):`);
  for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.path}`);
}

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
