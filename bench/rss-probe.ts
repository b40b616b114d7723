/**
 * Preloaded into the server by bench/serve-child.ts (`--import`): answers each IPC message "mem" with the
 * process's memory split (bytes: rss, heapTotal, heapUsed, external, arrayBuffers), and "mem-gc" with the
 * same after a full garbage collection (live memory only), so a bench can say where resident memory
 * goes. It adds nothing else to the server.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;
process.on('message', (m) => {
  if (m === 'mem-gc') {
    if (!gc) {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    }
    gc();
  }
  if (m === 'mem' || m === 'mem-gc') process.send?.({ mem: process.memoryUsage() });
});
