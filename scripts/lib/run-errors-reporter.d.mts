/** A Vitest reporter writing the run's errors outside any test to `VITEST_RUN_ERRORS_FILE`. */
export default class RunErrorsReporter {
  onTestRunEnd(testModules: readonly unknown[], unhandledErrors: readonly unknown[], reason: string): void;
}
/** What the reporter writes. */
export interface RunErrors {
  reason: string;
  errors: { message: string; file?: string }[];
  unfinished: string[];
}
/** An error's name and message with its first two frames of the project's code, then its causes after `←`. */
export function describe(error: unknown): string;
/** The innermost cause of a message written by describe(). */
export function innermostCause(message: string): string;
/** A line of a run's output that a native crash printed (V8's fatal error, a failed CHECK), cleaned; else undefined. */
export function nativeCrashLine(line: string): string | undefined;
/** Files a dead worker left unrun, when dead workers are the run's only errors (to run once more); else none. */
export function filesToRunAgain(runErrors: Pick<RunErrors, 'errors' | 'unfinished'>): string[];
