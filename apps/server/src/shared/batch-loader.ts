/**
 * Group commit for hot paths (decision 0022): a DataLoader without a cache whose batches run one at a
 * time. A batch starts at once (after the current I/O callbacks, so work read from the sockets together
 * joins it) when none runs, else right after the running one ends, with everything that arrived
 * meanwhile. A lone call waits for nothing; a burst costs a few statements per hundred calls.
 */
import DataLoader from 'dataloader';

/**
 * A loader whose batch function `run` gets up to `maxBatchSize` keys (repeats included: no cache) and
 * answers one value or Error per key, in order. A thrown error fails every call of its batch.
 */
export function oneBatchAtATime<K, V>(
  run: (keys: readonly K[]) => Promise<(V | Error)[]>,
  maxBatchSize: number,
): DataLoader<K, V> {
  let running: Promise<unknown> = Promise.resolve();
  return new DataLoader<K, V>(
    (keys) => {
      const batch = run(keys);
      running = batch.catch(() => {});
      return batch;
    },
    {
      cache: false,
      maxBatchSize,
      batchScheduleFn: (callback) => {
        void running.then(() => setImmediate(callback));
      },
    },
  );
}
