import type { ChildProcess } from 'node:child_process';

/**
 * Test util: sends `signal` to a child process the test started (an engine, a server) and resolves once
 * it exited; nothing when there is none or it has ended already.
 */
export async function stopChild(c: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise<void>((r) => c.once('exit', () => r()));
  // A paused process (SIGSTOP in a test) could not act on SIGTERM.
  c.kill('SIGCONT');
  c.kill(signal);
  await exited;
}
