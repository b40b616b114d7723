/**
 * Preloaded into the server by bench/rss.ts (`--import`): answers each IPC message "mem" with the
 * process's memory split (bytes: rss, heapTotal, heapUsed, external, arrayBuffers), so the bench can
 * say where resident memory goes. It adds nothing else to the server.
 */
process.on('message', (m) => {
  if (m === 'mem') process.send?.({ mem: process.memoryUsage() });
});
