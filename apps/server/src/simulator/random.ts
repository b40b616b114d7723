/**
 * Deterministic pseudo-randomness: every "random" value of the simulator is a hash of (seed, index), so
 * the same site at the same time always gets the same value: backfill and live agree, and a restart
 * recomputes exactly what was sent before.
 */

/** FNV-1a hash of a string as an unsigned 32-bit seed. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Uniform value in [0, 1) for (seed, n); n may be any integer-valued number (e.g. a minute index). */
export function rand(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n | 0, 0x9e3779b1) ^ Math.imul(Math.floor(n / 4294967296) | 0, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Smooth noise in [-1, 1] over time: hashed knots every `periodMs`, linearly interpolated. */
export function smoothNoise(seed: number, tMs: number, periodMs: number): number {
  const x = tMs / periodMs;
  const k = Math.floor(x);
  const f = x - k;
  const a = rand(seed, k) * 2 - 1;
  const b = rand(seed, k + 1) * 2 - 1;
  return a + (b - a) * f;
}
