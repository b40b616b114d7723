/** Test util of the restart suites (restart.test.ts, ingest-nodes-restart.test.ts). */
import { expect } from 'vitest';
import { type RestartScenario, runRestartScenario } from './restart-harness';

/** Runs `scenario` with 20,000 messages, 100 in flight, and expects every one stored once. */
export async function expectNothingLostOrTwice(scenario: Omit<RestartScenario, 'messages' | 'inflight'>) {
  const r = await runRestartScenario({ ...scenario, messages: 20_000, inflight: 100 });
  expect({ acknowledged: r.acknowledged, stored: r.stored, lost: r.lost, duplicates: r.duplicates }).toEqual({
    acknowledged: 20_000,
    stored: 20_000,
    lost: 0,
    duplicates: 0,
  });
}
