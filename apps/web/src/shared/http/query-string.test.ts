import { describe, expect, it } from 'vitest';
import { buildQuery } from './query-string';

describe('buildQuery', () => {
  it('sends arrays as repeated keys', () => {
    expect(buildQuery({ stationIds: [1, 2], systemType: 6 })).toBe('?stationIds=1&stationIds=2&systemType=6');
  });

  it('drops undefined and null but keeps false, 0 and empty arrays out', () => {
    expect(buildQuery({ a: undefined, b: null, c: false, d: 0, e: [] })).toBe('?c=false&d=0');
  });

  it('returns an empty string without parameters', () => {
    expect(buildQuery({})).toBe('');
  });

  it('encodes text', () => {
    expect(buildQuery({ filterText: 'Solar & Sun' })).toBe('?filterText=Solar+%26+Sun');
  });
});
