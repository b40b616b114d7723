import { describe, expect, it } from 'vitest';
import { createTurns } from './pglite-turns';

/** A call that records its start and ends when `finish()` is called. */
function heldCall(name: string, started: string[]) {
  let finish = () => {};
  const run = () =>
    new Promise<void>((resolve) => {
      started.push(name);
      finish = resolve;
    });
  return { run, finish: () => finish() };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('turns on one PGlite database (issue 36 §1)', () => {
  it('runs one call at a time; urgent calls go before queued background ones, each kind in arrival order', async () => {
    const started: string[] = [];
    const turns = createTurns({ now: () => 0 });
    const calls = ['background 1', 'background 2', 'background 3', 'urgent 1', 'urgent 2'].map((n) =>
      heldCall(n, started),
    );
    turns.take(false, calls[0]!.run);
    turns.take(false, calls[1]!.run);
    turns.take(false, calls[2]!.run);
    turns.take(true, calls[3]!.run);
    turns.take(true, calls[4]!.run);
    expect(started).toEqual(['background 1']);
    expect(turns.waiting()).toBe(4);
    for (const call of [calls[0]!, calls[3]!, calls[4]!, calls[1]!]) {
      call.finish();
      await settle();
    }
    expect(started).toEqual(['background 1', 'urgent 1', 'urgent 2', 'background 2', 'background 3']);
  });

  it('a background call that has waited maxBackgroundWaitMs goes before urgent ones', async () => {
    let clock = 0;
    const started: string[] = [];
    const turns = createTurns({ maxBackgroundWaitMs: 100, now: () => clock });
    const first = heldCall('urgent 1', started);
    turns.take(true, first.run);
    turns.take(false, heldCall('background', started).run);
    turns.take(true, heldCall('urgent 2', started).run);
    clock = 100;
    first.finish();
    await settle();
    expect(started).toEqual(['urgent 1', 'background']);
  });

  it('a failed call ends its turn like a finished one', async () => {
    const started: string[] = [];
    const turns = createTurns();
    turns.take(false, () => Promise.reject(new Error('refused')));
    turns.take(false, heldCall('next', started).run);
    await settle();
    expect(started).toEqual(['next']);
  });

  it('takes in the calls that arrived meanwhile before it picks the next', async () => {
    const started: string[] = [];
    const arrived: Array<() => void> = [];
    const turns = createTurns({
      now: () => 0,
      collect: () => {
        for (const take of arrived.splice(0)) take();
      },
    });
    const first = heldCall('background 1', started);
    turns.take(false, first.run);
    // Sent while the first ran, unseen until it ends (as messages waiting in PGlite's thread's port).
    arrived.push(() => turns.take(false, heldCall('background 2', started).run));
    arrived.push(() => turns.take(true, heldCall('urgent', started).run));
    first.finish();
    await settle();
    expect(started).toEqual(['background 1', 'urgent']);
  });
});
