/**
 * A replayed day for the solar-charging controller's tests and benchmark (issue 33): measured PV (SMA Sunny
 * Boy 7000TL-US, 5-minute AC power: /work/shared/data/pv-residential-sma7kw-taefc1044741/SOURCE.md),
 * a household on BDEW's H25 profile (/work/shared/data/bdew-standard-load-profiles/SOURCE.md, 4,000 kWh a
 * year) with appliances switching on and off and noise, and one car that draws what it was told one sample
 * later (a charger applies a profile within seconds; the meter reports every 5 s).
 */
import { readFileSync } from 'node:fs';
import { seededRandom } from '../../../shared/seeded-random';
import { type SolarCharger, type SolarTimer, solarStep } from './controller';

const PV_FILE = '/work/shared/data/pv-residential-sma7kw-taefc1044741/TAEFC1044741.csv';
const H25_FILE = '/work/shared/data/bdew-standard-load-profiles/h25.csv';
/** The PV file's clock behaves like UTC for a western-US site (SOURCE.md): local time is 7 h behind in summer. */
const LOCAL_OFFSET_H = -7;
/** Seconds between meter samples (docs/device-protocol.md: every 5 s). */
export const STEP_S = 5;

/** PV power of one day, W, every STEP_S seconds (linear between the file's 5-minute rows), from its first row. */
export function pvDay(date: string): { startMs: number; w: number[] } {
  const rows: { ts: number; w: number }[] = [];
  for (const line of readFileSync(PV_FILE, 'utf8').split('\n').slice(1)) {
    const cols = line.split(',');
    if (cols.length < 5 || !cols[2]!.startsWith(date)) continue;
    const kw = Number(cols[4]);
    if (!Number.isFinite(kw) || kw < -1000) continue;
    rows.push({ ts: Date.parse(`${cols[2]!.replace(' ', 'T')}Z`), w: Math.max(0, kw * 1000) });
  }
  rows.sort((a, b) => a.ts - b.ts);
  if (rows.length < 2) throw new Error(`no PV rows on ${date}`);
  const out: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    for (let t = a.ts; t < b.ts; t += STEP_S * 1000)
      out.push(a.w + ((b.w - a.w) * (t - a.ts)) / (b.ts - a.ts));
  }
  return { startMs: rows[0]!.ts, w: out };
}

/** H25 June working day, W per quarter-hour of the local day, for 4,000 kWh a year (SOURCE.md: × 0.004 × 4). */
function h25JuneWorkday(): number[] {
  const lines = readFileSync(H25_FILE, 'utf8').trim().split('\n').slice(2);
  // Columns: label, then 12 months × (SA, FT, WT); June working day is month 6's third.
  return lines.map((l) => Number(l.split(',')[1 + 5 * 3 + 2]) * 0.004 * 4 * 1000);
}

/**
 * House load, W, at each step from `startMs`: H25 plus appliances (a kettle, an oven, a washing machine, a
 * dishwasher and random short loads of 0.5–2 kW for 1–10 minutes about every 20 minutes) plus ±80 W noise.
 */
export function houseLoad(startMs: number, steps: number, seed = 33): number[] {
  const base = h25JuneWorkday();
  const rand = seededRandom(seed);
  const extra = new Float64Array(steps);
  const add = (fromStep: number, minutes: number, w: number) => {
    for (let i = Math.max(0, fromStep); i < Math.min(steps, fromStep + (minutes * 60) / STEP_S); i++)
      extra[i]! += w;
  };
  const perHour = 3600 / STEP_S;
  add(Math.floor(perHour * 1.5), 3, 2000); // kettle
  add(Math.floor(perHour * 4), 45, 2200); // oven
  add(Math.floor(perHour * 2.5), 25, 2000); // washing machine heating
  add(Math.floor(perHour * 6), 30, 1800); // dishwasher heating
  for (let i = 0; i < steps; i += Math.floor(perHour / 3)) {
    if (rand() < 0.6) add(i + Math.floor(rand() * perHour * 0.3), 1 + rand() * 9, 500 + rand() * 1500);
  }
  return Array.from({ length: steps }, (_, i) => {
    const localH = ((((startMs + i * STEP_S * 1000) / 3_600_000 + LOCAL_OFFSET_H) % 24) + 24) % 24;
    return base[Math.floor(localH * 4) % 96]! + extra[i]! + (rand() - 0.5) * 160;
  });
}

/** What a replayed day did, kWh and counts. */
export interface ReplayResult {
  chargedKwh: number;
  /** Grid energy the car caused: at each step min(car draw, grid purchase). */
  gridForCarKwh: number;
  /** Surplus (PV − house) while it was at or above the car's minimum power. */
  usableSurplusKwh: number;
  /** The car's draw out of that surplus, at the same steps. */
  usedSurplusKwh: number;
  starts: number;
}

/**
 * Replays `pv` and `house` (W per STEP_S step) with one car on `charger` (mode pv or minpv): each step the
 * meter reads `house + car − pv`, the controller decides, and the car draws the decision from the next step.
 */
export function replay(
  startMs: number,
  pv: readonly number[],
  house: readonly number[],
  charger: Omit<SolarCharger, 'drawW'>,
  delays = { enableDelayS: 60, disableDelayS: 180 },
): ReplayResult {
  let timers = new Map<number, SolarTimer>();
  let draw = 0;
  const r: ReplayResult = {
    chargedKwh: 0,
    gridForCarKwh: 0,
    usableSurplusKwh: 0,
    usedSurplusKwh: 0,
    starts: 0,
  };
  const minW = charger.minCurrentA * charger.phases * 230;
  const kwh = (w: number) => (w * STEP_S) / 3_600_000;
  for (let i = 0; i < pv.length; i++) {
    const nowMs = startMs + i * STEP_S * 1000;
    const grid = house[i]! + draw - pv[i]!;
    const surplus = Math.max(0, pv[i]! - house[i]!);
    r.chargedKwh += kwh(draw);
    r.gridForCarKwh += kwh(Math.min(draw, Math.max(0, grid)));
    if (surplus >= minW) {
      r.usableSurplusKwh += kwh(surplus);
      r.usedSurplusKwh += kwh(Math.min(draw, surplus));
    }
    const step = solarStep({
      nowMs,
      grid: { w: grid, atMs: nowMs },
      battery: null,
      siteLimitW: null,
      batteryPrioritySoc: 80,
      ...delays,
      chargers: [{ ...charger, drawW: draw }],
      timers,
    });
    timers = step.timers;
    const next = step.decisions[0]!.limitW;
    if (draw === 0 && next > 0) r.starts++;
    draw = next;
  }
  return r;
}
