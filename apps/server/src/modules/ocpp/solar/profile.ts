/**
 * The OCPP 1.6 call of solar charging (issue 33, OCPP 1.6 §3.13 and §5.16): a charger connector's limit in
 * amperes per phase, as a TxProfile of its open transaction or, without one, a TxDefaultProfile of the
 * connector.
 */

/**
 * The id of solar charging's profile: fixed, so each new SetChargingProfile replaces the previous one,
 * TxProfile or TxDefaultProfile alike (OCPP 1.6 §3.13.2), and leaves other ids alone.
 */
export const SOLAR_PROFILE_ID = 33_001;
/**
 * Above the site limit's profile (stack level 1, smart-charging/profiles.ts), which it replaces on its
 * connector: the controller's limit is itself within the charger's share of the site limit.
 */
export const SOLAR_STACK_LEVEL = 2;

/**
 * SetChargingProfile.req: `limitA` per phase on `phases` phases for ever from `now` on `connectorId`;
 * a TxProfile of `transactionId` when there is one, else a TxDefaultProfile.
 */
export function solarProfile(
  limitA: number,
  phases: 1 | 3,
  connectorId: number,
  transactionId: number | null,
  now: Date,
): Record<string, unknown> {
  return {
    connectorId,
    csChargingProfiles: {
      chargingProfileId: SOLAR_PROFILE_ID,
      ...(transactionId === null ? {} : { transactionId }),
      stackLevel: SOLAR_STACK_LEVEL,
      chargingProfilePurpose: transactionId === null ? 'TxDefaultProfile' : 'TxProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: {
        startSchedule: now.toISOString(),
        chargingRateUnit: 'A',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: limitA, numberPhases: phases }],
      },
    },
  };
}
