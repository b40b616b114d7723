/**
 * CPU priority of the calling thread (issue 36 §2). The server's background threads (the SMTP client's)
 * do work that can wait a few milliseconds; at the default priority the scheduler lets them preempt the
 * ingest's threads each time they wake, and on a busy 2-core box every such turn is a pause in the device
 * data. At a higher niceness they run in the gaps the ingest leaves, and still get about a tenth of a busy
 * core (Linux's weight for nice 10), so their work is late, never starved.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Niceness of the server's background threads (Linux nice value, 0 to 19; the server runs at 0). */
export const BACKGROUND_NICENESS = 10;

/**
 * The calling thread's system id (Linux TID, from /proc/thread-self), which `os.getPriority` and
 * `os.setPriority` take to read or set that one thread's nice value. @throws where there is no
 * /proc/thread-self (not Linux).
 */
export function thisThreadTid(): number {
  return Number(readlinkSync('/proc/thread-self').split('/').pop());
}

/**
 * Lowers the calling thread's CPU priority to `niceness` (a per-thread nice value is a Linux feature).
 * Never throws: elsewhere, or where the system refuses, the thread keeps the process's priority. Only ever
 * lowers: a thread already nicer (the process started with `nice`) keeps its value.
 */
export function lowerThisThreadPriority(niceness: number): void {
  try {
    const tid = thisThreadTid();
    if (getPriority(tid) < niceness) setPriority(tid, niceness);
  } catch {
    // Not Linux, or not allowed: the default priority is a slower path, not a failure.
  }
}
