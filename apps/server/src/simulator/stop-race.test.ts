/**
 * Issue 36 §3: waiting for a publish or the stop keeps nothing of the publish once it has settled, while
 * the stop is still pending (Promise.race kept every result until the server stopped: the whole
 * backfill's messages).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { stopRace } from './stop-race';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('stopRace', () => {
  it('lets a settled result go while the stop is pending', async () => {
    const stopSignal = new Promise<void>(() => {});
    const untilStop = stopRace(stopSignal);
    let ref: WeakRef<object> | undefined;
    await (async () => {
      const packet = { payload: 'x'.repeat(100_000) };
      ref = new WeakRef(packet);
      await untilStop(Promise.resolve(packet));
    })();
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(ref?.deref()).toBeUndefined();
  });

  it('resolves at the stop, before the work does, and at once after it', async () => {
    let stop!: () => void;
    const untilStop = stopRace(new Promise<void>((r) => (stop = r)));
    const never = new Promise(() => {});
    const waiting = untilStop(never);
    stop();
    await expect(waiting).resolves.toBeUndefined();
    await expect(untilStop(never)).resolves.toBeUndefined();
  });

  it('passes the work’s failure on', async () => {
    const untilStop = stopRace(new Promise<void>(() => {}));
    await expect(untilStop(Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });
});
