/**
 * Smart charging of a simulated OCPP 1.6 charger (issue 22 item 6): the charging profiles the central
 * system installs (SetChargingProfile), removes (ClearChargingProfile) and asks for (GetCompositeSchedule),
 * and the power limit they put on the charger at an instant. As OCPP 1.6 §3.13 stacks them: per purpose
 * the valid profile of the highest stackLevel counts; a TxProfile overrides the TxDefaultProfile during
 * its transaction; the ChargePointMaxProfile caps both. Limits in A are turned into W at 230 V per phase.
 */

/** One ChargingSchedulePeriod: from startPeriod seconds after the schedule's start. */
interface Period {
  startPeriod: number;
  limit: number;
  numberPhases?: number;
}

/** OCPP 1.6 ChargingProfile (the fields the simulator uses). */
export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: {
    duration?: number;
    startSchedule?: string;
    chargingRateUnit: 'A' | 'W';
    chargingSchedulePeriod: Period[];
  };
}

/** ClearChargingProfile.req: every given field must match. */
export interface ClearFilter {
  id?: number;
  connectorId?: number;
  chargingProfilePurpose?: string;
  stackLevel?: number;
}

/** The running transaction as the profiles see it. */
export interface TxInfo {
  transactionId: number;
  startMs: number;
}

interface Installed {
  connectorId: number;
  profile: ChargingProfile;
  /** When it was installed: the start of an Absolute schedule without startSchedule. */
  setAtMs: number;
}

const VOLTS = 230;
const DEFAULT_PHASES = 3;
const DAY_MS = 86_400_000;

const toW = (unit: 'A' | 'W', p: Period) =>
  unit === 'W' ? p.limit : p.limit * VOLTS * (p.numberPhases ?? DEFAULT_PHASES);

/** Start (ms) of the schedule period containing `nowMs`, or null when the profile has none then. */
function scheduleStart(i: Installed, nowMs: number, tx: TxInfo | null): number | null {
  const s = i.profile.chargingSchedule;
  const given = s.startSchedule ? Date.parse(s.startSchedule) : i.setAtMs;
  switch (i.profile.chargingProfileKind) {
    case 'Relative':
      return tx ? tx.startMs : nowMs;
    case 'Recurring': {
      const every = i.profile.recurrencyKind === 'Weekly' ? 7 * DAY_MS : DAY_MS;
      return given + Math.floor((nowMs - given) / every) * every;
    }
    default:
      return given;
  }
}

/** The limit (W) profile `i` sets at `nowMs`, or null when it sets none then. */
function limitOf(i: Installed, nowMs: number, tx: TxInfo | null): number | null {
  const p = i.profile;
  if (p.validFrom && Date.parse(p.validFrom) > nowMs) return null;
  if (p.validTo && Date.parse(p.validTo) <= nowMs) return null;
  const start = scheduleStart(i, nowMs, tx);
  if (start === null || start > nowMs) return null;
  const elapsedS = (nowMs - start) / 1000;
  const s = p.chargingSchedule;
  if (s.duration !== undefined && elapsedS >= s.duration) return null;
  const period = s.chargingSchedulePeriod.filter((x) => x.startPeriod <= elapsedS).at(-1);
  return period ? toW(s.chargingRateUnit, period) : null;
}

/** Profiles installed on one charger (connector 1 and the charger as a whole, connector 0). */
export class ChargingProfiles {
  private installed: Installed[] = [];

  /**
   * SetChargingProfile: installs `profile` on `connectorId`, replacing one of the same id, or of the same
   * purpose and stack level. A TxProfile needs a running transaction on a connector (OCPP 1.6 §5.16).
   */
  set(
    connectorId: number,
    profile: ChargingProfile,
    tx: TxInfo | null,
    nowMs = Date.now(),
  ): 'Accepted' | 'Rejected' {
    if (profile.chargingProfilePurpose === 'TxProfile' && (connectorId === 0 || !tx)) return 'Rejected';
    if (profile.chargingProfilePurpose === 'ChargePointMaxProfile' && connectorId !== 0) return 'Rejected';
    this.installed = this.installed.filter(
      (i) =>
        i.profile.chargingProfileId !== profile.chargingProfileId &&
        !(
          i.profile.chargingProfilePurpose === profile.chargingProfilePurpose &&
          i.profile.stackLevel === profile.stackLevel
        ),
    );
    this.installed.push({ connectorId, profile, setAtMs: nowMs });
    return 'Accepted';
  }

