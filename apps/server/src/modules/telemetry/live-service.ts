/**
 * Live state of sites: each device's latest values and today's energy, and the site's energy flow
 * and totals. The hot path of list/real (every open browser polls it every 5 s): one query for the
 * latest values of all devices of the sites, one for today's counter baselines (usually cached), and
 * for devices without counters one for today's energy integrated from power (issue 12).
 */
import type { EnergySource } from '@ems/contract/api/energy';
import type { EnergyFlow, EnergyTotals } from '@ems/contract/api/station';
import { DEVICE_OFFLINE_AFTER_MS } from '@ems/contract/constants';
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import { startOfDayAt } from '../../shared/zoned-time';
import type { StationRow } from '../access/repo';
import { baselineCacheOf } from './baseline-cache';
import { counterDelta } from './counter-delta';
import { deriveFlow, deriveTotals, ENERGY_DEVICE_TYPES, meanSoc, sumByType } from './energy-flow';
import { loadPowerEnergy } from './energy-repo';
import { combineSources, powerDirection } from './energy-source';
import { type BaselineRequest, type LiveDeviceRow, loadLiveDevices } from './repo';

/** A device's latest values plus its state and today's counter energy (Wh). */
export interface LiveDevice extends LiveDeviceRow {
  online: boolean;
  todayInWh: number | null;
  todayOutWh: number | null;
  /** Where todayInWh comes from (issue 12): its counter, or integrated from power. */
  todaySource: 'counter' | 'power' | null;
}

/** A site's live state. */
export interface LiveSite {
  station: StationRow;
  devices: LiveDevice[];
  online: boolean;
  onlineCount: number;
  lastSeen: Date | null;
  flow: EnergyFlow;
  today: EnergyTotals;
  /** Source of `today` over the site's devices (issue 12). */
  todaySource: EnergySource;
}

/**
 * Live state of `stations` (access already checked), in their order. `withPoints` also loads each
 * device's SunSpec points (list/real without isSimple).
 */
export async function loadLiveSites(
  db: DbHandle,
  stations: readonly StationRow[],
  opts: { withPoints: boolean; now?: number },
): Promise<LiveSite[]> {
  const now = opts.now ?? Date.now();
  const rows = await loadLiveDevices(
    db,
    stations.map((s) => s.id),
    opts.withPoints,
  );
  const dayStart = new Map(stations.map((s) => [s.id, new Date(startOfDayAt(now, s.timeZone))]));
  const requests: BaselineRequest[] = [];
  for (const r of rows) {
    if (!ENERGY_DEVICE_TYPES.has(r.deviceType) || (r.eIn === null && r.eOut === null)) continue;
    requests.push({
      deviceId: r.deviceId,
      before: dayStart.get(r.stationId)!,
      eIn: r.eIn !== null,
      eOut: r.eOut !== null,
    });
  }
  // Issue 12: devices without a counter get today's energy integrated from power (one query, by index).
  const powerOnly = rows.filter(
    (r) =>
      ENERGY_DEVICE_TYPES.has(r.deviceType) &&
      r.ts !== null &&
      ((r.eIn === null && powerDirection(r.deviceType, 'eIn')) ||
        (r.eOut === null && powerDirection(r.deviceType, 'eOut'))),
  );
  // Up to the end of the local day at the latest (a day is at most 25 h; samples are never in the future).
  const dayEndAtLatest = new Date(now + 26 * 3_600_000);
  const [baselines, powerRows] = await Promise.all([
    baselineCacheOf(db).get(requests, now),
    loadPowerEnergy(
      db,
      powerOnly.map((r) => ({
        deviceId: r.deviceId,
        from: dayStart.get(r.stationId)!,
        until: dayEndAtLatest,
      })),
    ),
  ]);
  const power = new Map(powerOnly.map((r, i) => [r.deviceId, powerRows[i]!]));

  const byStation = new Map<number, LiveDevice[]>(stations.map((s) => [s.id, []]));
  for (const r of rows) {
    const base = baselines.get(r.deviceId);
    const p = power.get(r.deviceId);
    const fromPower = (counter: 'eIn' | 'eOut') => {
      const dir = powerDirection(r.deviceType, counter);
      if (!p || r[counter] !== null || dir === null) return null;
      // A device that reported today but made no step yet has 0 energy, not unknown.
      return (dir === 'pos' ? p.pos : p.neg) ?? 0;
    };
    const inCounter = base ? counterDelta(base.eIn, r.eIn) : null;
    const inPower = fromPower('eIn');
    byStation.get(r.stationId)?.push({
      ...r,
      online: r.lastSeenAt !== null && now - r.lastSeenAt.getTime() <= DEVICE_OFFLINE_AFTER_MS,
      todayInWh: inCounter ?? inPower,
      todayOutWh: (base ? counterDelta(base.eOut, r.eOut) : null) ?? fromPower('eOut'),
      todaySource: inCounter !== null ? 'counter' : inPower !== null ? 'power' : null,
    });
  }
  return stations.map((station) => summarizeSite(station, byStation.get(station.id) ?? []));
}

/** Adds up one site's devices into its live state. */
export function summarizeSite(station: StationRow, devices: LiveDevice[]): LiveSite {
  const typed = (pick: (d: LiveDevice) => number | null, filter: (d: LiveDevice) => boolean = () => true) =>
    devices.filter(filter).map((d) => ({ type: d.deviceType as DeviceType, value: pick(d) }));
  const counters = (d: LiveDevice) => ENERGY_DEVICE_TYPES.has(d.deviceType);
  const lastSeen = devices.reduce<Date | null>(
    (m, d) => (d.lastSeenAt && (!m || d.lastSeenAt > m) ? d.lastSeenAt : m),
    null,
  );
  const onlineCount = devices.filter((d) => d.online).length;
  return {
    station,
    devices,
    online: onlineCount > 0,
    onlineCount,
    lastSeen,
    flow: deriveFlow(sumByType(typed((d) => d.w)), meanSoc(typed((d) => d.soc))),
    today: deriveTotals({
      eIn: sumByType(typed((d) => d.todayInWh, counters)),
      eOut: sumByType(typed((d) => d.todayOutWh, counters)),
    }),
    todaySource: combineSources(devices.filter(counters).map((d) => d.todaySource)),
  };
}
