/**
 * Waiting for work or the simulator's stop without a leak (issue 36 §3).
 */

/**
 * Returns a wait for a piece of work or the stop, whichever comes first, that leaves nothing behind once
 * the work settles: one reaction on the long-lived `stopSignal` for the whole backfill. Promise.race with
 * `stopSignal` attached a reaction per message that kept each race's result (the published packet with
 * its JSON body) alive until the server stopped: the whole 30-day backfill, 57 MB of the demo fleet's
 * heap for good (issue 36 §3, docs/benchmarks.md "Memory").
 */
export function stopRace(stopSignal: Promise<void>): (work: Promise<unknown>) => Promise<void> {
  const waiting = new Set<() => void>();
  let stopNow = false;
  void stopSignal.then(() => {
    stopNow = true;
    for (const resolve of waiting) resolve();
  });
  return (work) =>
    new Promise<void>((resolve, reject) => {
      if (stopNow) return resolve();
      waiting.add(resolve);
      work.then(
        () => {
          waiting.delete(resolve);
          resolve();
        },
        (err: unknown) => {
          waiting.delete(resolve);
          reject(err);
        },
      );
    });
}
