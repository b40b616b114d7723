import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '../db/client';
import { createDeviceDirectory, KNOWN_TTL_MS } from './device-directory';

type Row = { id: number; serial_number: string; device_type: string };

/** A DbHandle answering the directory's queries from `rows` (the test edits it to add or delete). */
function fakeDb(rows: Row[]): DbHandle {
  return {
    query: async (text: string, params?: unknown[]) => ({
      rows: text.includes('serial_number = $1')
        ? rows.filter((r) => r.serial_number === params?.[0])
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
});
