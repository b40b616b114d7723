import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The HTTP client is replaced so the test sees which calls reach the server.
const get = vi.fn();
vi.mock('../http/client', () => ({ api: { get: (...args: unknown[]) => get(...args) } }));

const { addressLimitsQueryOptions } = await import('./reference-queries');

const LIMITS = [{ confType: 3, minAddress: 1, maxAddress: 32, maxDevices: 32 }];

/** A Storage of a Map, as the browser's session storage behaves. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('valid-address categories as reference data (spec §3, issue 35 item 3)', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    get.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads them once per session and keeps them in session storage', async () => {
    get.mockResolvedValue(LIMITS);
    const first = await new QueryClient().fetchQuery(addressLimitsQueryOptions());
    expect(first).toEqual(LIMITS);
    expect(get).toHaveBeenCalledWith(
      '/webpvesc/ajax/configure/device/base/address/limit',
      { confTypes: [3] },
      expect.anything(),
    );
    expect(JSON.parse(sessionStorage.getItem('ems.ref.address-limit.3.en-US') ?? 'null')).toEqual(LIMITS);

    // A later page of the same session (a fresh query cache) answers from session storage.
    const later = await new QueryClient().fetchQuery(addressLimitsQueryOptions());
    expect(later).toEqual(LIMITS);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
