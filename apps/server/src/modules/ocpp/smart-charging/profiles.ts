/**
 * The OCPP 1.6 calls of smart charging (issue 22 item 5, OCPP 1.6 §3.13 and §5.16): a charger's share of
 * the site limit as a TxDefaultProfile on connector 0, and its removal when the limit is lifted.
 */

/**
 * The id of the site limit's profile on every charger: fixed, so each new SetChargingProfile replaces the
 * previous one (OCPP 1.6 §5.16.2) and ClearChargingProfile removes exactly it, leaving a profile the
 * charger's owner or vendor installed under another id alone.
 */
export const SITE_LIMIT_PROFILE_ID = 22_005;
/** Stack level of the site limit's profile: above level 0, where chargers keep their factory defaults. */
export const SITE_LIMIT_STACK_LEVEL = 1;

/** The calls smart charging makes, and what `send` receives (the command layer's arguments). */
export interface SmartChargingCall {
  deviceId: number;
  action: 'SetChargingProfile' | 'ClearChargingProfile';
  params: Record<string, unknown>;
  /** The platform's own call, not a user's. */
  userId: null;
}

/** Delivers one call to a charger (the command layer: a tracked command on the charger's socket). */
export type ChargerSend = (cmd: SmartChargingCall) => Promise<unknown>;

/**
 * Delivers many calls together (the command layer's batch: a few statements for all of them). @returns one
 * settled outcome per call, in order.
 */
export type ChargerSendMany = (
  cmds: readonly SmartChargingCall[],
) => Promise<PromiseSettledResult<unknown>[]>;

/** A ChargerSendMany made of one ChargerSend: the calls side by side (tests' fake senders). */
export function sendEach(send: ChargerSend): ChargerSendMany {
  return (cmds) => Promise.allSettled(cmds.map((c) => send(c)));
}

/**
 * The charger's limit per connector, W: a TxDefaultProfile on connector 0 is the default of each of its
 * connectors (OCPP 1.6 §3.13.2), so a charger with several outlets gets its share divided among them and
 * all of them together stay within it.
 */
export function perConnectorW(allocationW: number, outlets: number): number {
  return Math.floor(allocationW / Math.max(1, outlets));
}

/**
 * SetChargingProfile.req of the site limit: connector 0, TxDefaultProfile, Absolute from `now` with one
 * period of `limitW` watts for ever (no duration), so it holds until the next one replaces it.
 */
export function siteLimitProfile(limitW: number, now: Date): Record<string, unknown> {
  return {
    connectorId: 0,
    csChargingProfiles: {
      chargingProfileId: SITE_LIMIT_PROFILE_ID,
      stackLevel: SITE_LIMIT_STACK_LEVEL,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: {
        startSchedule: now.toISOString(),
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: limitW }],
      },
    },
  };
}

/** ClearChargingProfile.req removing the site limit's profile (and only it) when the limit is lifted. */
export function clearSiteLimit(): Record<string, unknown> {
  return { id: SITE_LIMIT_PROFILE_ID };
}
