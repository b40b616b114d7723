import { describe, expect, it } from 'vitest';
import { createTileCache } from './tile-cache';

/** A fetch stand-in that counts calls and answers a PNG, or an error while `failing`. */
function fakeFetch() {
  const state = { calls: 0, failing: false };
  const fetcher = (async () => {
    state.calls++;
    await new Promise((r) => setTimeout(r, 10));
    return state.failing
      ? new Response('down', { status: 503, headers: { 'content-type': 'text/plain' } })
      : new Response(new Uint8Array(1000), { headers: { 'content-type': 'image/png' } });
  }) as typeof fetch;
  return { state, fetcher };
}

describe('tile cache', () => {
  it('fetches a tile once for concurrent and later requests', async () => {
    const { state, fetcher } = fakeFetch();
    const cache = createTileCache({ fetcher });
    const [a, b] = await Promise.all([cache.get('http://t/1/0/0.png'), cache.get('http://t/1/0/0.png')]);
    expect(a?.type).toBe('image/png');
    expect(b?.data.length).toBe(1000);
    await cache.get('http://t/1/0/0.png');
    expect(state.calls).toBe(1);
  });

  it('does not keep failures, and drops the oldest tiles beyond its size', async () => {
    const { state, fetcher } = fakeFetch();
    const cache = createTileCache({ fetcher, maxBytes: 2500 });
    state.failing = true;
    expect(await cache.get('http://t/2/0/0.png')).toBeNull();
    state.failing = false;
    expect(await cache.get('http://t/2/0/0.png')).not.toBeNull();
    expect(state.calls).toBe(2);
    await cache.get('http://t/2/0/1.png');
    await cache.get('http://t/2/0/2.png'); // 3,000 bytes > 2,500: the first tile goes
    await cache.get('http://t/2/0/0.png');
    expect(state.calls).toBe(5);
  });
});
