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
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { filesToRunAgain, innermostCause, nativeCrashLine } from './lib/run-errors-reporter.mjs';

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

/**
 * Runs one step, its output passed through as it comes; `watch`, when given, also sees each line of it
 * (stdout and stderr). @returns whether it exited with 0.
 */
async function run(name, cmd, args, env = {}, watch = undefined) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const io = watch ? 'pipe' : 'inherit';
  // Through a pipe, a step would think it writes to a file: colours stay on when they reach a terminal.
  const colour = watch && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['inherit', io, io],
    env: { ...process.env, ...colour, ...env },
  });
  if (watch) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      from.pipe(to, { end: false });
      createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on('line', watch);
    }
  }
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  steps.push({ name, seconds: (Date.now() - t0) / 1000 });
  if (status !== 0) problems.push(`${name} (exit ${status})`);
  return status === 0;
}

/** Counts a check that has no test count of its own (lint, typecheck) as one test. */
async function check(name, cmd, args) {
  if (await run(name, cmd, args)) passed += 1;
  else failed += 1;
}

// A missing engine is counted once here; the suites that need it fail too, each naming it.
await check('test engines', 'node', ['scripts/ensure-engines.mjs']);
if (pass !== 'cluster') {
  await check('lint and format', 'biome', ['check', '.']);
  await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await check('locales', 'node', ['scripts/check-locales.mjs']);
}

const vitestJson = join(out, 'vitest.json');
const runErrorsJson = join(out, 'vitest-errors.json');
/** What a worker that died natively printed (scripts/lib/run-errors-reporter.mjs nativeCrashLine). */
const nativeCrashLines = [];
const VITEST_STEP = 'unit, API and ingest tests';
await run(
  VITEST_STEP,
  'vitest',
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/lib/run-errors-reporter.mjs',
    `--outputFile.json=${vitestJson}`,
    ...(pass === 'cluster' ? ['apps/server/'] : []),
  ],
  { VITEST_RUN_ERRORS_FILE: runErrorsJson },
  (line) => {
    const text = nativeCrashLine(line);
    if (text && nativeCrashLines.length < 20) nativeCrashLines.push(text);
  },
);
/** Errors of the Vitest run that belong to no test (scripts/lib/run-errors-reporter.mjs), repeated at the end. */
const runErrors = existsSync(runErrorsJson)
  ? JSON.parse(readFileSync(runErrorsJson, 'utf8'))
  : { errors: [], unfinished: [] };
const vitestFiles = [];
/** Said at the end of the log: files a dead worker left unrun, and how they did when run again. */
const warnings = [];
if (existsSync(vitestJson)) {
  const results = new Map(
    (JSON.parse(readFileSync(vitestJson, 'utf8')).testResults ?? []).map((f) => [f.name, f]),
  );
  // A worker that died natively took its file with it, unrun: run once more (lib/run-errors-reporter.mjs).
  const unrun = filesToRunAgain(runErrors);
  if (unrun.length) {
    const againJson = join(out, 'vitest-again.json');
    const again = await run(`${VITEST_STEP}: files a dead worker left unrun, again`, 'vitest', [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${againJson}`,
      ...unrun,
    ]);
    const rerun = existsSync(againJson)
      ? (JSON.parse(readFileSync(againJson, 'utf8')).testResults ?? [])
      : [];
    for (const file of rerun) results.set(file.name, file);
    const names = unrun.map((f) => f.replace(root, '')).join(', ');
    warnings.push(
      `a Vitest worker died (${errorHead(innermostCause(runErrors.errors[0].message))}); ${names} ran again: ${again ? 'passed' : 'failed'}`,
    );
    if (again && rerun.length === unrun.length) {
      // The first run's failure was the dead worker's only: its step no longer counts as failed.
      const first = problems.findIndex((p) => p.startsWith(`${VITEST_STEP} (exit`));
      if (first >= 0) problems.splice(first, 1);
    }
  }
  for (const file of results.values()) {
    const path = file.name.replace(root, '');
    vitestFiles.push({ path, seconds: (file.endTime - file.startTime) / 1000 });
    const assertions = file.assertionResults ?? [];
    passed += assertions.filter((t) => t.status === 'passed').length;
    const tests = assertions.filter((t) => t.status === 'failed');
    failed += tests.length;
    for (const t of tests) failedTests.push(`${path} › ${t.fullName}: ${errorHead(t.failureMessages?.[0])}`);
    if (!tests.length && file.status === 'failed') {
      failed += 1;
      const why = runErrors.unfinished.includes(file.name)
        ? 'did not finish (its worker stopped or the run ended first: see "Vitest errors" below)'
        : errorHead(file.message);
      failedTests.push(`${path}: ${why}`);
    }
  }
} else failed += 1;

let specFiles = [];
if (await run('web build', 'node', ['scripts/build-web-if-stale.mjs'])) {
  const pwJson = join(out, 'playwright.json');
  await run(
    'browser tests',
    'npm',
    ['--workspace', 'tests/e2e', 'run', 'test', '--', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      E2E_SCOPE: pass === 'embedded' ? 'embedded' : 'all',
    },
  );
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
if (runErrors.errors.length)
  console.log(
    `\nVitest errors outside any test (${runErrors.errors.length}):\n${runErrors.errors
      .slice(0, 10)
      .map((e) => `  ! ${e.file ? `${e.file.replace(root, '')}: ` : ''}${errorHead(e.message)}`)
      .join('\n')}`,
  );
if (warnings.length) console.log(`\nWarnings:\n${warnings.map((w) => `  ! ${w}`).join('\n')}`);
if (nativeCrashLines.length)
  console.log(
    `\nNative crash lines in the Vitest output:\n${nativeCrashLines.map((l) => `  ! ${l}`).join('\n')}`,
  );
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
