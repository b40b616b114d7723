import { describe, expect, it } from 'vitest';
import { alarmKind, worstKind } from './alarm-level';

describe('alarmKind (spec §4)', () => {
  it('maps 1 notice, 2 and 3 alarm, 4 fault, 5 fatal, anything else to a dash', () => {
    expect([1, 2, 3, 4, 5].map(alarmKind)).toEqual(['notice', 'alarm', 'alarm', 'fault', 'fatal']);
    expect(alarmKind(0)).toBeNull();
    expect(alarmKind(null)).toBeNull();
    expect(alarmKind(9)).toBeNull();
  });
});

describe('worstKind', () => {
  it('picks the worst level with alarms', () => {
    expect(worstKind({ notice: 3, alarm: 1, fault: 0, fatal: 0 })).toBe('alarm');
    expect(worstKind({ notice: 0, alarm: 0, fault: 0, fatal: 2 })).toBe('fatal');
    expect(worstKind({ notice: 0, alarm: 0, fault: 0, fatal: 0 })).toBeNull();
    expect(worstKind(undefined)).toBeNull();
  });
});
