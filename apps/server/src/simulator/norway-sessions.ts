/**
 * Sessions an OCPP demo charger replays (issue 22 item 6): the measured residential sessions of
 * Trondheim's apartment garages (profiles/ev-sessions.json, from /shared/data/ev-charging-residential-norway;
 * source and licence inside the file), drawn per local day exactly as the MQTT demo chargers draw them
 * (charger-model.ts plannedSession): plug-in at the recorded local time of day, the recorded kWh, the
 * recorded plug-in duration (at least as long as the energy takes at the session's power).
 */
import { type ChargerParams, plannedSession } from './charger-model';
import type { LocalTime } from './local-clock';
import { rand } from './random';

/** A session to replay: when the car plugs in (simulated ms), for how long, how much energy at what power. */
export interface ReplayedSession {
  startMs: number;
  plugMin: number;
  /** Energy to deliver, Wh (the recorded El_kWh × 1000). */
  wh: number;
  powerW: number;
}

const DAY_MS = 86_400_000;

/** Plug-in minutes, stretched so the energy fits at `powerW` (plus a minute of SuspendedEV). */
const plugMinOf = (durationMin: number, wh: number, powerW: number) =>
  Math.max(durationMin, Math.ceil((wh * 60) / powerW) + 1);

/**
 * The planned session whose plug-in instant lies in (fromMs, toMs] (simulated time), or null.
 * @param clock the site's local calendar (local-clock.ts).
 */
export function sessionStartingIn(
  p: ChargerParams,
  clock: (tMs: number) => LocalTime,
  fromMs: number,
  toMs: number,
): ReplayedSession | null {
  const first = clock(fromMs + 1).dayIndex;
  const last = clock(toMs).dayIndex;
  for (let day = first; day <= last; day++) {
    const s = plannedSession(p, day);
    if (!s) continue;
    const localMs = day * DAY_MS + s.startMin * 60_000;
    const startMs = localMs - clock(localMs).offsetMin * 60_000;
    if (startMs > fromMs && startMs <= toMs) {
      return { startMs, plugMin: plugMinOf(s.durationMin, s.wh, s.powerW), wh: s.wh, powerW: s.powerW };
    }
  }
  return null;
}

/** The `n`-th session of a remote start (RemoteStartTransaction): a recorded session drawn by `n`. */
export function remoteSession(p: ChargerParams, n: number, startMs: number): ReplayedSession {
  const s = p.sessions[Math.floor(rand(p.seed ^ 0x2c1b3c6d, n) * p.sessions.length)]!;
  const powerW = Math.min(p.ratedW, 7000 + 4000 * rand(p.seed ^ 0x297a2d39, n));
  return { startMs, plugMin: plugMinOf(Math.min(s[2], 20 * 60), s[3], powerW), wh: s[3], powerW };
}
