import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { releaseFreedHeapPages } from './heap-release';

const MB = 1024 * 1024;
/** The burst of objects the test allocates and drops. */
const held: { burst: { n: number; s: string }[] | null } = { burst: null };
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident bytes of this process in V8's heap pages: anonymous read-write mappings of 256 KB. */
async function heapPagesResident(): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  let bytes = 0;
  let page = false;
  for (const line of (await readFile('/proc/self/smaps', 'utf8')).split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = Number.parseInt(head[2]!, 16) - Number.parseInt(head[1]!, 16);
      page = size === 256 * 1024 && head[3] === 'rw-p' && head[4] === '';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && page) bytes += Number(rss[1]) * 1024;
  }
  return bytes;
}

describe('releaseFreedHeapPages', () => {
  it('gives the pages of a heap that grew and shrank back to the OS, and says so once', async () => {
    const lines: { o: Record<string, number>; msg: string }[] = [];
    const stop = releaseFreedHeapPages(
      { info: (o: object, msg?: string) => lines.push({ o: o as Record<string, number>, msg: msg ?? '' }) },
      { intervalMs: 20, minShrinkBytes: 64 * MB, minGapMs: 60_000 },
    );
    // ≈ 250 MB of small objects, as a burst of work would leave, seen by the watch at its peak.
    // Held from module scope, so no compiler can prove the objects unused and leave them unallocated.
    held.burst = [];
    for (let i = 0; i < 2_500_000; i++) held.burst.push({ n: i, s: `sample ${i}` });
    await tick(100);
    const peak = getHeapStatistics().total_heap_size;
    expect(held.burst.length).toBe(2_500_000);
    expect(peak).toBeGreaterThan(200 * MB);
    held.burst = null;
    // An ordinary full collection, as V8 runs when the old generation fills: the heap shrinks, but
    // its freed pages stay resident in V8's pool.
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as (o: object) => void)({ type: 'major', execution: 'sync' });
    setFlagsFromString('--no-expose-gc');
    const shrunk = getHeapStatistics().total_heap_size;
    expect(peak - shrunk).toBeGreaterThan(100 * MB);
    for (let i = 0; i < 100 && lines.length === 0; i++) await tick(20);
    stop();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toBe('freed heap pages released');
    expect(lines[0]!.o.peakMb! - lines[0]!.o.afterMb!).toBeGreaterThan(64);
    // What the OS holds for V8's pages is now about the heap V8 keeps, not its peak.
    expect(await heapPagesResident()).toBeLessThan(getHeapStatistics().total_heap_size + 48 * MB);
  });
});

describe('releaseFreedHeapPages under load', () => {
  it('waits for a quiet moment, and releases after maxDeferMs when none comes', async () => {
    const run = async (quiet: () => boolean, maxDeferMs: number) => {
      const lines: string[] = [];
      const stop = releaseFreedHeapPages(
        { info: (_o: object, msg?: string) => lines.push(msg ?? '') },
        // Any shrink is enough here: the test is about when, not whether.
        { intervalMs: 20, minShrinkBytes: -1, minGapMs: 60_000, isQuiet: quiet, maxDeferMs },
      );
      return { lines, stop };
    };
    let quiet = false;
    const waiting = await run(() => quiet, 60_000);
    await tick(300);
    // Due all along, but every look found a request under way.
    expect(waiting.lines).toEqual([]);
    quiet = true;
    for (let i = 0; i < 50 && waiting.lines.length === 0; i++) await tick(20);
    waiting.stop();
    expect(waiting.lines).toEqual(['freed heap pages released']);

    const busy = await run(() => false, 200);
    await tick(100);
    expect(busy.lines).toEqual([]);
    for (let i = 0; i < 50 && busy.lines.length === 0; i++) await tick(20);
    busy.stop();
    expect(busy.lines).toEqual(['freed heap pages released']);
  });
});
