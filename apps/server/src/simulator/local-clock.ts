/**
 * Local calendar of a site's time zone at any instant, fast enough to ask every simulated minute: the
 * UTC offset is looked up once per UTC hour (zone transitions fall on hour boundaries in every zone the
 * fleet uses) and the calendar fields once per local day.
 */
import { offsetAt } from '../shared/zoned-time';
import { dayOfYear } from './solar';

/** Local calendar fields of one instant. */
export interface LocalTime {
  /** Local days since 1970-01-01. */
  dayIndex: number;
  /** Minutes since local midnight (0..1439). */
  minuteOfDay: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** 0 = January. */
  month: number;
  /** 1..366. */
  doy: number;
  /** UTC offset in minutes (local − UTC). */
  offsetMin: number;
}

/** The clock of one IANA time zone. */
export function createLocalClock(timeZone: string): (tMs: number) => LocalTime {
  let hourKey = Number.NaN;
  let offsetMin = 0;
  let dayKey = Number.NaN;
  let day = { month: 0, doy: 1, weekday: 4 };

  return (tMs: number): LocalTime => {
    const h = Math.floor(tMs / 3_600_000);
    if (h !== hourKey) {
      hourKey = h;
      offsetMin = Math.round(offsetAt(h * 3_600_000, timeZone) / 60_000);
    }
    const localMin = Math.floor(tMs / 60_000) + offsetMin;
    const dayIndex = Math.floor(localMin / 1440);
    if (dayIndex !== dayKey) {
      dayKey = dayIndex;
      const d = new Date(dayIndex * 86_400_000);
      day = { month: d.getUTCMonth(), doy: dayOfYear(dayIndex), weekday: (((dayIndex + 4) % 7) + 7) % 7 };
    }
    return { dayIndex, minuteOfDay: localMin - dayIndex * 1440, offsetMin, ...day };
  };
}
