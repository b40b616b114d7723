// Runs smtp-worker.ts from the sources (tests, benches, `node --import tsx`): a worker thread starts
// without its parent's loaders, so tsx is registered here first. The built server runs its bundled
// worker instead (smtp-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./smtp-worker.ts');
