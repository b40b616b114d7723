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
 * Lowers the calling thread's CPU priority to `niceness`. Linux only: the thread is found by
 * /proc/thread-self (a per-thread nice value is a Linux feature). Never throws.
 * @returns the thread's system id (TID) and its niceness after the call, or null where threads cannot be
 * told apart or the system refused (the thread then keeps the process's priority).
 */
export function lowerThisThreadPriority(niceness: number): { tid: number; niceness: number } | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    // Only ever lowered: a thread already nicer (the process started with `nice`) keeps its value.
    if (getPriority(tid) < niceness) setPriority(tid, niceness);
    return { tid, niceness: getPriority(tid) };
  } catch {
    return null;
  }
}
