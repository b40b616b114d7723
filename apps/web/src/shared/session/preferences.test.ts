import { describe, expect, it } from 'vitest';
import { parseDisplaySize, parseSystemType } from './preferences';
import { isVersionStale } from './version';

describe('parseSystemType (spec §2)', () => {
  it('accepts the five system types', () => {
    for (const t of [1, 2, 6, 7, 3]) expect(parseSystemType(String(t))).toBe(t);
  });

  it('defaults to 3 when unset or unknown', () => {
    expect(parseSystemType(undefined)).toBe(3);
    expect(parseSystemType('4')).toBe(3);
    expect(parseSystemType('pv')).toBe(3);
  });
});

describe('parseDisplaySize (spec §2/§3)', () => {
  it('defaults to small and keeps middle and large', () => {
    expect(parseDisplaySize(undefined)).toBe('small');
    expect(parseDisplaySize('huge')).toBe('small');
    expect(parseDisplaySize('middle')).toBe('middle');
    expect(parseDisplaySize('large')).toBe('large');
  });
});

describe('isVersionStale (spec §4)', () => {
  it('is stale on a first visit and after an upgrade, not on the same version', () => {
    expect(isVersionStale(null, 'V2.4.202')).toBe(true);
    expect(isVersionStale('V2.4.201', 'V2.4.202')).toBe(true);
    expect(isVersionStale('V2.4.202', 'V2.4.202')).toBe(false);
  });
});
