import { describe, expect, it } from 'vitest';
import { clockToDayjs, dayjsToClock } from './clock';

describe('rule clock', () => {
  it('reads HH:mm into a picker value and writes it back unchanged', () => {
    expect(dayjsToClock(clockToDayjs('07:05'))).toBe('07:05');
    expect(dayjsToClock(clockToDayjs('23:59'))).toBe('23:59');
  });

  it('gives null for empty or malformed text and a cleared picker', () => {
    expect(clockToDayjs(null)).toBeNull();
    expect(clockToDayjs('7:05')).toBeNull();
    expect(dayjsToClock(null)).toBeNull();
  });
});
