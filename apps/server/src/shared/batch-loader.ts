/**
 * Group commit for hot paths (decision 0022): a DataLoader without a cache whose batches run one at a
 * time. A batch starts at once (after the current I/O callbacks, so work read from the sockets together
 * joins it) when none runs, else right after the running one ends, with everything that arrived
 * meanwhile. A lone call waits for nothing; a burst costs a few statements per hundred calls. Also a
 * DataLoader cache (whileUnderWay) for reads that are shared only while they run.
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

/**
 * A DataLoader cache that keeps a key's promise only while its batch runs: calls for a key already being
 * read share that read, and a call after it has settled reads again (the caller keeps answers, with its
 * own expiry). Pass as `cacheMap`.
 */
export function whileUnderWay<K, V>(): DataLoader.CacheMap<K, Promise<V>> {
  const under = new Map<K, Promise<V>>();
  return {
    get: (key) => under.get(key),
    set: (key, value) => {
      under.set(key, value);
      const drop = () => {
        if (under.get(key) === value) under.delete(key);
      };
      value.then(drop, drop);
    },
    delete: (key) => under.delete(key),
    clear: () => under.clear(),
  };
}
