import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '../db/client';
import { createDeviceDirectory, KNOWN_TTL_MS } from './device-directory';

type Row = { id: number; serial_number: string; device_type: string };

/** A DbHandle answering the directory's queries from `rows` (the test edits it to add or delete). */
function fakeDb(rows: Row[]): DbHandle {
  return {
    query: async (text: string, params?: unknown[]) => ({
      rows: text.includes('serial_number = ANY($1')
        ? rows.filter((r) => ((params?.[0] ?? []) as string[]).includes(r.serial_number))
        : [...rows],
    }),
  } as unknown as DbHandle;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('device directory', () => {
  it('keeps devices known past the TTL when preloaded again, and lets deleted ones expire', async () => {
    const rows: Row[] = [
      { id: 1, serial_number: 'A', device_type: 'inverter' },
      { id: 2, serial_number: 'B', device_type: 'meter' },
    ];
    const dir = createDeviceDirectory(fakeDb(rows));
    expect(await dir.preload()).toBe(2);

    vi.advanceTimersByTime(KNOWN_TTL_MS / 2);
    rows.pop(); // B deleted
    expect(await dir.preload()).toBe(1);
    vi.advanceTimersByTime(KNOWN_TTL_MS / 2 + 1);

    expect(dir.peek('A')).toEqual({ id: 1, type: 'inverter', viaGateway: false });
    expect(dir.peek('B')).toBeUndefined();
    expect(await dir.load('B')).toBeNull();
  });

  it('shares one read among the packets of a new device that arrive together, and reads again later', async () => {
    const rows: Row[] = [{ id: 7, serial_number: 'C', device_type: 'inverter' }];
    const db = fakeDb(rows);
    let reads = 0;
    const counted = {
      query: (text: string, params?: unknown[]) => {
        reads++;
        return db.query(text, params);
      },
    } as unknown as DbHandle;
    const dir = createDeviceDirectory(counted);
    const answers = await Promise.all(Array.from({ length: 8 }, () => dir.load('C')));
    expect(answers).toEqual(Array(8).fill({ id: 7, type: 'inverter', viaGateway: false }));
    expect(reads).toBe(1);
    // Once answered, a later read asks the database again (load is what the ingest calls on a stale entry).
    await dir.load('C');
    expect(reads).toBe(2);
  });
});
