/**
 * One full garbage collection of this process (the server's, in the benches that run it in-process),
 * through the server's own handle on V8's gc extension, so the bench needs no --expose-gc, which would
 * change what every other bench measures.
 */
import { v8Gc } from '../apps/server/src/http/heap-release';

/** Collects the whole heap now (a major GC, synchronous); returns how long it took, ms. */
export function fullGc(): number {
  const began = performance.now();
  v8Gc()({ type: 'major', execution: 'sync' });
  return performance.now() - began;
}
