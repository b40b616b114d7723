/**
 * Whose turn it is on one PGlite database (issue 36 §1). PGlite runs one call at a time and queues the
 * others in arrival order, so a list a signed-in person waits for queued behind every background call sent
 * before it: the ingest's write, job polling, rollups, push. PGlite's thread (pglite-worker.ts) hands PGlite
 * one call at a time through these turns instead, and picks the next: calls made for an HTTP request
 * (`urgent`, db/urgency.ts) before background ones, unless the oldest background call has waited
 * `maxBackgroundWaitMs`, so a stream of requests never starves the ingest. Within each kind the order of
 * arrival holds, so one caller's calls still run in the order it sent them.
 */

/** One database's turns. */
export interface Turns {
  /**
   * Queues `run` for a turn; the turn lasts until the promise `run` returns settles (a transaction's turn
   * lasts until it ends). A rejection ends the turn like a resolution: `run` reports its own errors.
   */
  take(urgent: boolean, run: () => Promise<unknown>): void;
  /** Calls waiting for a turn (the running one not counted). */
  waiting(): number;
}

/** Longest a background call waits while urgent ones keep arriving, ms. */
export const MAX_BACKGROUND_WAIT_MS = 100;

interface Waiting {
  arrived: number;
  run: () => Promise<unknown>;
}

/** Options of createTurns. */
export interface TurnsOptions {
  /** After this wait a background call goes before urgent ones, ms (default MAX_BACKGROUND_WAIT_MS). */
  maxBackgroundWaitMs?: number;
  /** The clock, ms (tests pass their own). */
  now?: () => number;
  /**
   * Called before each pick to take in the calls that have arrived meanwhile: PGlite runs a call
   * without yielding to the thread's event loop, so the calls sent while it ran are still in the
   * message port, unseen, when it ends (pglite-worker.ts drains the port here).
   */
  collect?: () => void;
}

/** Turns for one database. */
export function createTurns(options: TurnsOptions = {}): Turns {
  const { maxBackgroundWaitMs = MAX_BACKGROUND_WAIT_MS, now = () => performance.now(), collect } = options;
  const urgent: Waiting[] = [];
  const background: Waiting[] = [];
  let running = false;
  let picking = false;

  const next = (): Waiting | undefined => {
    const oldest = background[0];
    if (oldest && (urgent.length === 0 || now() - oldest.arrived >= maxBackgroundWaitMs)) {
      return background.shift();
    }
    return urgent.shift();
  };

  const pump = () => {
    if (running || picking) return;
    picking = true;
    try {
      collect?.();
    } finally {
      picking = false;
    }
    const call = next();
    if (!call) return;
    running = true;
    const done = () => {
      running = false;
      pump();
    };
    call.run().then(done, done);
  };

  return {
    take(isUrgent, run) {
      (isUrgent ? urgent : background).push({ arrived: now(), run });
      pump();
    },
    waiting: () => urgent.length + background.length,
  };
}
