import type { JobDefinition } from './job';

/** Test job of takeover.test.ts (its two processes give it their own `run`): every 2 s. */
export const TAKEOVER_JOB: Omit<JobDefinition, 'run'> = { name: 'test-takeover', everyMs: 2000, offsetMs: 0 };
