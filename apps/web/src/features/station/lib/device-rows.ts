/**
 * Rows of the station's device table: the device list of baseinfo merged with the live values of
 * list/real, faults first, then by kind (inverter, battery, meter, charger, UPS, sensor) and name.
 */
import type { DeviceInfo, DeviceReal } from '@ems/contract/api/station';

/** One row of the device table. */
export interface DeviceRow {
  deviceId: number;
  name: string;
  type: DeviceInfo['type'];
  model: string | null;
  online: boolean;
  fault: boolean;
  /** Active power in W (points.W), null when the device does not report it. */
  powerW: number | null;
  todayKwh: number | null;
  /** Last sample time (or last contact), ISO-8601. */
  lastUpdate: string | null;
  /** Since when the device is offline (its last contact), null while online. */
  offlineSince: string | null;
}

const KIND_ORDER: Record<DeviceInfo['type'], number> = {
  inverter: 0,
  battery: 1,
  meter: 2,
  charger: 3,
  ups: 4,
  sensor: 5,
  gateway: 6,
};

/** SunSpec model 103 `St` 7 is FAULT; chargers report OCPP's "Faulted"; any text naming a fault counts. */
export function isFault(points: DeviceReal['points'] | undefined): boolean {
  if (!points) return false;
  for (const key of ['St', 'ConnectorStatus', 'ChaSt']) {
    const v = points[key];
    if (key === 'St' && v === 7) return true;
    if (typeof v === 'string' && /fault/i.test(v)) return true;
  }
  return false;
}

function numberPoint(points: DeviceReal['points'] | undefined, key: string): number | null {
  const v = points?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Merges and sorts; a device without live values keeps its baseinfo state. */
export function deviceRows(
  devices: readonly DeviceInfo[],
  real: readonly DeviceReal[] | undefined,
): DeviceRow[] {
  const live = new Map((real ?? []).map((d) => [d.deviceId, d]));
  const rows = devices.map((d): DeviceRow => {
    const r = live.get(d.deviceId);
    const online = r ? r.online : d.online;
    const lastSeen = r?.lastSeen ?? d.lastSeen;
    return {
      deviceId: d.deviceId,
      name: d.name,
      type: d.type,
      model: d.model,
      online,
      fault: isFault(r?.points),
      powerW: numberPoint(r?.points, 'W'),
      todayKwh: r?.todayKwh ?? null,
      lastUpdate: r?.ts ?? lastSeen,
      offlineSince: online ? null : lastSeen,
    };
  });
  return rows.sort(
    (a, b) =>
      Number(b.fault) - Number(a.fault) ||
      KIND_ORDER[a.type] - KIND_ORDER[b.type] ||
      a.name.localeCompare(b.name),
  );
}