  /** ClearChargingProfile: removes every profile matching the filter. */
  clear(f: ClearFilter): 'Accepted' | 'Unknown' {
    const matches = (i: Installed) =>
      (f.id === undefined || i.profile.chargingProfileId === f.id) &&
      (f.connectorId === undefined || i.connectorId === f.connectorId) &&
      (f.chargingProfilePurpose === undefined ||
        i.profile.chargingProfilePurpose === f.chargingProfilePurpose) &&
      (f.stackLevel === undefined || i.profile.stackLevel === f.stackLevel);
    const before = this.installed.length;
    this.installed = this.installed.filter((i) => !matches(i));
    return this.installed.length < before ? 'Accepted' : 'Unknown';
  }

  /** A transaction ended: its TxProfiles go with it (OCPP 1.6 §3.13.2). */
  endTransaction(): void {
    this.installed = this.installed.filter((i) => i.profile.chargingProfilePurpose !== 'TxProfile');
  }

  /** The highest-stack limit (W) of `purpose` at `nowMs`, or null. */
  private top(purpose: ChargingProfile['chargingProfilePurpose'], nowMs: number, tx: TxInfo | null) {
    const valid = this.installed
      .filter((i) => i.profile.chargingProfilePurpose === purpose)
      .filter(
        (i) =>
          purpose !== 'TxProfile' ||
          i.profile.transactionId === undefined ||
          i.profile.transactionId === tx?.transactionId,
      )
      .map((i) => ({ level: i.profile.stackLevel, w: limitOf(i, nowMs, tx) }))
      .filter((x): x is { level: number; w: number } => x.w !== null)
      .sort((a, b) => b.level - a.level);
    return valid[0]?.w ?? null;
  }

  /** The charger's power limit (W) at `nowMs`: Infinity when no profile limits it. */
  limitW(nowMs: number, tx: TxInfo | null): number {
    const txLimit = (tx ? this.top('TxProfile', nowMs, tx) : null) ?? this.top('TxDefaultProfile', nowMs, tx);
    const max = this.top('ChargePointMaxProfile', nowMs, tx);
    return Math.min(txLimit ?? Number.POSITIVE_INFINITY, max ?? Number.POSITIVE_INFINITY);
  }

  /**
   * GetCompositeSchedule: the limits of the next `durationS` seconds as one schedule, in `unit`, never
   * above the charger's rating; a new period wherever an installed period starts and the limit changes.
   */
  composite(nowMs: number, durationS: number, unit: 'A' | 'W', ratedW: number, tx: TxInfo | null) {
    const bounds = new Set<number>([0]);
    for (const i of this.installed) {
      const start = scheduleStart(i, nowMs, tx);
      if (start === null) continue;
      for (const p of i.profile.chargingSchedule.chargingSchedulePeriod) {
        const at = Math.round((start + p.startPeriod * 1000 - nowMs) / 1000);
        if (at > 0 && at < durationS) bounds.add(at);
      }
    }
    const periods: Period[] = [];
    for (const at of [...bounds].sort((a, b) => a - b)) {
      const w = Math.min(ratedW, this.limitW(nowMs + at * 1000, tx));
      const limit = unit === 'W' ? Math.round(w) : Math.round((w / (VOLTS * DEFAULT_PHASES)) * 10) / 10;
      if (periods.at(-1)?.limit !== limit) periods.push({ startPeriod: at, limit });
    }
    return {
      duration: durationS,
      startSchedule: new Date(nowMs).toISOString(),
      chargingRateUnit: unit,
      chargingSchedulePeriod: periods,
    };
  }
}
