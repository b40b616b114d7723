/** GET station/list/real: live energy flow, today's totals and device values of named sites. */
import type { DeviceReal, StationReal } from '@ems/contract/api/station';
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { requireStationsAccess } from '../access/station-access';
import { type LiveDevice, loadLiveSites } from './live-service';
import { kwh } from './power-unit';

/** Query of list/real as the contract's ListRealQuerySchema parses it (the fields used here). */
export interface ListRealQuery {
  stationIds: number[];
  isSimple?: boolean;
}

function deviceReal(d: LiveDevice): DeviceReal {
  return {
    deviceId: d.deviceId,
    type: d.deviceType as DeviceType,
    online: d.online,
    lastSeen: d.lastSeenAt?.toISOString() ?? null,
    ts: d.ts?.toISOString() ?? null,
    // A device's energy today is its main (e_in) counter: production, purchase, charge, delivery.
    todayKwh: kwh(d.todayInWh),
    // Left out when there is no figure, so a device that never reported keeps its original shape.
    ...(d.todaySource === null ? {} : { todaySource: d.todaySource }),
    points: d.points ?? {},
  };
}

/**
 * Live state of the named sites in the order given (spec §7 list/real). Values of offline devices
 * still show, with their lastSeen; missing data is null.
 * @throws AppError noPermission when any id is not the caller's (nothing of the others is returned).
 */
export async function listReal(
  db: DbHandle,
  user: SessionUser,
  query: ListRealQuery,
): Promise<StationReal[]> {
  const stations = await requireStationsAccess(db, user, query.stationIds);
  const sites = await loadLiveSites(db, stations, { withPoints: !query.isSimple });
  return sites.map((s) => ({
    stationId: s.station.id,
    online: s.online,
    lastSeen: s.lastSeen?.toISOString() ?? null,
    flow: s.flow,
    today: s.today,
    todaySource: s.todaySource,
    ...(query.isSimple ? {} : { devices: s.devices.map(deviceReal) }),
  }));
}
