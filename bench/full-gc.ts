/**
 * One full garbage collection of this process, without starting it with --expose-gc (which would change
 * what every other bench measures): the flag is set for the moment it takes to get V8's `gc` function.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Collects the whole heap now (a major GC, synchronous); returns how long it took, ms. */
export function fullGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  const began = performance.now();
  gc();
  return performance.now() - began;
}
