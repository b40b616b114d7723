import { describe, expect, it } from 'vitest';
import { positiveIntParam } from './station-id';

describe('positiveIntParam', () => {
  it('reads a positive whole number', () => {
    expect(positiveIntParam('7')).toBe(7);
  });

  it('refuses everything else', () => {
    for (const raw of [null, undefined, '', '0', '-3', '1.5', 'abc', 'Infinity']) {
      expect(positiveIntParam(raw)).toBeNull();
    }
  });
});
