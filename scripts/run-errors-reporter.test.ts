// The README's test command repeats the Vitest errors that belong to no test at the end of its log
// (lib/run-errors-reporter.mjs): here a real Vitest run whose worker dies in its second file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { filesToRunAgain, nativeCrashLine, type RunErrors } from './lib/run-errors-reporter.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'run-errors-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('names the file a dead worker left unfinished, why, and what the worker printed as it died', () => {
  const file = join(out, 'errors.json');
  const run = spawnSync(
    join(root, 'node_modules/.bin/vitest'),
    [
      'run',
      '--root',
      'scripts/fixtures/worker-crash',
      '--reporter=default',
      '--reporter=./scripts/lib/run-errors-reporter.mjs',
    ],
    { cwd: root, env: { ...process.env, VITEST_RUN_ERRORS_FILE: file }, encoding: 'utf8' },
  );
  expect(run.status).toBe(1);
  // What the dying worker printed, picked out of the run's output for the end of the log.
  const crashLines = `${run.stdout}\n${run.stderr}`.split('\n').map(nativeCrashLine).filter(Boolean);
  expect(crashLines).toEqual(['# Fatal error in fixture, line 0', '# Check failed: a native crash.']);
  const written = JSON.parse(readFileSync(file, 'utf8')) as RunErrors;
  expect(written.unfinished).toEqual([join(root, 'scripts/fixtures/worker-crash/b-dies.fixture.mjs')]);
  expect(written.errors).toHaveLength(1);
  expect(written.errors[0]?.message).toMatch(
    /Worker exited unexpectedly with signal SIGKILL .*b-dies\.fixture\.mjs/,
  );
  // Its only error is the dead worker: the file runs once more.
  expect(filesToRunAgain(written)).toEqual(written.unfinished);
}, 60_000);

it('runs nothing again when the run had another error than a dead worker', () => {
  const unfinished = ['/repo/a.test.ts'];
  const dead = {
    message: 'Error: [vitest-pool]: Worker forks emitted error. (cause: Worker exited unexpectedly)',
  };
  expect(filesToRunAgain({ errors: [dead], unfinished })).toEqual(unfinished);
  expect(filesToRunAgain({ errors: [dead, { message: 'Error: unhandled rejection' }], unfinished })).toEqual(
    [],
  );
  expect(filesToRunAgain({ errors: [], unfinished })).toEqual([]);
});
