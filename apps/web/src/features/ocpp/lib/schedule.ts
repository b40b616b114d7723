/**
 * Reading a GetCompositeSchedule.conf (OCPP 1.6 §6.21, kept whole in the command's `result`) as the
 * periods the card lists: each period's start (epoch ms) and power or current limit.
 */

/** One period of a composite schedule: from `startMs` on, at most `limit` `unit` (W or A). */
export interface SchedulePeriod {
  startMs: number | null;
  limit: number;
  unit: 'W' | 'A';
  numberPhases: number | null;
}

function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/**
 * The periods of answer `result`, in the charger's order; [] when the answer holds no schedule (status
 * Rejected, or none planned). A period's start is scheduleStart (or the schedule's startSchedule) plus
 * its startPeriod seconds; null when the charger gave no start time.
 */
export function schedulePeriods(result: Record<string, unknown> | null): SchedulePeriod[] {
  const schedule = record(result?.chargingSchedule);
  if (!schedule || !Array.isArray(schedule.chargingSchedulePeriod)) return [];
  const startText = (result?.scheduleStart ?? schedule.startSchedule) as unknown;
  const base = typeof startText === 'string' ? Date.parse(startText) : Number.NaN;
  const unit = schedule.chargingRateUnit === 'A' ? 'A' : 'W';
  return schedule.chargingSchedulePeriod.flatMap((p) => {
    const period = record(p);
    if (!period || typeof period.limit !== 'number') return [];
    const offset = typeof period.startPeriod === 'number' ? period.startPeriod : 0;
    return [
      {
        startMs: Number.isNaN(base) ? null : base + offset * 1000,
        limit: period.limit,
        unit,
        numberPhases: typeof period.numberPhases === 'number' ? period.numberPhases : null,
      },
    ];
  });
}
