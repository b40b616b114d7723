/**
 * OCPP 1.6 MeterValues → the platform's charger points (docs/device-protocol.md: W, WH, A, V). Sampled
 * values are strings with a measurand (default Energy.Active.Import.Register), a unit (default Wh or W)
 * and maybe a phase; the platform keeps the charger's total: a value without phase when given, else the
 * phases added up (power, energy) or the largest phase (current) or the first (voltage).
 */

/** One OCPP SampledValue. */
export interface SampledValue {
  value: string;
  context?: string;
  format?: string;
  measurand?: string;
  phase?: string;
  location?: string;
  unit?: string;
}

type Point = 'W' | 'WH' | 'A' | 'V';

const MEASURANDS: Record<string, { point: Point; combine: 'sum' | 'max' | 'first' }> = {
  'Energy.Active.Import.Register': { point: 'WH', combine: 'sum' },
  'Power.Active.Import': { point: 'W', combine: 'sum' },
  'Current.Import': { point: 'A', combine: 'max' },
  Voltage: { point: 'V', combine: 'first' },
};

/** Factor from an OCPP UnitOfMeasure to the point's unit (kWh → Wh, kW → W); undefined for another unit. */
function factor(point: Point, unit: string | undefined): number | undefined {
  if (point === 'WH') return unit === undefined || unit === 'Wh' ? 1 : unit === 'kWh' ? 1000 : undefined;
  if (point === 'W') return unit === undefined || unit === 'W' ? 1 : unit === 'kW' ? 1000 : undefined;
  if (point === 'A') return unit === undefined || unit === 'A' ? 1 : undefined;
  return unit === undefined || unit === 'V' ? 1 : undefined;
}

/**
 * The points of one MeterValue's sampled values (W, WH in Wh, A, V); values measured at the EV or in the
 * charger's body, signed data and numbers that do not parse are left out.
 */
export function pointsOfSampledValues(values: readonly SampledValue[]): Partial<Record<Point, number>> {
  const whole = new Map<Point, number>();
  const phases = new Map<Point, number[]>();
  for (const v of values) {
    const m = MEASURANDS[v.measurand ?? 'Energy.Active.Import.Register'];
    if (!m || v.format === 'SignedData' || v.location === 'EV' || v.location === 'Body') continue;
    const f = factor(m.point, v.unit);
    const n = Number(v.value);
    if (f === undefined || v.value.trim() === '' || !Number.isFinite(n)) continue;
    if (v.phase === undefined) whole.set(m.point, n * f);
    else if (!v.phase.includes('-L') && v.phase !== 'N')
      phases.set(m.point, [...(phases.get(m.point) ?? []), n * f]);
  }
  const out: Partial<Record<Point, number>> = {};
  for (const m of Object.values(MEASURANDS)) {
    const w = whole.get(m.point);
    const ps = phases.get(m.point);
    if (w !== undefined) out[m.point] = w;
    else if (ps?.length) {
      out[m.point] =
        m.combine === 'sum' ? ps.reduce((a, b) => a + b, 0) : m.combine === 'max' ? Math.max(...ps) : ps[0]!;
    }
  }
  return out;
}
