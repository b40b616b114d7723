/**
 * One full garbage collection of this process (the server's, in the benches that run it in-process),
 * through the server's own handle on V8's gc extension, so the bench needs no --expose-gc, which would
 * change what every other bench measures.
 */
import { v8Gc } from '../apps/server/src/http/heap-release';

/** Collects the whole heap now (a major GC, synchronous). */
export function fullGc(): void {
  v8Gc()({ type: 'major', execution: 'sync' });
}
