import { describe, expect, it } from 'vitest';
import { watchEventLoop } from './loop-watch';

/** Keeps the thread busy for `ms`, as a long synchronous statement would. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A watch with a 250-ms threshold whose warn lines are kept. The suite shares a busy machine, so
 * the assertions look at holds of ≥ 500 ms only: the test's own, not a neighbour's. */
function watched() {
  const lines: { heldMs: number; msg: string }[] = [];
  const stop = watchEventLoop(
    { warn: (o: object, msg?: string) => lines.push({ ...(o as { heldMs: number }), msg: msg ?? '' }) },
    { intervalMs: 20, thresholdMs: 250 },
  );
  return { stop, long: () => lines.filter((l) => l.heldMs >= 500) };
}

describe('watchEventLoop', () => {
  it('logs a hold longer than the threshold with how long it was', async () => {
    const w = watched();
    await tick(60);
    hold(600);
    await tick(60);
    w.stop();
    expect(w.long()).toHaveLength(1);
    expect(w.long()[0]!.msg).toBe('event loop held');
    expect(w.long()[0]!.heldMs).toBeLessThan(3_000);
  });

  it('says nothing once stopped', async () => {
    const w = watched();
    await tick(60);
    w.stop();
    hold(600);
    await tick(60);
    expect(w.long()).toEqual([]);
  });
});
