/**
 * Dashboard figures (UX.md "Dashboard") computed from the site list of one system type: site counts,
 * power now and energy today (sums of what is known; null when nothing is), average SOC, capacity.
 * Also the order and search of the site table: sites with active alarms first.
 */
import type { StationSummary } from '@ems/contract/api/station';

/** Figures of the KPI cards; null where nothing is known. */
export interface DashboardKpis {
  sites: number;
  online: number;
  offline: number;
  powerW: number | null;
  todayKwh: number | null;
  avgSoc: number | null;
  capacityKwp: number;
}

function sumKnown(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
}

/** Computes the KPI figures of a site list. */
export function dashboardKpis(rows: readonly StationSummary[]): DashboardKpis {
  const online = rows.filter((r) => r.online).length;
  const socs = rows.map((r) => r.soc).filter((v): v is number => v !== null);
  return {
    sites: rows.length,
    online,
    offline: rows.length - online,
    powerW: sumKnown(rows.map((r) => r.powerW)),
    todayKwh: sumKnown(rows.map((r) => r.todayKwh)),
    avgSoc: socs.length ? socs.reduce((a, b) => a + b, 0) / socs.length : null,
    capacityKwp: rows.reduce((a, r) => a + r.capacity, 0),
  };
}

/** Chargers charging out of all chargers of the listed sites (the server counts each site). */
export function chargersCharging(rows: readonly StationSummary[]): { charging: number; total: number } {
  return {
    charging: rows.reduce((a, r) => a + r.chargersCharging, 0),
    total: rows.reduce((a, r) => a + r.chargerCount, 0),
  };
}

/** Sites with active alarms first (worst level first), then by name. */
export function sortSites(rows: readonly StationSummary[]): StationSummary[] {
  return [...rows].sort(
    (a, b) =>
      (b.worstAlarmLevel ?? 0) - (a.worstAlarmLevel ?? 0) || a.stationName.localeCompare(b.stationName),
  );
}

/** Case-insensitive search over name, address and country. */
export function filterSites(rows: readonly StationSummary[], text: string): StationSummary[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((r) =>
    [r.stationName, r.address, r.country].some((field) => field.toLowerCase().includes(needle)),
  );
}
