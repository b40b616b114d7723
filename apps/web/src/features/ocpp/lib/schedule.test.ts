import { describe, expect, it } from 'vitest';
import { schedulePeriods } from './schedule';

describe('schedulePeriods', () => {
  it('dates each period from the schedule start and keeps its limit and unit', () => {
    const result = {
      status: 'Accepted',
      connectorId: 0,
      scheduleStart: '2026-11-26T10:00:00.000Z',
      chargingSchedule: {
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [
          { startPeriod: 0, limit: 11000 },
          { startPeriod: 1800, limit: 7400, numberPhases: 3 },
        ],
      },
    };
    expect(schedulePeriods(result)).toEqual([
      { startMs: Date.parse('2026-11-26T10:00:00.000Z'), limit: 11000, unit: 'W', numberPhases: null },
      { startMs: Date.parse('2026-11-26T10:30:00.000Z'), limit: 7400, unit: 'W', numberPhases: 3 },
    ]);
  });
  it('reads amperes, and leaves the start open when the charger gave none', () => {
    const result = {
      status: 'Accepted',
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
    };
    expect(schedulePeriods(result)).toEqual([{ startMs: null, limit: 16, unit: 'A', numberPhases: null }]);
  });
  it('gives no period for a rejected request or a missing answer', () => {
    expect(schedulePeriods({ status: 'Rejected' })).toEqual([]);
    expect(schedulePeriods(null)).toEqual([]);
  });
});
