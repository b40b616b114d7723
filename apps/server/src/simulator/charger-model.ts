/**
 * AC charger replaying measured residential sessions (profiles/ev-sessions.json): on most local days a
 * session is drawn (per charger, deterministic); the car plugs in at the session's recorded local time,
 * charges at 7–11 kW (within the charger's rating) until the session's kWh are delivered, then stays
 * plugged without drawing power until the recorded plug-in duration ends. A session that would start
 * while the previous car is still plugged in is skipped.
 */
import type { LocalTime } from './local-clock';
import type { EvSession } from './profiles';
import { rand } from './random';

/** A charger's fixed parameters. */
export interface ChargerParams {
  seed: number;
  ratedW: number;
  sessions: readonly EvSession[];
  /** Share of local days with a session (default SESSION_DAY_SHARE). */
  dayShare?: number;
}

/** Mutable state of a charger (part of the simulator snapshot). */
export interface ChargerState {
  /** End of the plug-in period (ms), 0 when no car is plugged in. */
  plugUntilMs: number;
  targetWh: number;
  deliveredWh: number;
  sessionW: number;
}

/** OCPP 1.6 ChargePointStatus words used by the simulator. */
export type ConnectorStatus = 'Available' | 'Charging' | 'SuspendedEV';

/** Share of local days with a session. */
const SESSION_DAY_SHARE = 0.75;
const MAX_PLUG_MIN = 20 * 60;

/** The session planned for a local day, or null (no car that day). */
export function plannedSession(p: ChargerParams, localDayIndex: number) {
  if (rand(p.seed, localDayIndex) >= (p.dayShare ?? SESSION_DAY_SHARE)) return null;
  const s = p.sessions[Math.floor(rand(p.seed ^ 0x68e31da4, localDayIndex) * p.sessions.length)]!;
  const powerW = Math.min(p.ratedW, 7000 + 4000 * rand(p.seed ^ 0xb5297a4d, localDayIndex));
  return { startMin: s[0], durationMin: Math.min(MAX_PLUG_MIN, s[2]), wh: s[3], powerW };
}

/** A charger with no car. */
export function idleCharger(): ChargerState {
  return { plugUntilMs: 0, targetWh: 0, deliveredWh: 0, sessionW: 0 };
}

/**
 * One step of `dtS` seconds starting at `tMs`, without changing `s`.
 * @returns the step's charging power (W) and the state after the step.
 */
export function stepCharger(
  p: ChargerParams,
  s: ChargerState,
  local: LocalTime,
  tMs: number,
  dtS: number,
): { w: number; next: ChargerState } {
  let next = s.plugUntilMs > 0 && tMs >= s.plugUntilMs ? idleCharger() : { ...s };
  if (next.plugUntilMs === 0) {
    const planned = plannedSession(p, local.dayIndex);
    if (planned && planned.startMin === local.minuteOfDay) {
      next = {
        plugUntilMs: tMs + planned.durationMin * 60_000,
        targetWh: planned.wh,
        deliveredWh: 0,
        sessionW: planned.powerW,
      };
    }
  }
  if (next.plugUntilMs === 0 || next.deliveredWh >= next.targetWh) return { w: 0, next };
  const w = Math.min(next.sessionW, ((next.targetWh - next.deliveredWh) * 3600) / dtS);
  next.deliveredWh += (w * dtS) / 3600;
  return { w, next };
}

/** Connector status for a state and the step's power. */
export function connectorStatus(s: ChargerState, w: number): ConnectorStatus {
  if (s.plugUntilMs === 0) return 'Available';
  return w > 0 ? 'Charging' : 'SuspendedEV';
}
