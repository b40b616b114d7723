/**
 * Live state of sites: each device's latest values and today's energy, and the site's energy flow
 * and totals. The hot path of list/real (every open browser polls it every 5 s): one query for the
 * latest values of all devices of the sites, one for today's counter baselines (usually cached).
 */
import type { EnergyFlow, EnergyTotals } from '@ems/contract/api/station';
import { DEVICE_OFFLINE_AFTER_MS } from '@ems/contract/constants';
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import { startOfDayAt } from '../../shared/zoned-time';
import type { StationRow } from '../access/repo';
import { baselineCacheOf } from './baseline-cache';
import { counterDelta } from './counter-delta';
import { deriveFlow, deriveTotals, ENERGY_DEVICE_TYPES, meanSoc, sumByType } from './energy-flow';
import { type BaselineRequest, type LiveDeviceRow, loadLiveDevices } from './repo';

/** A device's latest values plus its state and today's counter energy (Wh). */
export interface LiveDevice extends LiveDeviceRow {
  online: boolean;
  todayInWh: number | null;
  todayOutWh: number | null;
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
  const baselines = await baselineCacheOf(db).get(requests, now);

  const byStation = new Map<number, LiveDevice[]>(stations.map((s) => [s.id, []]));
  for (const r of rows) {
    const base = baselines.get(r.deviceId);
    byStation.get(r.stationId)?.push({
      ...r,
      online: r.lastSeenAt !== null && now - r.lastSeenAt.getTime() <= DEVICE_OFFLINE_AFTER_MS,
      todayInWh: base ? counterDelta(base.eIn, r.eIn) : null,
      todayOutWh: base ? counterDelta(base.eOut, r.eOut) : null,
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
  };
}
