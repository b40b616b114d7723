// A Vitest reporter for the README's test command (scripts/test-all.mjs): it writes the run's errors that
// belong to no test (a worker that stopped, an unhandled rejection after a file closed, a file that never
// finished) to a JSON file, so that the command can repeat their heads at the end of its log. CI shows only
// a log's tail, and the JSON reporter keeps none of these: an unfinished file there is "failed" with an
// empty message (CI, 2026-12-01: inventory.test.ts, its cause lost in the middle of the log).
import { writeFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/**
 * Writes `{ reason, errors: [{ message, file? }], unfinished: [file] }` to the file named by the environment's
 * `VITEST_RUN_ERRORS_FILE` when the run ends (nothing when it is unset: a reporter named on the command line
 * takes no options).
 * `message` is the error's name and message and the first lines of its stack; `file` the test file Vitest
 * tied it to, when it did; `unfinished` the test files whose state was never settled (queued or running).
 */
export default class RunErrorsReporter {
  constructor() {
    this.path = process.env.VITEST_RUN_ERRORS_FILE;
  }

  /**
   * @param {ReadonlyArray<{ moduleId: string, state(): string }>} testModules
   * @param {ReadonlyArray<{ name?: string, message?: string, stack?: string, stacks?: unknown[], testPath?: string, VITEST_TEST_PATH?: string }>} unhandledErrors
   * @param {string} reason
   */
  onTestRunEnd(testModules, unhandledErrors, reason) {
    if (!this.path) return;
    const errors = unhandledErrors.map((e) => ({
      message: describe(e),
      file: e.VITEST_TEST_PATH ?? e.testPath,
    }));
    const unfinished = testModules
      .filter((m) => m.state() === 'queued' || m.state() === 'pending')
      .map((m) => m.moduleId);
    writeFileSync(this.path, JSON.stringify({ reason, errors, unfinished }, null, 1));
  }
}

/**
 * An error's name and message, then its cause's (`←`), each with the first two stack frames of the
 * project's own code (Vitest's and Node's frames say nothing here).
 */
export function describe(error, depth = 0) {
  if (error == null || typeof error !== 'object') return String(error);
  // Vitest's serialized causes carry "Caused by: " in their name or message.
  const unprefixed = (text) => String(text).replace(/^Caused by: /, '');
  const head = `${unprefixed(error.name ?? 'Error')}: ${unprefixed(error.message ?? '')}`;
  const frames = String(error.stack ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('at ') && !l.includes('node_modules') && !l.includes('(node:'))
    .slice(0, 2);
  const cause = error.cause && depth < 3 ? ` ← ${describe(error.cause, depth + 1)}` : '';
  return `${head}${frames.length ? ` (${frames.join(', ')})` : ''}${cause}`;
}

/** The innermost cause of a message written by describe(): the part after its last `←`. */
export function innermostCause(message) {
  return message.split(' ← ').at(-1);
}

/** What V8, Node or the C library print as a process dies natively (a failed CHECK, an abort). */
const NATIVE_CRASH =
  /Fatal error in|Check failed|FATAL ERROR|Fatal process out of memory|Segmentation fault|Aborted \(core dumped\)/;

/**
 * `line` of a run's output, without colours and cut to 300 characters, when it is such a line, else
 * undefined. Vitest passes a worker's stderr through, so a worker that dies natively leaves these lines in
 * the middle of the log and, at its end, only "Worker exited unexpectedly".
 */
export function nativeCrashLine(line) {
  const text = stripVTControlCharacters(line).trim();
  return NATIVE_CRASH.test(text) ? text.slice(0, 300) : undefined;
}

/**
 * The files to run once more after a run with these errors: those a worker that died left unfinished,
 * when dead workers are the run's only errors; else none. A worker that dies natively (CI, 2026-12-01:
 * V8 aborted in the PGlite thread, `ems-pglite … trap int3`) takes its file with it, unrun, so its tests
 * neither passed nor failed; a failing test, or any other error, counts as it is.
 * @param {{ errors: { message: string }[], unfinished: string[] }} runErrors what the reporter wrote
 * @returns {string[]}
 */
export function filesToRunAgain(runErrors) {
  const onlyDeadWorkers =
    runErrors.errors.length > 0 &&
    runErrors.errors.every((e) => /Worker exited unexpectedly/.test(e.message));
  return onlyDeadWorkers ? runErrors.unfinished : [];
}
