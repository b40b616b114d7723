/** The simulated charger's charging profiles (OCPP 1.6 §3.13 stacking, A → W, composite schedule). */
import { describe, expect, it } from 'vitest';
import { type ChargingProfile, ChargingProfiles } from './charging-profiles';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const tx = { transactionId: 5, startMs: NOW - 600_000 };

function profile(
  id: number,
  purpose: ChargingProfile['chargingProfilePurpose'],
  stackLevel: number,
  periods: { startPeriod: number; limit: number; numberPhases?: number }[],
  unit: 'A' | 'W' = 'W',
): ChargingProfile {
  return {
    chargingProfileId: id,
    stackLevel,
    chargingProfilePurpose: purpose,
    chargingProfileKind: 'Absolute',
    chargingSchedule: {
      startSchedule: new Date(NOW - 60_000).toISOString(),
      chargingRateUnit: unit,
      chargingSchedulePeriod: periods,
    },
  };
}

describe('charging profiles of a simulated charger', () => {
  it('limits nothing without a profile', () => {
    expect(new ChargingProfiles().limitW(NOW, tx)).toBe(Number.POSITIVE_INFINITY);
  });

  it('takes the highest stack level, a TxProfile over the default, capped by the charger maximum', () => {
    const p = new ChargingProfiles();
    expect(p.set(1, profile(1, 'TxDefaultProfile', 0, [{ startPeriod: 0, limit: 6000 }]), null, NOW)).toBe(
      'Accepted',
    );
    expect(
      p.set(
        1,
        profile(2, 'TxDefaultProfile', 1, [{ startPeriod: 0, limit: 16, numberPhases: 1 }], 'A'),
        null,
        NOW,
      ),
    ).toBe('Accepted');
    expect(p.limitW(NOW, tx)).toBe(16 * 230);
    expect(p.set(1, profile(3, 'TxProfile', 0, [{ startPeriod: 0, limit: 9000 }]), null, NOW)).toBe(
      'Rejected',
    );
    expect(p.set(1, profile(3, 'TxProfile', 0, [{ startPeriod: 0, limit: 9000 }]), tx, NOW)).toBe('Accepted');
    expect(p.limitW(NOW, tx)).toBe(9000);
    expect(p.set(0, profile(4, 'ChargePointMaxProfile', 0, [{ startPeriod: 0, limit: 7000 }]), tx, NOW)).toBe(
      'Accepted',
    );
    expect(p.limitW(NOW, tx)).toBe(7000);
    p.endTransaction();
    expect(p.limitW(NOW, null)).toBe(16 * 230);
    expect(p.clear({ chargingProfilePurpose: 'TxDefaultProfile' })).toBe('Accepted');
    expect(p.clear({ id: 2 })).toBe('Unknown');
    expect(p.limitW(NOW, null)).toBe(7000);
  });

  it('follows the periods in time and reports them as a composite schedule', () => {
    const p = new ChargingProfiles();
    // Started a minute ago: 3 kW for 5 minutes from the start, then 5 kW.
    p.set(
      1,
      profile(1, 'TxDefaultProfile', 0, [
        { startPeriod: 0, limit: 3000 },
        { startPeriod: 300, limit: 5000 },
      ]),
      null,
      NOW,
    );
    expect(p.limitW(NOW, null)).toBe(3000);
    expect(p.limitW(NOW + 240_000, null)).toBe(5000);
    expect(p.composite(NOW, 600, 'W', 11_000, null).chargingSchedulePeriod).toEqual([
      { startPeriod: 0, limit: 3000 },
      { startPeriod: 240, limit: 5000 },
    ]);
  });
});
